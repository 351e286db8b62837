// The price sources in failover order: the one list the service and the probes build from. A new
// source is its file, one line here and its settings' rows in src/config.ts. (The coin list the
// daily job loads is CoinGecko's too, and reads the same settings.)

import type { Provider, Upstream, UpstreamFetch } from '../../../core/upstream/index.js';
import { coingeckoUpstream } from './coingecko.js';
import { coinpaprikaUpstream } from './coinpaprika.js';
import type { PriceQuery, Prices } from './types.js';

/** A source, once given the app's HTTP function (CoinPaprika makes several calls an answer). */
export type PriceSource = (fetch: UpstreamFetch) => Provider<PriceQuery, Prices>;

export const CRYPTO_UPSTREAMS: readonly Upstream<PriceSource>[] = [coingeckoUpstream, coinpaprikaUpstream];
