// What a price source is asked and answers: prices of some coins in some currencies.

import type { VsCurrency } from '../currencies.js';

/** A coin as the sources need it. symbol and name are null while no coin list is loaded. */
export interface PriceCoin {
  id: string;
  symbol: string | null;
  name: string | null;
}

export interface PriceQuery {
  coins: readonly PriceCoin[];
  vs: readonly VsCurrency[];
}

export interface Quote {
  price: number | null;
  /** Percent change of the price over 24 hours, in this currency. */
  change_24h_pct: number | null;
  /** null when the source does not know the coin's supply (it reports 0) or does not say. */
  market_cap: number | null;
}

export interface CoinPrice {
  quotes: Partial<Record<VsCurrency, Quote>>;
  /** When the source last updated this coin's price, ISO 8601. */
  last_updated: string | null;
}

export interface Prices {
  /** Which source answered (a readable name). */
  source: string;
  /** Keyed by CoinGecko id; a coin the source has no price for is absent. */
  coins: Record<string, CoinPrice>;
}

/** A finite number, else null (sources send null or leave keys out). */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A market cap: a positive number, else null (0 means the source lacks the supply). */
export const cap = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
