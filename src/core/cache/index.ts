export * from './cache.js';
export * from './store.js';
export * from './breaker-store.js';
