// The crypto module's public face: the module object (routes, migrations, the daily coin-list
// refresh).

import type { JankariModule, JobSpec, ModuleInstance } from '../../core/module.js';
import { migrations } from './migrations.js';
import { cryptoRoutes } from './routes.js';
import { COIN_LIST_JOB, CryptoService } from './service.js';
import { cryptoProbes } from './probes.js';

export { COIN_LIST_JOB };
/** Daily, at 05:23 in India (an off-minute, away from the hour other clients pick). */
const COIN_LIST_CRON = '23 5 * * *';

export interface CryptoInstance extends ModuleInstance {
  /** The use cases (tests compare their answers with the HTTP ones). */
  readonly service: CryptoService;
}

export const cryptoModule: JankariModule<CryptoInstance> = {
  name: 'crypto',
  title: 'Crypto prices',
  description:
    'Prices of up to 25 coins in up to 5 currencies with 24 h change and market cap (CoinGecko; CoinPaprika as second source); coins by id, symbol or name; cached 60 seconds.',
  migrations,
  create(ctx) {
    const service = new CryptoService(ctx);
    const refresh: JobSpec = {
      name: COIN_LIST_JOB,
      takesFile: "a saved copy of CoinGecko's /api/v3/coins/list (JSON)",
      schedule: COIN_LIST_CRON,
      // Instances that run jobs fetch the list at start when it is missing or old; the others
      // read what one of them stored.
      catchUp: { needed: () => service.coinListOutOfDate() },
      async run({ file }) {
        const r = await service.refreshCoinList(file);
        return { ok: true, lines: [`${COIN_LIST_JOB}: stored ${r.coins} coins`] };
      },
    };
    return {
      service,
      routes: (app) => cryptoRoutes(app, service),
      probes: cryptoProbes(ctx),
      jobs: [refresh],
    };
  },
};
