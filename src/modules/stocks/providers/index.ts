// The quote sources in failover order: the one list the service builds from. A new source is its
// file, one line here and its setting's row in src/config.ts.

import type { HttpProviderSpec, Upstream } from '../../../core/upstream/index.js';
import { googleUpstream } from './google.js';
import type { Quote, QuoteQuery } from './types.js';
import { yahooUpstream } from './yahoo.js';

export const STOCKS_UPSTREAMS: readonly Upstream<HttpProviderSpec<QuoteQuery, Quote>>[] = [yahooUpstream, googleUpstream];
