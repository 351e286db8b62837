// The fuel sources in the order a page asks them: the one list the module, its crawl and its
// probes build from. A new source is its file, one line here and its setting's row in src/config.ts.

import type { HttpProviderSpec, Upstream } from '../../../core/upstream/index.js';
import { goodreturnsFuelUpstream } from './goodreturns.js';
import { ndtvFuelUpstream } from './ndtv.js';
import type { FuelPage, FuelReading } from './types.js';

export const FUEL_UPSTREAMS: readonly Upstream<HttpProviderSpec<FuelPage, FuelReading>>[] = [goodreturnsFuelUpstream, ndtvFuelUpstream];
