import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import type { ColumnType, Generated } from 'kysely';
import { openDatabase, tablesOf, type AppMigration, type Database } from './database.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { batchRows } from './rows.js';

const migrations: Record<string, AppMigration> = {
  test_0001_init: {
    async up(db, t) {
      await db.schema
        .createTable('reading')
        .addColumn('id', t.serial, (c) => c.primaryKey())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('value', t.float, (c) => c.notNull())
        .addColumn('meta', t.json)
        .addUniqueConstraint('reading_place_day', ['place', 'day'])
        .execute();
    },
  },
};

interface ReadingTables {
  reading: {
    id: Generated<number>;
    place: string;
    day: string;
    value: number;
    // jsonb reads back parsed on PostgreSQL, text on SQLite.
    meta: ColumnType<unknown, string | null | undefined, string | null>;
  };
}
const tables = (db: Database) => tablesOf<ReadingTables>(db);

describe.each(DIALECTS)('database on $name', (dialect) => {
  let drop: () => Promise<void> = async () => {};
  afterEach(async () => {
    await drop();
  });

  it('applies migrations once and records them', async () => {
    const db = await dialect.open();
    drop = db.drop;
    expect(await db.migrate(migrations)).toEqual(['test_0001_init']);
    expect(await db.migrate(migrations)).toEqual([]);
    expect(await db.ping()).toBe(true);
  });

  it('applies a later module migration whose name sorts earlier', async () => {
    const db = await dialect.open();
    drop = db.drop;
    await db.migrate(migrations);
    const later = { aaa_0001: { up: async (k: any) => void (await k.schema.createTable('aaa').addColumn('x', 'text').execute()) } };
    expect(await db.migrate({ ...migrations, ...later })).toEqual(['aaa_0001']);
  });

  it('round-trips floats, text dates and upserts the same way on both dialects', async () => {
    const db = await dialect.open();
    drop = db.drop;
    await db.migrate(migrations);
    const row = { place: 'Delhi', day: '2026-11-21', value: 94.72, meta: JSON.stringify({ src: 'x' }) };
    await tables(db).insertInto('reading').values(row).execute();
    await tables(db)
      .insertInto('reading')
      .values({ ...row, value: 95.01 })
      .onConflict((oc) => oc.columns(['place', 'day']).doUpdateSet({ value: 95.01 }))
      .execute();
    const got = await tables(db).selectFrom('reading').select(['place', 'day', 'value', 'id']).execute();
    expect(got).toEqual([{ place: 'Delhi', day: '2026-11-21', value: 95.01, id: 1 }]);
    expect(typeof got[0].id).toBe('number');
  });

  it('runs a read compiled once with new values, each row as its values in the order selected', async () => {
    const db = await dialect.open();
    drop = db.drop;
    await db.migrate(migrations);
    await tables(db)
      .insertInto('reading')
      .values([
        { place: 'Delhi', day: '2026-11-21', value: 94.72 },
        { place: 'Pune', day: '2026-11-21', value: 104.1 },
        { place: 'Pune', day: '2026-11-22', value: 104.3 },
      ])
      .execute();
    const byPlace = db.prepareRead(tables(db).selectFrom('reading').select(['day', 'value']).where('place', '=', '').orderBy('day'));
    expect(await byPlace.rows(['Pune'])).toEqual([
      ['2026-11-21', 104.1],
      ['2026-11-22', 104.3],
    ]);
    expect(await byPlace.rows(['Delhi'])).toEqual([['2026-11-21', 94.72]]);
    expect(await byPlace.rows(['Agra'])).toEqual([]);
  });

  it('writes rows in full batches and a last partial one inside a transaction, and nowhere else', async () => {
    const db = await dialect.open();
    drop = db.drop;
    await db.migrate(migrations);
    const count = batchRows(3) * 2 + 5;
    const written = await tables(db)
      .transaction()
      .execute(async (trx) => {
        const writer = db.rowWriter(trx, 'reading', ['place', 'day', 'value']);
        for (let i = 0; i < count; i++) await writer.add([`p${i}`, '2026-11-21', i / 4]);
        await expect(writer.add(['too few'])).rejects.toThrow(/1 values for 3 columns/);
        return writer.finish();
      });
    expect(written).toBe(count);
    const rows = await tables(db).selectFrom('reading').select(['place', 'value']).orderBy('value').execute();
    expect(rows).toHaveLength(count);
    expect(rows[count - 1]).toEqual({ place: `p${count - 1}`, value: (count - 1) / 4 });
    expect(() => db.rowWriter<ReadingTables, 'reading'>(tables(db) as never, 'reading', ['place'])).toThrow(/inside a transaction only/);
  });

  it('rolls back what a row writer wrote when its transaction fails', async () => {
    const db = await dialect.open();
    drop = db.drop;
    await db.migrate(migrations);
    await expect(
      tables(db)
        .transaction()
        .execute(async (trx) => {
          const writer = db.rowWriter(trx, 'reading', ['place', 'day', 'value']);
          for (let i = 0; i < batchRows(3) + 1; i++) await writer.add([`p${i}`, '2026-11-21', i]);
          await writer.finish();
          throw new Error('too short');
        }),
    ).rejects.toThrow('too short');
    expect(await tables(db).selectFrom('reading').selectAll().execute()).toEqual([]);
  });
});

describe('prepared reads on a SQLite file', () => {
  let dir: string;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('see the last committed rows, without waiting behind an open write transaction', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jankari-db-'));
    db = openDatabase(`sqlite:${join(dir, 'test.db')}`);
    await db.migrate(migrations);
    await tables(db).insertInto('reading').values({ place: 'Delhi', day: '2026-11-21', value: 1 }).execute();
    const byPlace = db.prepareRead(tables(db).selectFrom('reading').select('value').where('place', '=', ''));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    // A load in progress: the old row deleted, a new one written, not yet committed.
    const load = tables(db)
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('reading').execute();
        await trx.insertInto('reading').values({ place: 'Delhi', day: '2026-11-22', value: 2 }).execute();
        inside();
        await held;
      });
    await entered;
    expect(await byPlace.rows(['Delhi'])).toEqual([[1]]);
    release();
    await load;
    expect(await byPlace.rows(['Delhi'])).toEqual([[2]]);
  });

  it('fail as unavailable once the database is closed, and never open it again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jankari-db-'));
    const closing = openDatabase(`sqlite:${join(dir, 'test.db')}`);
    await closing.migrate(migrations);
    const asked = closing.prepareRead(tables(closing).selectFrom('reading').select('value').where('place', '=', ''));
    const never = closing.prepareRead(tables(closing).selectFrom('reading').select('day').where('place', '=', ''));
    expect(await asked.rows(['Delhi'])).toEqual([]);
    await closing.close();
    for (const read of [asked, never]) {
      const err = await read.rows(['Delhi']).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
  });
});
