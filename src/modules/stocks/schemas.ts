// Request and response schemas of /lab/stocks.

import { Ok, Type, defaulted, type Static } from '../../core/schema.js';

export const StocksQuery = Type.Object({
  // Plain strings, so the service answers its own 400 naming the rule and the valid values.
  symbol: Type.String({ minLength: 1, maxLength: 250, description: 'up to 10 comma-separated symbols, each 1–20 of A–Z, 0–9, &, -, . (e.g. RELIANCE,TCS)' }),
  exchange: defaulted(Type.String({ default: 'NSE', description: 'NSE or BSE' })),
});
export type StocksQuery = Static<typeof StocksQuery>;

const Num = Type.Union([Type.Number(), Type.Null()]);

export const StockQuote = Type.Object({
  symbol: Type.String(),
  exchange: Type.String(),
  price: Type.Number({ description: 'last traded price' }),
  change: Num,
  change_percent: Num,
  previous_close: Num,
  day_low: Num,
  day_high: Num,
  currency: Type.Union([Type.String(), Type.Null()]),
  exchange_time: Type.Union([Type.String(), Type.Null()], { description: 'when the exchange traded at this price (UTC)' }),
  source: Type.String(),
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});

export const StocksResponse = Type.Object({
  status: Ok,
  experimental: Type.Literal(true),
  exchange: Type.String(),
  count: Type.Integer(),
  quotes: Type.Array(StockQuote),
  cached: Type.Boolean({ description: 'every quote came from the cache' }),
  stale: Type.Boolean({ description: 'some quote is an expired copy, served because every source failed' }),
});
export type StocksResponse = Static<typeof StocksResponse>;
