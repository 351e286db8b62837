// Request and response schemas of /crypto and /lab/crypto. The answers are sent as kept JSON text
// (service.ts), so the response schemas document them; a test checks real answers against them.

import type { TSchema } from 'typebox';
import { Type, defaulted, Ok, type Static } from '../../core/schema.js';
import { VS_CURRENCIES } from './currencies.js';
import { COINGECKO_SOURCE } from './providers/coingecko.js';
import { COINPAPRIKA_SOURCE } from './providers/coinpaprika.js';

export const CryptoQuery = Type.Object({
  coin: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'a comma list of up to 25 coins, each by CoinGecko id (bitcoin), symbol (btc) or name (Bitcoin)',
  }),
  vs: defaulted(
    Type.String({ minLength: 1, maxLength: 100, default: 'inr', description: 'a comma list of up to 5 currencies the prices are in (e.g. inr,usd,btc)' }),
  ),
});
export type CryptoQuery = Static<typeof CryptoQuery>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const Quote = Type.Object({
  price: Nullable(Type.Number({ description: 'null when the source has no price of the coin in this currency' })),
  change_24h_pct: Nullable(Type.Number({ description: 'percent change of the price over 24 hours, in this currency' })),
  market_cap: Nullable(Type.Number({ description: "null when the source does not know the coin's supply" })),
});

const Coin = Type.Object({
  query: Type.String({ description: 'the coin as asked' }),
  id: Type.String({ description: "CoinGecko's id of the coin" }),
  symbol: Nullable(Type.String({ description: 'lower case; null while no coin list is loaded' })),
  name: Nullable(Type.String({ description: 'null while no coin list is loaded' })),
  matched_by: Type.Union([Type.Literal('id'), Type.Literal('symbol'), Type.Literal('name'), Type.Literal('id (no coin list loaded)')], {
    description: 'how the query was resolved: exact id first, then symbol, then name',
  }),
  alternatives: Type.Optional(
    Type.Array(Type.String(), { description: 'ids of other coins the same symbol or name names, preferred first (at most 5); absent when none' }),
  ),
  quotes: Type.Record(Type.String({ pattern: '^[a-z]{3}$' }), Quote, { description: 'one quote per asked currency, keyed by it, in the order asked' }),
  last_updated: Nullable(Type.String({ format: 'date-time', description: "when the source last updated the coin's price" })),
});

const answer = {
  status: Ok,
  vs: Type.Array(Type.Enum(VS_CURRENCIES), { description: 'the currencies the prices are in, as asked' }),
  count: Type.Integer({ description: 'how many coins were asked (each once)' }),
  coins: Type.Array(Coin, { description: 'each asked coin, in the order asked' }),
  missing: Type.Array(Type.String(), { description: 'ids of asked coins the source had no price for (their quotes are null)' }),
  source: Type.Union([Type.Literal(COINGECKO_SOURCE), Type.Literal(COINPAPRIKA_SOURCE)], { description: 'the source that answered' }),
  coin_list: Nullable(
    Type.Object(
      {
        coins: Type.Integer({ description: 'coins in the list' }),
        fetched_at: Type.String({ format: 'date-time', description: 'when it was downloaded from CoinGecko' }),
      },
      { description: 'the coin list names and symbols are resolved with; null until one is stored (coins are then taken as CoinGecko ids)' },
    ),
  ),
  cached: Type.Boolean({ description: "served from this server's cache (prices are kept 60 seconds)" }),
  stale: Type.Boolean({ description: 'every source failed and this is an older cached copy (up to 6 hours)' }),
};

// The figures of the SimplePrice example in CoinGecko's API reference (bitcoin in US dollars).
// The operation's example answer is captured from the service itself (src/plugins/data/openapi-examples.json).
export const CryptoResponse = Type.Object(answer);
export type CryptoResponse = Static<typeof CryptoResponse>;

export const LabCryptoResponse = Type.Object({
  ...answer,
  experimental: Type.Literal(true, { description: 'an experimental endpoint: its shape may change' }),
});
export type LabCryptoResponse = Static<typeof LabCryptoResponse>;
