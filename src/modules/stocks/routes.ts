// Route table of the stocks module.

import type { App } from '../../core/module.js';
import { StocksQuery, StocksResponse } from './schemas.js';
import type { StocksService } from './service.js';

export function stocksRoutes(app: App, service: StocksService): void {
  app.get(
    '/lab/stocks',
    {
      schema: {
        summary: 'Experimental: latest quotes of NSE/BSE symbols (Yahoo Finance chart API, Google Finance as second source)',
        description:
          'Last price, change, previous close, day range, currency and exchange time of up to 10 symbols, cached 60 seconds. ' +
          'Sources: the Yahoo Finance chart API (unofficial; Yahoo terms of service, personal non-commercial use) and Google Finance quote pages ' +
          '(Google terms of service; information only, not for trading). Quotes may be delayed; each names its source and time. ' +
          'An expired copy is served flagged stale when both sources fail.',
        querystring: StocksQuery,
        response: { 200: StocksResponse },
      },
      config: { example: '/lab/stocks?symbol=RELIANCE,TCS&exchange=NSE' },
    },
    async (req) => service.quotes(req.query),
  );
}
