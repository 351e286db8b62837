// The forex module: exchange rates from the ECB's reference rates (Frankfurter), with the
// currency-api data set behind it.

import type { JankariModule } from '../../core/module.js';
import { forexRoutes } from './routes.js';
import { ForexService } from './service.js';
import { forexProbes } from './probes.js';

export const forexModule: JankariModule = {
  name: 'forex',
  title: 'Exchange rates',
  description: 'Reference exchange rates of 31 currencies (ECB via Frankfurter; currency-api as second source), conversions and past days since 1999; cached an hour, past days a year.',
  create(ctx) {
    const service = new ForexService(ctx);
    return { routes: (app) => forexRoutes(app, service), probes: forexProbes(ctx) };
  },
};
