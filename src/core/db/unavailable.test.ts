// Real driver errors, sorted into "the database is not there" (503) and "a bug" (500).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
};

describe('database unavailability', () => {
  it('counts SQLite busy and read-only files as unavailable, a bad query as a bug', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'jankari-db-')), 'x.db');
    const writer = new BetterSqlite3(file);
    writer.exec('create table t (x int)');
    writer.exec('begin immediate');
    const other = new BetterSqlite3(file, { timeout: 0 });
    expect(isDatabaseUnavailable(thrown(() => other.exec('insert into t values (1)')))).toBe(true);
    writer.exec('rollback');
    const readonly = new BetterSqlite3(file, { readonly: true });
    expect(isDatabaseUnavailable(thrown(() => readonly.exec('insert into t values (1)')))).toBe(true);
    expect(isDatabaseUnavailable(thrown(() => other.exec('select * from nowhere')))).toBe(false);
    for (const db of [writer, other, readonly]) db.close();
    expect(isDatabaseUnavailable(thrown(() => other.exec('select 1')))).toBe(true);
  });

  it('counts a refused PostgreSQL connection as unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'x', database: 'x', connectionTimeoutMillis: 2000 });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('does not count ordinary errors', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
  });
});
