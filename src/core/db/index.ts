export * from './database.js';
export { sql } from 'kysely';
