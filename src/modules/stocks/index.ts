// The stocks module (lab): latest NSE/BSE quotes from Yahoo Finance, Google Finance behind it.

import type { JankariModule } from '../../core/module.js';
import { stocksRoutes } from './routes.js';
import { StocksService } from './service.js';

export const stocksModule: JankariModule = {
  name: 'stocks',
  title: 'Stock quotes (lab)',
  description: 'Experimental: latest NSE/BSE quotes of up to 10 symbols (Yahoo Finance chart API; Google Finance as second source), cached 60 seconds.',
  create(ctx) {
    const service = new StocksService(ctx);
    return { routes: (app) => stocksRoutes(app, service) };
  },
};
