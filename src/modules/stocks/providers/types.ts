// What a quote source is asked and answers: the latest quote of one symbol on one Indian exchange.
// Both sources serve one symbol a call, so the service asks per symbol and caches per symbol.

export type Exchange = 'NSE' | 'BSE';

export interface QuoteQuery {
  /** Upper case, 1–20 of A–Z 0–9 & - . (checked by the service). */
  symbol: string;
  exchange: Exchange;
}

/** What the service keeps of one answer (JSON-serialisable, cached). Null where the source said nothing. */
export interface Quote {
  price: number;
  previous_close: number | null;
  day_low: number | null;
  day_high: number | null;
  currency: string | null;
  /** When the exchange traded at this price, ISO 8601 UTC; null when the source gave no time. */
  exchange_time: string | null;
  /** The source's name for it, e.g. "yahoo-finance". */
  source: string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A positive finite number, or null: zero or negative prices are not quotes. */
export const price = (v: unknown): number | null => (finite(v) && v > 0 ? v : null);

/** Unix seconds → ISO 8601 UTC without milliseconds; null for anything else. */
export function unixTime(v: unknown): string | null {
  const n = typeof v === 'string' && /^\d{9,11}$/.test(v) ? Number(v) : v;
  if (!finite(n) || n <= 0) return null;
  return new Date(n * 1000).toISOString().replace('.000Z', 'Z');
}
