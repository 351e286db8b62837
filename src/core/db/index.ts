export * from './database.js';
export type { JsonColumn } from './columns.js';
export { sql } from 'kysely';
export { isDatabaseUnavailable } from './unavailable.js';
export { waitForDatabase, DatabaseNotReady } from './wait.js';
