import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import type { AppMigration } from './database.js';

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
    await db.db.insertInto('reading').values(row).execute();
    await db.db
      .insertInto('reading')
      .values({ ...row, value: 95.01 })
      .onConflict((oc: any) => oc.columns(['place', 'day']).doUpdateSet({ value: 95.01 }))
      .execute();
    const got = await db.db.selectFrom('reading').select(['place', 'day', 'value', 'id']).execute();
    expect(got).toEqual([{ place: 'Delhi', day: '2026-11-21', value: 95.01, id: 1 }]);
    expect(typeof got[0].id).toBe('number');
  });
});
