export * from './cache.js';
export * from './store.js';
