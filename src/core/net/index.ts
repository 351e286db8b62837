export * from './ip.js';
export * from './guard.js';
export * from './url.js';
