export * from './lock.js';
export * from './scheduler.js';
