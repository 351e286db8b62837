// The rate sources in failover order: the one list the service and the probes build from. A new
// source is its file, one line here and its setting's row in src/config.ts.

import type { HttpProviderSpec, Upstream } from '../../../core/upstream/index.js';
import { currencyApiUpstream } from './currency-api.js';
import { frankfurterUpstream } from './frankfurter.js';
import type { RateQuery, Rates } from './types.js';

export const FOREX_UPSTREAMS: readonly Upstream<HttpProviderSpec<RateQuery, Rates>>[] = [frankfurterUpstream, currencyApiUpstream];
