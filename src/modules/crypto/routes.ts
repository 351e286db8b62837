// Route table of the crypto module. Answers come as JSON text (kept per request: see
// CryptoService.prices); the response schema documents them.

import type { App } from '../../core/module.js';
import { sendRaw } from '../../core/http/raw-json.js';
import { CryptoQuery, CryptoResponse, LabCryptoResponse } from './schemas.js';
import type { CryptoService } from './service.js';

export function cryptoRoutes(app: App, service: CryptoService): void {
  app.get(
    '/crypto',
    {
      schema: {
        summary: 'Prices of coins in some currencies, with 24 h change, market cap and update time (CoinGecko; CoinPaprika as second source)',
        querystring: CryptoQuery,
        response: { 200: CryptoResponse },
      },
      config: { example: '/crypto?coin=bitcoin,eth&vs=inr,usd' },
    },
    async (req, reply) => sendRaw(reply, await service.prices(req.query)),
  );
  app.get(
    '/lab/crypto',
    {
      schema: { summary: 'Experimental: the /crypto answer, flagged experimental', querystring: CryptoQuery, response: { 200: LabCryptoResponse } },
      config: { example: '/lab/crypto?coin=btc' },
    },
    async (req, reply) => sendRaw(reply, await service.prices(req.query, true)),
  );
}
