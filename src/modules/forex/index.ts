// The forex module: exchange rates from the ECB's reference rates (Frankfurter), with the
// currency-api data set behind it.

import type { JankariModule, ModuleInstance } from '../../core/module.js';
import { forexRoutes } from './routes.js';
import { ForexService } from './service.js';
import { forexProbes } from './probes.js';

export interface ForexInstance extends ModuleInstance {
  /** The use cases (tests compare their answers with the HTTP ones). */
  readonly service: ForexService;
}

export const forexModule: JankariModule<ForexInstance> = {
  name: 'forex',
  title: 'Exchange rates',
  description:
    'Reference exchange rates of 31 currencies (ECB via Frankfurter; currency-api as second source), conversions and past days since 1999; cached an hour, past days a year.',
  create(ctx) {
    const service = new ForexService(ctx);
    return { service, routes: (app) => forexRoutes(app, service), probes: forexProbes(ctx) };
  },
};
