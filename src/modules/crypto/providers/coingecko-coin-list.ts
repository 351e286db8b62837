// CoinGecko's coin list (https://docs.coingecko.com/v3.0.1/reference/coins-list):
// GET /api/v3/coins/list → [{"id":"bitcoin","symbol":"btc","name":"Bitcoin"}, …], every active
// coin (some 17,000; about 1.5 MB). The same upstream as providers/coingecko.ts, a different
// endpoint, fetched once a day by the refresh job rather than per request.
// Quirks: no pagination; inactive coins are left out on the public tier; symbols are lower case
// and shared by many coins. Updated every 30 minutes on CoinGecko's side.
// Terms: as providers/coingecko.ts (public tier, attribution).

import type { HttpProviderSpec, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { readCoinList, type CoinEntry } from '../coin-list.js';
import { coingeckoHeaders } from './coingecko.js';

export const COINGECKO_COIN_LIST = 'coingecko-coin-list';

export function parseCoinList(res: UpstreamResponse): CoinEntry[] {
  try {
    return readCoinList(res.json());
  } catch (err) {
    throw new UpstreamError(COINGECKO_COIN_LIST, 'bad_response', `${COINGECKO_COIN_LIST}: ${(err as Error).message}`);
  }
}

export function coingeckoCoinList(baseUrl: string, key: string | undefined): HttpProviderSpec<void, CoinEntry[]> {
  return {
    name: COINGECKO_COIN_LIST,
    request: () => ({ url: `${baseUrl}/api/v3/coins/list`, headers: coingeckoHeaders(key), maxBytes: 16 * 1024 * 1024 }),
    parse: (res) => parseCoinList(res),
  };
}
