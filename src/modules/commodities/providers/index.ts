// The metals sources: the one list the module, its crawl and its probes build from. Which source
// serves which page (national, a city's gold …) is the module's choice (index.ts), by name. A new
// source is its file, one line here and its setting's row in src/config.ts.

import type { Upstream } from '../../../core/upstream/index.js';
import { bankbazaarMetalsUpstream } from './bankbazaar.js';
import { goodreturnsMetalsUpstream } from './goodreturns.js';
import { ibjaUpstream } from './ibja.js';
import type { MetalSourceSpec } from './types.js';

export const METALS_UPSTREAMS = { ibja: ibjaUpstream, goodreturns: goodreturnsMetalsUpstream, bankbazaar: bankbazaarMetalsUpstream } as const satisfies Record<
  string,
  Upstream<MetalSourceSpec>
>;
