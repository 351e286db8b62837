// Probes of the crypto sources (`npm run probe`): each asked once for bitcoin and ether in INR and USD.

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { coingecko } from './providers/coingecko.js';
import { coinpaprika } from './providers/coinpaprika.js';

export function cryptoProbes(ctx: AppContext): ProbeSpec[] {
  const c = ctx.config;
  const ask = {
    coins: [
      { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
    ],
    vs: ['inr', 'usd'],
  } as const;
  return [httpProvider(coingecko(c.CRYPTO_COINGECKO_URL, c.CRYPTO_COINGECKO_KEY), ctx.fetch), coinpaprika(c.CRYPTO_COINPAPRIKA_URL, ctx.fetch)].map((p) =>
    providerProbe(p, 'bitcoin, ether in INR, USD', ask, (r) => Object.keys(r.coins).length),
  );
}
