// Route table of /fuel/*: validated input → one service call → return. Price answers come
// pre-serialized from the cache (sendRaw); their response schemas document them.

import type { App } from '../../core/module.js';
import { CrawlStatusResponse, LocationSearchQuery, LocationSearchResponse, sendRaw } from '../../lib/prices/index.js';
import { FuelService } from './service.js';
import { CitiesResponse, FuelQuery, FuelResponse, HistoryQuery, HistoryResponse, LatestResponse } from './schemas.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const FUEL_MAX_AGE_S = 300;

export function fuelRoutes(app: App, service: FuelService): void {
  app.get(
    '/fuel',
    {
      schema: {
        summary: 'Petrol and diesel prices: every state, one city (?city=), one state with its cities (?state=), or the cities (?type=city)',
        querystring: FuelQuery,
        response: { 200: FuelResponse },
      },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel?state=maharashtra' },
    },
    async (req, reply) => {
      const q = req.query;
      if (q.commodity !== undefined) throw FuelService.commodityMoved(q.commodity);
      if (q.city) return sendRaw(reply, await service.city(q.city, q.fuel));
      if (q.state) return sendRaw(reply, await service.state(q.state, q.fuel));
      return sendRaw(reply, await service.list(q.type ?? 'state', q.fuel));
    },
  );
  app.get(
    '/fuel/cities',
    {
      schema: { summary: 'Every location with fuel prices: states and cities', response: { 200: CitiesResponse } },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel/cities' },
    },
    async () => service.cities(),
  );
  app.get(
    '/fuel/search',
    {
      schema: {
        summary: 'Fuzzy location search (misspellings and old names), at most 20 matches',
        querystring: LocationSearchQuery,
        response: { 200: LocationSearchResponse },
      },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel/search?q=banglore' },
    },
    async (req) => service.search(req.query.q),
  );
  app.get(
    '/fuel/history',
    {
      schema: { summary: 'Price history of one fuel in one location, newest first (1–90 days)', querystring: HistoryQuery, response: { 200: HistoryResponse } },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel/history?fuel=petrol&city=mumbai&days=7' },
    },
    async (req, reply) => sendRaw(reply, await service.history(req.query.fuel, req.query.city, req.query.days)),
  );
  app.get(
    '/fuel/latest',
    {
      schema: { summary: 'Petrol and diesel in the 13 most popular cities', response: { 200: LatestResponse } },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel/latest' },
    },
    async (_req, reply) => sendRaw(reply, await service.latest()),
  );
  app.get(
    '/fuel/status',
    {
      schema: { summary: 'Last fuel crawl success and failure, next run, and each source', response: { 200: CrawlStatusResponse } },
      config: { maxAgeS: FUEL_MAX_AGE_S, example: '/fuel/status' },
    },
    async () => service.status(),
  );
}
