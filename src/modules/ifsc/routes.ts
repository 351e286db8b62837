// Route table of the ifsc module. A code's answer comes as JSON text (sendRaw); its response
// schema documents it.

import type { App } from '../../core/module.js';
import { sendRaw } from '../../core/http/raw-json.js';
import { BanksQuery, BanksResponse, IfscParams, IfscQuery, IfscResponse, SearchQuery, SearchResponse } from './schemas.js';
import type { IfscService } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const IFSC_MAX_AGE_S = 86400;

export function ifscRoutes(app: App, service: IfscService): void {
  const lookup = {
    summary: 'Bank and branch of an IFSC: address, city, district, state, contact, MICR, SWIFT, NEFT/RTGS/IMPS/UPI',
    response: { 200: IfscResponse },
  };
  app.get(
    '/ifsc',
    { schema: { ...lookup, querystring: IfscQuery }, config: { maxAgeS: IFSC_MAX_AGE_S, example: '/ifsc?code=SBIN0000001' } },
    async (req, reply) => sendRaw(reply, await service.lookup(req.query.code)),
  );
  app.get('/ifsc/:code', { schema: { ...lookup, params: IfscParams }, config: { maxAgeS: IFSC_MAX_AGE_S, example: '/ifsc/HDFC0000001' } }, async (req, reply) =>
    sendRaw(reply, await service.lookup(req.params.code)),
  );
  app.get(
    '/ifsc/banks',
    {
      schema: { summary: 'Banks that have IFSCs, with their code, kind, MICR and UPI status', querystring: BanksQuery, response: { 200: BanksResponse } },
      config: { maxAgeS: IFSC_MAX_AGE_S, example: '/ifsc/banks?q=co-operative' },
    },
    async (req) => service.banks(req.query.q),
  );
  app.get(
    '/ifsc/search',
    {
      schema: {
        summary: 'Branches by bank code, words of the name or address, city and state (paged, at most 50 a page)',
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
      config: { maxAgeS: IFSC_MAX_AGE_S, example: '/ifsc/search?bank=SBIN&city=kolkata' },
    },
    async (req) => service.search(req.query),
  );
}
