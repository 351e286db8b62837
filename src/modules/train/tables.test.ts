// The row types of tables.ts are what `npm run typecheck` holds queries to: each query
// marked below as an expected type error is a misspelt table or column, and typecheck fails
// if it ever compiles (an unused expect-error directive is itself an error). The same queries spelt right compile
// to the SQL the migration's columns take.

import { describe, expect, it } from 'vitest';
import { openDatabase, tablesOf } from '../../core/db/index.js';
import type { TrainTables } from './tables.js';

describe('the train tables as types', () => {
  const database = openDatabase('sqlite::memory:');
  const db = tablesOf<TrainTables>(database);

  it('refuse a misspelt column or table, and compile the right spelling', async () => {
    // @ts-expect-error: "nmae" is no column of train_station.
    db.selectFrom('train_station').select('nmae');
    // @ts-expect-error: a where on a misspelt column.
    db.selectFrom('train_station').selectAll().where('name_cl', '=', 'delhi');
    // @ts-expect-error: an insert with a misspelt column.
    db.insertInto('train_station_load').values({ loaded_at: '2026-11-21T00:00:00Z', source: 'x', row: 1 });
    // @ts-expect-error: a misspelt table.
    db.selectFrom('train_stations').selectAll();
    // @ts-expect-error: a number where the column holds text.
    db.selectFrom('train_station').selectAll().where('code', '=', 12);

    const right = db.selectFrom('train_station').select(['code', 'name']).where('name_lc', 'like', '%delhi%').compile();
    expect(right.sql).toBe('select "code", "name" from "train_station" where "name_lc" like ?');
    await database.close();
  });
});
