// The two tables of a crawled price group as the code reads and writes them
// (priceTablesMigration creates them). Each group names its pair by its prefix (fuel →
// fuel_price, fuel_crawl_run), so the map is keyed by the pattern of those names: the
// repository, which serves every group, is checked on columns; each group's own
// `tables.ts` gives the literal names (`PriceGroupTables<'fuel'>`).

import type { Generated, Insertable, Selectable } from 'kysely';

export interface PriceTable {
  location: string;
  product: string;
  /** YYYY-MM-DD in Asia/Kolkata: the day the price applies to. */
  day: string;
  price: number;
  /** Extra facts of the same row (gold 22K/18K, the day and session of a rate), JSON text. */
  details: string | null;
  source: string;
  updated_at: string;
}

export interface CrawlRunTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  /** 1 or 0: an integer on both dialects. */
  ok: number;
  rows: number;
  error: string | null;
  /** [{ name, rows, errors: [..] }] as JSON text. */
  sources: string;
}

export type StoredPrice = Selectable<PriceTable>;
export type NewStoredPrice = Insertable<PriceTable>;
export type StoredRun = Selectable<CrawlRunTable>;
export type NewStoredRun = Insertable<CrawlRunTable>;

/** Any group's pair of tables: what the shared repository is typed with. */
export interface AnyPriceGroupTables {
  [prices: `${string}_price`]: PriceTable;
  [runs: `${string}_crawl_run`]: CrawlRunTable;
}

/** One group's pair of tables, by its prefix. */
export type PriceGroupTables<P extends string> = { [K in `${P}_price`]: PriceTable } & { [K in `${P}_crawl_run`]: CrawlRunTable };
