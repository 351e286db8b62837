// One query layer over SQLite (default, a file under ./data) and PostgreSQL
// (DATABASE_URL=postgres://…). Modules write Kysely queries that run on both; the few
// places where the dialects differ (column types, upserts) go through `sql` here.
//
// Core knows no module's tables (it may not import a module): the shared handle `db` has
// none, so no query compiles on it. A module declares its tables in its `tables.ts` and
// asks for a handle typed with them, `tablesOf<ItsTables>(database)`, in its repository;
// a misspelt table or column then fails `npm run typecheck`. Migrations stay untyped
// (they create the tables the types describe).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Compilable, type Migration, type MigrationProvider, type Transaction } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import type Pg from 'pg';
import { lazyRequire } from '../lazy.js';
import { kyselyPreparedRead, kyselyRowWriter, sqlitePreparedRead, sqliteRowWriter, type PreparedRead, type RowWriter } from './rows.js';

export type { PreparedRead, RowWriter } from './rows.js';

export type DialectName = 'sqlite' | 'postgres';

/** Column types that mean the same on both dialects. */
export interface ColumnTypes {
  /** 64-bit float: `real` in SQLite, `double precision` in PostgreSQL. */
  float: 'real' | 'double precision';
  /** Auto-incrementing integer primary key. */
  serial: 'integer' | 'serial';
  /** JSON document: text in SQLite, jsonb in PostgreSQL (store with JSON.stringify on both). */
  json: 'text' | 'jsonb';
}

/** A migration that is told which dialect it runs on. Frozen once shipped. */
export interface AppMigration {
  up(db: Kysely<any>, types: ColumnTypes, dialect: DialectName): Promise<void>;
  down?(db: Kysely<any>): Promise<void>;
}

/** A table map with no table: the shared handle, on which no query compiles until typed. */
export type NoTables = Record<never, never>;

export interface Database {
  /** The shared handle, typed with no table: use `tablesOf<Tables>(database)` to query. */
  readonly db: Kysely<NoTables>;
  readonly dialect: DialectName;
  readonly types: ColumnTypes;
  ping(): Promise<boolean>;
  /**
   * A lookup asked on every request of an endpoint: built and compiled once (a Kysely query
   * costs more to build and compile than SQLite takes to answer it). The values written in
   * `query` only stand for the ones each run passes. On a SQLite file the statement is
   * prepared once on a second, read-only connection, which sees the last committed data and
   * never waits behind a write transaction (an import holds the one Kysely connection for
   * seconds).
   */
  prepareRead(query: Compilable<unknown>): PreparedRead;
  /**
   * Writes rows of `table` in batches inside the transaction `trx` (a data set's load): on
   * SQLite through one prepared insert, not a new statement per batch.
   */
  rowWriter<DB, T extends keyof DB & string>(trx: Transaction<DB>, table: T, columns: readonly (keyof DB[T] & string)[]): RowWriter;
  /** Applies every migration not yet applied (names are global: prefix them with the module). */
  migrate(migrations: Record<string, AppMigration>): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The shared handle typed with a module's tables (declared in its `tables.ts`): the same
 * connection, nothing built per call but a small wrapper, so take it once per repository.
 */
export function tablesOf<DB>(database: Pick<Database, 'db'>): Kysely<DB> {
  return database.db as unknown as Kysely<DB>;
}

const TYPES: Record<DialectName, ColumnTypes> = {
  sqlite: { float: 'real', serial: 'integer', json: 'text' },
  postgres: { float: 'double precision', serial: 'serial', json: 'jsonb' },
};

export function openDatabase(url: string, opts: { poolMax?: number } = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, opts.poolMax ?? 10);
}

function openSqlite(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  // WAL lets readers go on while a crawl writes; NORMAL sync is safe with WAL.
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
  // Opened on the first prepared read. An in-memory database is private to its connection,
  // so there prepared reads go through Kysely's connection like every other query.
  let reader: BetterSqlite3.Database | undefined;
  const readerDb = () => {
    // Never reopened once the database is closed (better-sqlite3's words, which read as "unavailable").
    if (!raw.open) throw new TypeError('The database connection is not open');
    if (!reader) {
      reader = new BetterSqlite3(path, { fileMustExist: true });
      reader.pragma('query_only = ON');
      reader.pragma('busy_timeout = 5000');
    }
    return reader;
  };
  // Kysely closes the handle only if it ever opened a connection: close it ourselves too.
  const wrapped = wrap(db, 'sqlite', () => {
    if (raw.open) raw.close();
    if (reader?.open) reader.close();
  });
  // Health probes ping often: a prepared statement on the handle costs a microsecond,
  // a query through Kysely re-prepares every time.
  const select1 = raw.prepare('select 1');
  return {
    ...wrapped,
    async ping() {
      try {
        return raw.open && select1.get() !== undefined;
      } catch {
        return false;
      }
    },
    prepareRead(query: Compilable<unknown>): PreparedRead {
      return path === ':memory:' || path === '' ? wrapped.prepareRead(query) : sqlitePreparedRead(readerDb, query);
    },
    rowWriter(trx: Transaction<any>, table: string, columns: readonly string[]): RowWriter {
      return sqliteRowWriter(raw, trx, table, columns);
    },
  };
}

// Loaded only by an instance configured with PostgreSQL (core/lazy.ts).
const loadPg = lazyRequire<typeof Pg>('pg');

function openPostgres(url: string, poolMax: number): Database {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5000,
    // int8 and numeric come back as numbers, as they do from SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that errors (server restart) must not crash the process; nor may a
  // checked-out one, which pg-pool leaves without a listener: the job lock holds one for a
  // whole crawl, and a restart or a session timeout would otherwise end the process. Its
  // next query fails instead, and the pool discards it when it is given back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, 'postgres');
}

function wrap(db: Kysely<any>, dialect: DialectName, afterClose: () => void = () => {}): Database {
  const types = TYPES[dialect];
  return {
    db,
    dialect,
    types,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    prepareRead: (query) => kyselyPreparedRead(db, query),
    rowWriter: (trx, table, columns) => kyselyRowWriter(trx, table, columns),
    async migrate(migrations) {
      const provider: MigrationProvider = {
        async getMigrations() {
          const out: Record<string, Migration> = {};
          for (const [name, m] of Object.entries(migrations)) {
            out[name] = { up: (k) => m.up(k, types, dialect), down: m.down };
          }
          return out;
        },
      };
      // Modules add migrations independently, so a new module's names may sort before
      // ones already applied: order is per module, not global.
      const migrator = new Migrator({
        db,
        provider,
        allowUnorderedMigrations: true,
        migrationTableName: 'jankari_migration',
        migrationLockTableName: 'jankari_migration_lock',
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    },
    async close() {
      await db.destroy();
      afterClose();
    },
  };
}
