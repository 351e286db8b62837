// Column types as both drivers return them, for the row interfaces of each module's
// `tables.ts`. better-sqlite3 and pg agree on text (string), integer and serial (number),
// and `types.float` (number: pg parses float8 itself); int8 and numeric come back as numbers
// too (the pool's type parser in database.ts). They differ on `types.json` only.

import type { ColumnType } from 'kysely';

/**
 * A `types.json` column: text on SQLite, which reads back as the JSON string; jsonb on
 * PostgreSQL, which reads back parsed. Written as JSON text (JSON.stringify) on both.
 */
export type JsonColumn<T> = ColumnType<string | T, string, string>;
