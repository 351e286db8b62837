// Probes of the forex sources (`npm run probe`): each asked once for the latest USD → INR, EUR, GBP.

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { currencyApi } from './providers/currency-api.js';
import { frankfurter } from './providers/frankfurter.js';

export function forexProbes(ctx: AppContext): ProbeSpec[] {
  const ask = { base: 'USD', to: ['INR', 'EUR', 'GBP'] } as const;
  return [frankfurter(ctx.config.FOREX_FRANKFURTER_URL), currencyApi(ctx.config.FOREX_CURRENCY_API_URL)].map((spec) =>
    providerProbe(httpProvider(spec, ctx.fetch), 'latest USD → INR, EUR, GBP', ask, (r) => Object.keys(r.rates).length),
  );
}
