// Stored prices and crawl runs of one price group, on SQLite or PostgreSQL. Rows are
// mapped to domain objects in one place (toPrice), as Kysely's example app does.

import type { Kysely } from 'kysely';
import { tablesOf, type Database } from '../../core/db/index.js';
import type { PriceTables } from './migrations.js';
import type { AnyPriceGroupTables, StoredPrice } from './tables.js';

export interface PriceRow {
  location: string;
  product: string;
  day: string;
  price: number;
  /** Extra facts of the row: figures (gold 22K/18K) and short texts (the day and session a rate is of). */
  details?: Record<string, number | string> | null;
  source: string;
  updated_at: string;
}

export interface SourceReport {
  name: string;
  rows: number;
  errors: string[];
  /** The pages this source answered in the run and how many places each listed (runs recorded before pages were counted have none). */
  pages?: PageReport[];
}

export interface PageReport {
  /** The page's path on the source ("/petrol-price-in-bangalore.html"), or the task's label. */
  page: string;
  places: number;
}

export interface CrawlRun {
  started_at: string;
  finished_at: string;
  ok: boolean;
  rows: number;
  error: string | null;
  sources: SourceReport[];
}

/** A location's newest price and the one of the day stored before it. */
export interface Current {
  latest: PriceRow;
  previous?: PriceRow;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

function toPrice(r: StoredPrice): PriceRow {
  return {
    location: String(r.location),
    product: String(r.product),
    day: String(r.day),
    price: Number(r.price),
    details: r.details ? (JSON.parse(String(r.details)) as Record<string, number | string>) : null,
    source: String(r.source),
    updated_at: String(r.updated_at),
  };
}

export class PriceRepository {
  private readonly db: Kysely<AnyPriceGroupTables>;

  constructor(
    database: Database,
    private readonly t: PriceTables,
  ) {
    this.db = tablesOf<AnyPriceGroupTables>(database);
  }

  /** Writes a crawl's rows in one transaction (a day's row is replaced by a later crawl of that day). */
  async upsert(rows: readonly PriceRow[]): Promise<void> {
    if (!rows.length) return;
    await this.db.transaction().execute(async (trx) => {
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100).map((r) => ({ ...r, details: r.details ? JSON.stringify(r.details) : null }));
        await trx
          .insertInto(this.t.prices)
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['location', 'product', 'day']).doUpdateSet((eb) => ({
              price: eb.ref('excluded.price'),
              details: eb.ref('excluded.details'),
              source: eb.ref('excluded.source'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    });
  }

  /** Writes rows for (location, product, day)s that have none yet; stored rows are kept. */
  async insertMissing(rows: readonly PriceRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100).map((r) => ({ ...r, details: r.details ? JSON.stringify(r.details) : null }));
      await this.db
        .insertInto(this.t.prices)
        .values(chunk)
        .onConflict((oc) => oc.columns(['location', 'product', 'day']).doNothing())
        .execute();
    }
  }

  /** The newest stored day, or null when nothing was ever stored. */
  async latestDay(): Promise<string | null> {
    const r = await this.db
      .selectFrom(this.t.prices)
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst();
    return (r?.day as string | null | undefined) ?? null;
  }

  /**
   * Every (location, product)'s newest row and the row of the day before it, looking back
   * `lookbackDays` from the newest stored day (a location missing from the last crawl
   * keeps its last known price).
   */
  async current(lookbackDays = 30): Promise<Map<string, Current>> {
    const newest = await this.latestDay();
    const out = new Map<string, Current>();
    if (!newest) return out;
    const rows = await this.db.selectFrom(this.t.prices).selectAll().where('day', '>=', addDays(newest, -lookbackDays)).orderBy('day', 'desc').execute();
    for (const raw of rows) {
      const r = toPrice(raw);
      const k = `${r.location}|${r.product}`;
      const c = out.get(k);
      if (!c) out.set(k, { latest: r });
      else if (!c.previous) c.previous = r;
    }
    return out;
  }

  /** One location's prices of one product from `fromDay` on, newest first. */
  async history(location: string, product: string, fromDay: string): Promise<PriceRow[]> {
    const rows = await this.db
      .selectFrom(this.t.prices)
      .selectAll()
      .where('location', '=', location)
      .where('product', '=', product)
      .where('day', '>=', fromDay)
      .orderBy('day', 'desc')
      .execute();
    return rows.map(toPrice);
  }

  async recordRun(run: CrawlRun): Promise<void> {
    await this.db
      .insertInto(this.t.runs)
      .values({ ...run, ok: run.ok ? 1 : 0, sources: JSON.stringify(run.sources) })
      .execute();
  }

  /** The newest runs, newest first. */
  async runs(limit = 50): Promise<CrawlRun[]> {
    const rows = await this.db.selectFrom(this.t.runs).selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      started_at: String(r.started_at),
      finished_at: String(r.finished_at),
      ok: Number(r.ok) === 1,
      rows: Number(r.rows),
      error: (r.error as string | null) ?? null,
      sources: JSON.parse(String(r.sources)) as SourceReport[],
    }));
  }

  /** When the last successful crawl finished (the version of the stored data), or null. */
  async lastSuccess(): Promise<string | null> {
    const r = await this.db
      .selectFrom(this.t.runs)
      .select((eb) => eb.fn.max('finished_at').as('at'))
      .where('ok', '=', 1)
      .executeTakeFirst();
    return (r?.at as string | null | undefined) ?? null;
  }
}
