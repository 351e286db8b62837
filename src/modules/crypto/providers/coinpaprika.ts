// CoinPaprika's ticker API (https://docs.coinpaprika.com/api-reference/tickers):
// GET /v1/tickers/{coin_id}?quotes=USD,INR →
//   {"id":"btc-bitcoin","name":"Bitcoin","symbol":"BTC","rank":1,…,"last_updated":"2018-11-14T07:20:41Z",
//    "quotes":{"USD":{"price":…,"market_cap":…,"percent_change_24h":…,…},"INR":{…}}}
// Quirks: its own coin ids, "<symbol>-<name as a slug>" (btc-bitcoin, eth-ethereum,
// bnb-binance-coin), so a CoinGecko coin is mapped by its symbol and name, and an answer whose
// symbol differs is refused as a wrong mapping; an unknown id is HTTP 404 {"error":"id not
// found"}; at most 3 quotes a call (more currencies take more calls); one coin a call (the
// all-coins /v1/tickers is several MB); market_cap 0 when the supply is unknown.
// Terms: the free plan (no key, https://api.coinpaprika.com/v1/) is meant for hobby and
// non-commercial use, about 20,000 calls a month; commercial use needs a paid plan.

import type { BoundHttp, Provider, UpstreamFetch, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, boundProvider, upstream } from '../../../core/upstream/index.js';
import { mapLimit } from '../../../core/async.js';
import { slug } from '../coin-list.js';
import type { VsCurrency } from '../currencies.js';
import { cap, num, type CoinPrice, type PriceCoin, type PriceQuery, type Prices } from './types.js';

export const COINPAPRIKA = 'coinpaprika';
export const COINPAPRIKA_SOURCE = 'CoinPaprika (tickers API)';
const QUOTES_PER_CALL = 3;
const PARALLEL_CALLS = 4;

/** CoinPaprika's id of a coin, from its symbol and name; null while they are unknown. */
export function paprikaId(c: PriceCoin): string | null {
  if (!c.symbol || !c.name) return null;
  const s = slug(c.symbol);
  const n = slug(c.name);
  return s && n ? `${s}-${n}` : null;
}

export function tickerRequest(baseUrl: string, id: string, vs: readonly VsCurrency[]): UpstreamRequest {
  const quotes = vs.map((v) => v.toUpperCase()).join(',');
  return { url: `${baseUrl}/v1/tickers/${encodeURIComponent(id)}?quotes=${quotes}`, headers: { accept: 'application/json' } };
}

/** One ticker as a coin's price in the asked currencies; null when it is another coin. */
export function parseTicker(res: UpstreamResponse, coin: PriceCoin, vs: readonly VsCurrency[]): CoinPrice | null {
  const body = res.json<{ symbol?: unknown; last_updated?: unknown; quotes?: Record<string, Record<string, unknown>> }>();
  if (!body || typeof body !== 'object' || !body.quotes || typeof body.quotes !== 'object') {
    throw new UpstreamError(COINPAPRIKA, 'bad_response', 'coinpaprika answered without quotes');
  }
  if (typeof body.symbol !== 'string' || body.symbol.toLowerCase() !== coin.symbol) return null;
  const quotes: CoinPrice['quotes'] = {};
  for (const v of vs) {
    const q = body.quotes[v.toUpperCase()];
    const price = q && typeof q === 'object' ? num(q.price) : null;
    if (q && price !== null) quotes[v] = { price, change_24h_pct: num(q.percent_change_24h), market_cap: cap(q.market_cap) };
  }
  const at = typeof body.last_updated === 'string' && !Number.isNaN(Date.parse(body.last_updated)) ? new Date(body.last_updated).toISOString() : null;
  return { quotes, last_updated: at };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One coin's price in every asked currency (several calls when more than 3), or null. */
async function coinPrice(baseUrl: string, http: BoundHttp, coin: PriceCoin, id: string, vs: readonly VsCurrency[]): Promise<CoinPrice | null> {
  const merged: CoinPrice = { quotes: {}, last_updated: null };
  for (const part of chunks(vs, QUOTES_PER_CALL)) {
    let got: CoinPrice | null;
    try {
      got = parseTicker(await http(tickerRequest(baseUrl, id, part)), coin, part);
    } catch (err) {
      // CoinPaprika does not list this coin under the mapped id: the coin goes without a price.
      if (err instanceof UpstreamError && err.kind === 'not_found') return null;
      throw err;
    }
    if (!got) return null;
    Object.assign(merged.quotes, got.quotes);
    merged.last_updated ??= got.last_updated;
  }
  return Object.keys(merged.quotes).length ? merged : null;
}

export async function fetchPaprika(baseUrl: string, q: PriceQuery, http: BoundHttp): Promise<Prices> {
  const mapped = q.coins.flatMap((c) => {
    const id = paprikaId(c);
    return id ? [{ coin: c, id }] : [];
  });
  // No coin could be named to CoinPaprika (no symbols without the coin list): it was not asked,
  // which says nothing about whether it has them. Not a not_found.
  if (mapped.length === 0 && q.coins.some((c) => !c.symbol)) {
    throw new UpstreamError(
      COINPAPRIKA,
      'unavailable',
      'coinpaprika was not asked: it is asked by symbol and name, which come from the coin list (not loaded yet)',
    );
  }
  const got = await mapLimit(mapped, PARALLEL_CALLS, (m) => coinPrice(baseUrl, http, m.coin, m.id, q.vs));
  const coins: Record<string, CoinPrice> = {};
  got.forEach((p, i) => {
    if (p) coins[mapped[i].coin.id] = p;
  });
  if (Object.keys(coins).length === 0) throw new UpstreamError(COINPAPRIKA, 'not_found', 'coinpaprika has no price for any asked coin');
  return { source: COINPAPRIKA_SOURCE, coins };
}

export function coinpaprika(baseUrl: string, fetch: UpstreamFetch): Provider<PriceQuery, Prices> {
  return boundProvider(COINPAPRIKA, fetch, (q, http) => fetchPaprika(baseUrl, q, http));
}

/** The source and the setting it reads. */
export const coinpaprikaUpstream = upstream({
  name: COINPAPRIKA,
  settings: ['CRYPTO_COINPAPRIKA_URL'],
  build: (s) => (fetch: UpstreamFetch) => coinpaprika(s.CRYPTO_COINPAPRIKA_URL, fetch),
});
