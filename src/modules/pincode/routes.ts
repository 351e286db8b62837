// Route table of the pincode module. A PIN's answer comes as JSON text (sendRaw); its response
// schema documents it.

import type { App } from '../../core/module.js';
import { sendRaw } from '../../core/http/raw-json.js';
import { PinParams, PinQuery, PincodeResponse, SearchQuery, SearchResponse } from './schemas.js';
import type { PincodeService } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const PINCODE_MAX_AGE_S = 86400;

export function pincodeRoutes(app: App, service: PincodeService): void {
  const lookup = {
    summary: 'Post offices of a PIN code: name, branch type, delivery status, division, region, circle, district, state',
    response: { 200: PincodeResponse },
  };
  app.get(
    '/pincode',
    { schema: { ...lookup, querystring: PinQuery }, config: { maxAgeS: PINCODE_MAX_AGE_S, example: '/pincode?pin=110001' } },
    async (req, reply) => sendRaw(reply, await service.lookup(req.query.pin)),
  );
  app.get(
    '/pincode/:pin',
    { schema: { ...lookup, params: PinParams }, config: { maxAgeS: PINCODE_MAX_AGE_S, example: '/pincode/400001' } },
    async (req, reply) => sendRaw(reply, await service.lookup(req.params.pin)),
  );
  app.get(
    '/pincode/search',
    {
      schema: { summary: 'Post offices by part of their name or their district (at most 50)', querystring: SearchQuery, response: { 200: SearchResponse } },
      config: { maxAgeS: PINCODE_MAX_AGE_S, example: '/pincode/search?q=baroda%20house' },
    },
    async (req) => service.search(req.query.q, req.query.limit),
  );
  app.get(
    '/lab/pincode',
    {
      schema: {
        summary: 'Experimental: the post offices of a PIN straight from the online directory (api.postalpincode.in)',
        querystring: PinQuery,
        response: { 200: PincodeResponse },
      },
      config: { maxAgeS: PINCODE_MAX_AGE_S, example: '/lab/pincode?pin=110001' },
    },
    async (req, reply) => sendRaw(reply, await service.lab(req.query.pin)),
  );
}
