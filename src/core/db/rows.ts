// The two hot paths of a stored data set, done without Kysely's per-query work where that
// work costs more than the database: the lookup asked on every request (compiled once; on
// SQLite prepared once), and the load that writes a whole data set (on SQLite one prepared
// insert for every batch: Kysely prepares a new statement each time, and the native memory of
// thousands of statements, freed only when the garbage collector gets to them, added more
// than 100 MB to an import).

import type { Compilable, Kysely, Transaction } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';

/** A read query compiled once, run again with new values. */
export interface PreparedRead {
  /**
   * The rows for these values (given in the order the query's values appear in it), each
   * as the list of its columns' values in the order the query selects them: SQLite makes
   * such a list in a fraction of the time it takes to make an object with named fields.
   */
  rows(values: readonly unknown[]): Promise<unknown[][]>;
}

/** Rows written in batches inside one transaction (a data set's load). */
export interface RowWriter {
  /** Adds a row, its values in the order of the writer's columns; a full batch is written at once. */
  add(values: readonly unknown[]): Promise<void>;
  /** Writes the last, partial batch; returns how many rows were written in all. */
  finish(): Promise<number>;
}

// SQLite's oldest limit on bound values in one statement.
const MAX_VALUES = 999;
const MAX_ROWS = 100;

/** How many rows of `columns` one insert takes. */
export const batchRows = (columns: number) => Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns)));

/** Through Kysely: compiled once, run with new values (any dialect). */
export function kyselyPreparedRead(db: Kysely<any>, query: Compilable<unknown>): PreparedRead {
  const compiled = query.compile();
  // Both dialects give a row's fields in the order they were selected.
  return { rows: async (values) => (await db.executeQuery<object>({ ...compiled, parameters: values })).rows.map((r) => Object.values(r)) };
}

/** On a SQLite connection: prepared on first use (the table may not exist yet when made). */
export function sqlitePreparedRead(connection: () => BetterSqlite3.Database, query: Compilable<unknown>): PreparedRead {
  const { sql } = query.compile();
  let stmt: BetterSqlite3.Statement | undefined;
  return {
    async rows(values) {
      stmt ??= connection().prepare(sql).raw(true);
      return stmt.all(values) as unknown[][];
    },
  };
}

function checked(trx: Transaction<any>, columns: readonly string[]) {
  if (!trx.isTransaction) throw new Error('a row writer writes inside a transaction only');
  return (values: readonly unknown[]) => {
    if (values.length !== columns.length) throw new Error(`a row of ${values.length} values for ${columns.length} columns`);
  };
}

/** Through Kysely's transaction (any dialect). */
export function kyselyRowWriter(trx: Transaction<any>, table: string, columns: readonly string[]): RowWriter {
  const check = checked(trx, columns);
  const per = batchRows(columns.length);
  let batch: Record<string, unknown>[] = [];
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    await trx.insertInto(table).values(batch).execute();
    n += batch.length;
    batch = [];
  };
  return {
    async add(values) {
      check(values);
      const row: Record<string, unknown> = {};
      for (let k = 0; k < columns.length; k++) row[columns[k]] = values[k];
      batch.push(row);
      if (batch.length === per) await flush();
    },
    async finish() {
      await flush();
      return n;
    },
  };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * On the SQLite connection Kysely's transaction `trx` runs on: the statements run inside that
 * transaction (the connection is the transaction's while it lasts).
 */
export function sqliteRowWriter(connection: BetterSqlite3.Database, trx: Transaction<any>, table: string, columns: readonly string[]): RowWriter {
  const check = checked(trx, columns);
  const per = batchRows(columns.length);
  const insert = (rows: number) => {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    return connection.prepare(
      `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`,
    );
  };
  let full: BetterSqlite3.Statement | undefined;
  const values: unknown[] = [];
  let n = 0;
  return {
    async add(row) {
      check(row);
      for (const v of row) values.push(v);
      if (values.length < per * columns.length) return;
      (full ??= insert(per)).run(values);
      values.length = 0;
      n += per;
    },
    async finish() {
      const rows = values.length / columns.length;
      if (rows) insert(rows).run(values);
      values.length = 0;
      n += rows;
      return n;
    },
  };
}
