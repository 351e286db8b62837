export * from './errors.js';
export * from './http.js';
export * from './provider.js';
export * from './failover.js';
export * from './registry.js';
export * from './probe.js';
export * from './capture.js';
export * from './settings.js';
