// Route table of the liquor module: lists (cached 10 minutes by clients too), one product, and
// the generated label cards (7 days, revalidated with the ETag).

import type { FastifyRequest } from 'fastify';
import { sendRaw } from '../../core/http/raw-json.js';
import type { App } from '../../core/module.js';
import * as S from './schemas.js';
import type { LiquorService } from './service.js';

// How long clients may keep answers (the app's conditional-GET hook writes Cache-Control and
// answers 304 to a held ETag): lists 10 minutes, label cards 7 days.
const LIST_MAX_AGE_S = 600;
const IMAGE_MAX_AGE_S = 7 * 86_400;
const HONEST = "Prices are the state corporation's official list (Kerala: KSBC), imported from its published price list; nothing is scraped from retailers.";
const NO_REVIEWS = 'rating is null, review_count 0 and reviews empty: no open source publishes ratings or reviews for these lists, and none are invented.';

/** Where image URLs point: PUBLIC_BASE_URL when set, else the host the request came to. */
const baseOf = (configured: string | undefined) => (req: FastifyRequest) => (configured ? configured.replace(/\/+$/, '') : `${req.protocol}://${req.host}`);

export function liquorRoutes(app: App, service: LiquorService, publicBase: string | undefined): void {
  const base = baseOf(publicBase);
  app.get(
    '/liquor/brands',
    {
      schema: {
        summary: `Brand families of a state's price list with their product and category counts. ${HONEST}`,
        querystring: S.StateQuery,
        response: { 200: S.BrandsResponse },
      },
      config: { maxAgeS: LIST_MAX_AGE_S, example: '/liquor/brands' },
    },
    async (req, reply) => sendRaw(reply, await service.brands(req.query.state)),
  );
  app.get(
    '/liquor/categories',
    {
      schema: {
        summary: "Categories (kinds of drink) of a state's price list with product counts",
        querystring: S.StateQuery,
        response: { 200: S.CategoriesResponse },
      },
      config: { maxAgeS: LIST_MAX_AGE_S, example: '/liquor/categories' },
    },
    async (req, reply) => sendRaw(reply, await service.categories(req.query.state)),
  );
  app.get(
    '/liquor',
    {
      schema: {
        summary: 'Products of a brand or a category, cheapest first (shop price, tax included)',
        querystring: S.ListQuery,
        response: { 200: S.ListResponse },
      },
      config: { maxAgeS: LIST_MAX_AGE_S, example: '/liquor?category=Whisky' },
    },
    async (req, reply) => sendRaw(reply, await service.list(req.query, base(req))),
  );
  app.get(
    '/liquor/search',
    {
      schema: {
        summary: 'Products whose printed name matches a text (typo-tolerant), best match first, at most 50',
        querystring: S.SearchQuery,
        response: { 200: S.SearchResponse },
      },
      config: { maxAgeS: LIST_MAX_AGE_S, example: '/liquor/search?q=old%20monk' },
    },
    async (req, reply) => sendRaw(reply, await service.search(req.query.q, req.query.state, base(req))),
  );
  app.get(
    '/liquor/product/:id',
    {
      schema: {
        summary: `One product: price, product code (sku), whether it is in the newest list, and its price in every imported list. ${NO_REVIEWS}`,
        params: S.ProductParams,
        response: { 200: S.ProductResponse },
      },
      config: { maxAgeS: LIST_MAX_AGE_S, example: '/liquor/product/1' },
    },
    async (req) => service.product(req.params.id, base(req)),
  );
  app.get(
    '/liquor-img/:file',
    {
      schema: {
        summary: "A product's label card as WebP: generated from the list's facts (name, size, kind, price), not a photograph",
        params: S.ImageParams,
        response: { 200: S.ImageAnswers },
      },
      config: { maxAgeS: IMAGE_MAX_AGE_S, example: '/liquor-img/southern-choice_1.webp' },
    },
    async (req, reply) => {
      const card = await service.image(req.params.file);
      // The card's own ETag (a hash of its facts) is cheaper than hashing the image.
      return reply.header('etag', card.etag).type('image/webp').send(card.body);
    },
  );
}
