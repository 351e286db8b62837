// Route table of the forex module. Answers come as JSON text (kept per request: see
// ForexService.rates); the response schema documents them.

import type { App } from '../../core/module.js';
import { sendRaw } from '../../core/http/raw-json.js';
import { ForexQuery, ForexResponse, LabForexQuery, LabForexResponse } from './schemas.js';
import type { ForexService } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const FOREX_MAX_AGE_S = 3600;

export function forexRoutes(app: App, service: ForexService): void {
  app.get(
    '/forex',
    {
      schema: {
        summary: 'Exchange rates of a base currency (ECB reference rates via Frankfurter; currency-api as second source), converted amounts, past days',
        querystring: ForexQuery,
        response: { 200: ForexResponse },
      },
      config: { maxAgeS: FOREX_MAX_AGE_S, example: '/forex?base=USD&to=INR,EUR&amount=100' },
    },
    async (req, reply) => sendRaw(reply, await service.rates(req.query)),
  );
  app.get(
    '/lab/forex',
    {
      schema: {
        summary: 'Experimental: the latest rates of a base currency (as /forex with base and to only)',
        querystring: LabForexQuery,
        response: { 200: LabForexResponse },
      },
      config: { maxAgeS: FOREX_MAX_AGE_S, example: '/lab/forex?base=USD&to=INR' },
    },
    async (req, reply) => sendRaw(reply, await service.rates(req.query, true)),
  );
}
