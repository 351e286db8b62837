// Probes of the crypto sources (`npm run probe`): each asked once for bitcoin and ether in INR and USD.

import type { AppContext } from '../../core/module.js';
import { buildUpstreams, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { CRYPTO_UPSTREAMS } from './providers/index.js';

export function cryptoProbes(ctx: AppContext): ProbeSpec[] {
  const ask = {
    coins: [
      { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
    ],
    vs: ['inr', 'usd'],
  } as const;
  return buildUpstreams(CRYPTO_UPSTREAMS, ctx.config).map((source) =>
    providerProbe(source(ctx.fetch), 'bitcoin, ether in INR, USD', ask, (r) => Object.keys(r.coins).length),
  );
}
