// Probes of the forex sources (`npm run probe`): each asked once for the latest USD → INR, EUR, GBP.

import type { AppContext } from '../../core/module.js';
import { buildUpstreams, httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { FOREX_UPSTREAMS } from './providers/index.js';

export function forexProbes(ctx: AppContext): ProbeSpec[] {
  const ask = { base: 'USD', to: ['INR', 'EUR', 'GBP'] } as const;
  return buildUpstreams(FOREX_UPSTREAMS, ctx.config).map((spec) =>
    providerProbe(httpProvider(spec, ctx.fetch), 'latest USD → INR, EUR, GBP', ask, (r) => Object.keys(r.rates).length),
  );
}
