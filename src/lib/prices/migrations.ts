// The two tables every crawled price group keeps: one row per location, product and day,
// and one row per crawl run. Each module owns its pair under its own prefix
// (fuel_price / fuel_crawl_run, commodities_price / commodities_crawl_run).
// Frozen once shipped: change the schema with a new migration, never by editing this one.

import type { AppMigration } from '../../core/db/index.js';

export interface PriceTables<P extends string = string> {
  prices: `${P}_price`;
  runs: `${P}_crawl_run`;
}

export const priceTables = <P extends string>(prefix: P): PriceTables<P> => ({ prices: `${prefix}_price`, runs: `${prefix}_crawl_run` });

export function priceTablesMigration(t: PriceTables): AppMigration {
  return {
    async up(db, types) {
      await db.schema
        .createTable(t.prices)
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        // YYYY-MM-DD in Asia/Kolkata: the day the price applies to.
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('price', types.float, (c) => c.notNull())
        // Extra figures of the same row (gold 22K/18K), JSON text.
        .addColumn('details', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${t.prices}_pk`, ['location', 'product', 'day'])
        .execute();
      await db.schema.createIndex(`${t.prices}_day`).on(t.prices).column('day').execute();
      await db.schema
        .createTable(t.runs)
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        // [{ name, rows, errors: [..] }] as JSON text.
        .addColumn('sources', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${t.runs}_started`).on(t.runs).column('started_at').execute();
    },
  };
}
