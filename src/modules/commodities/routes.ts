// Route table of /commodities/*: validated input → one service call → return.

import type { App } from '../../core/module.js';
import { CrawlStatusResponse, LocationSearchQuery, LocationSearchResponse, sendRaw } from '../../lib/prices/index.js';
import type { CommoditiesService } from './service.js';
import { CitiesResponse, HistoryQuery, HistoryResponse, ListQuery, ListResponse, MetalQuery } from './schemas.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const COMMODITIES_MAX_AGE_S = 300;

export function commoditiesRoutes(app: App, service: CommoditiesService): void {
  app.get(
    '/commodities',
    {
      schema: {
        summary: 'Gold (24K price, 22K/18K details), silver or platinum prices: every location, or one (?city=; india = national)',
        querystring: ListQuery,
        response: { 200: ListResponse },
      },
      config: { maxAgeS: COMMODITIES_MAX_AGE_S, example: '/commodities?metal=gold&city=mumbai' },
    },
    async (req, reply) => sendRaw(reply, await (req.query.city ? service.one(req.query.metal, req.query.city) : service.list(req.query.metal, req.query.type))),
  );
  app.get(
    '/commodities/cities',
    {
      schema: { summary: 'The locations with prices for a metal', querystring: MetalQuery, response: { 200: CitiesResponse } },
      config: { maxAgeS: COMMODITIES_MAX_AGE_S, example: '/commodities/cities?metal=silver' },
    },
    async (req) => service.cities(req.query.metal),
  );
  app.get(
    '/commodities/search',
    {
      schema: {
        summary: 'Fuzzy location search (misspellings and old names), at most 20 matches',
        querystring: LocationSearchQuery,
        response: { 200: LocationSearchResponse },
      },
      config: { maxAgeS: COMMODITIES_MAX_AGE_S, example: '/commodities/search?q=calcutta' },
    },
    async (req) => service.search(req.query.q),
  );
  app.get(
    '/commodities/history',
    {
      schema: { summary: 'Price history of a metal in one location, newest first (1–90 days)', querystring: HistoryQuery, response: { 200: HistoryResponse } },
      config: { maxAgeS: COMMODITIES_MAX_AGE_S, example: '/commodities/history?metal=gold&city=india&days=10' },
    },
    async (req, reply) => sendRaw(reply, await service.history(req.query.metal, req.query.city, req.query.days)),
  );
  app.get(
    '/commodities/latest',
    {
      schema: { summary: 'Latest metals crawl: last success and failure, next run, each source', response: { 200: CrawlStatusResponse } },
      config: { maxAgeS: COMMODITIES_MAX_AGE_S, example: '/commodities/latest' },
    },
    async () => service.status(),
  );
}
