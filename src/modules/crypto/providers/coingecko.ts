// CoinGecko's simple price API (https://docs.coingecko.com/v3.0.1/reference/simple-price):
// GET /api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=inr,usd&include_24hr_change=true
//     &include_market_cap=true&include_last_updated_at=true →
//   {"bitcoin":{"inr":…,"inr_market_cap":…,"inr_24h_change":…,"usd":…,…,"last_updated_at":1711356300}}
// Quirks: ids are CoinGecko's coin ids (coins/list); an unknown id is simply left out of the
// answer (an all-unknown ask answers {}), never an error; the 24 h change and market cap are per
// currency; market cap is 0 for coins whose supply CoinGecko does not know; last_updated_at is
// Unix seconds. Prices are refreshed every 60 s on the public tier.
// Terms: free public (keyless) tier, rate-limited per IP (about 5–30 calls a minute, varying);
// a free "demo" key (header x-cg-demo-api-key) gets a steadier limit. Attribution to CoinGecko
// is required when the data is shown ("Powered by CoinGecko").

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, httpProvider, upstream, type UpstreamFetch } from '../../../core/upstream/index.js';
import { cap, num, type CoinPrice, type PriceQuery, type Prices } from './types.js';

export const COINGECKO = 'coingecko';
export const COINGECKO_SOURCE = 'CoinGecko (simple price API)';

/** Headers every CoinGecko call sends; the demo key only when one is configured. */
export function coingeckoHeaders(key: string | undefined): Record<string, string> {
  return { accept: 'application/json', ...(key ? { 'x-cg-demo-api-key': key } : {}) };
}

export function priceRequest(baseUrl: string, key: string | undefined, q: PriceQuery): UpstreamRequest {
  const p = new URLSearchParams({
    ids: q.coins.map((c) => c.id).join(','),
    vs_currencies: q.vs.join(','),
    include_24hr_change: 'true',
    include_market_cap: 'true',
    include_last_updated_at: 'true',
  });
  return { url: `${baseUrl}/api/v3/simple/price?${p}`, headers: coingeckoHeaders(key) };
}

export function parsePrices(res: UpstreamResponse, q: PriceQuery): Prices {
  const body = res.json<Record<string, Record<string, unknown>>>();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UpstreamError(COINGECKO, 'bad_response', 'coingecko answered without a price object');
  const coins: Record<string, CoinPrice> = {};
  for (const c of q.coins) {
    const row = body[c.id];
    if (!row || typeof row !== 'object') continue;
    const quotes: CoinPrice['quotes'] = {};
    for (const vs of q.vs) {
      const price = num(row[vs]);
      if (price !== null) quotes[vs] = { price, change_24h_pct: num(row[`${vs}_24h_change`]), market_cap: cap(row[`${vs}_market_cap`]) };
    }
    if (Object.keys(quotes).length === 0) continue;
    const at = num(row.last_updated_at);
    coins[c.id] = { quotes, last_updated: at !== null && at > 0 ? new Date(at * 1000).toISOString() : null };
  }
  // An answer without any asked coin means CoinGecko knows none of them: not_found lets the
  // next source try, and makes a 404 when every source agrees.
  if (Object.keys(coins).length === 0) throw new UpstreamError(COINGECKO, 'not_found', 'coingecko has no price for any asked coin');
  return { source: COINGECKO_SOURCE, coins };
}

export function coingecko(baseUrl: string, key: string | undefined): HttpProviderSpec<PriceQuery, Prices> {
  return { name: COINGECKO, request: (q) => priceRequest(baseUrl, key, q), parse: parsePrices };
}

/** The source and the settings it reads. */
export const coingeckoUpstream = upstream({
  name: COINGECKO,
  settings: ['CRYPTO_COINGECKO_URL', 'CRYPTO_COINGECKO_KEY'],
  build: (s) => (fetch: UpstreamFetch) => httpProvider(coingecko(s.CRYPTO_COINGECKO_URL, s.CRYPTO_COINGECKO_KEY), fetch),
});
