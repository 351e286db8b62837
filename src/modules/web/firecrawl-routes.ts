// Firecrawl's v2 scrape and map under /firecrawl (src/modules/web/firecrawl.ts translates),
// and Firecrawl's answer for what this server does not offer (crawl jobs, batches, extraction).

import { asQuery } from '../../core/http/header-options.js';
import { answerOptions } from '../../core/http/response-headers.js';
import { FIRECRAWL_PREFIX, firecrawlRoute } from '../../core/http/firecrawl.js';
import { methodNotAllowed, notFound, notSupported } from '../../core/errors.js';
import type { App } from '../../core/module.js';
import { type FetchParams, readOptionsOf } from './fetch-request.js';
import { MapAnswer, MapBody, mapLimit, mapLinks, ScrapeAnswer, ScrapeBody, scrapeDocument, scrapePlan } from './firecrawl.js';
import { FetchQuery } from './schemas.js';
import type { WebService } from './service.js';

/** The Firecrawl endpoints this server offers (POST). */
const OFFERED = /^\/v2\/(scrape|map|search)\/?$/;

/** Firecrawl's job and model endpoints, and what to use instead. */
const NOT_OFFERED: [RegExp, string][] = [
  [/^\/v[12]\/crawl\b/, 'crawl jobs are not offered by this server; use /firecrawl/v2/map and scrape each page, or GET /crawl'],
  [/^\/v[12]\/batch\/scrape\b/, 'batch scrape jobs are not offered by this server; scrape each URL with /firecrawl/v2/scrape'],
  [/^\/v[12]\/(extract|agent|deep-research|llmstxt)\b/, 'LLM extraction is not offered by this server; scrape as markdown and extract yourself'],
];

export function firecrawlRoutes(app: App, service: WebService): void {
  app.post(
    `${FIRECRAWL_PREFIX}/v2/scrape`,
    {
      schema: {
        summary: "Firecrawl's scrape (v2): one page read like /fetch, answered as a Firecrawl Document",
        body: ScrapeBody,
        response: { 200: ScrapeAnswer },
      },
      config: firecrawlRoute,
    },
    async (req) => {
      const plan = scrapePlan(req.body);
      const q = asQuery<FetchParams>(req, FetchQuery, plan.query);
      const page = await service.read(service.parseUrl(q.url), readOptionsOf(q));
      return { success: true, data: scrapeDocument(req.body.url, page, plan.formats) };
    },
  );
  app.post(
    `${FIRECRAWL_PREFIX}/v2/map`,
    {
      schema: { summary: "Firecrawl's map (v2): the links of a page and its sitemaps, as /map finds them", body: MapBody, response: { 200: MapAnswer } },
      config: firecrawlRoute,
    },
    async (req) => {
      const map = await service.map(service.parseUrl(req.body.url), { limit: mapLimit(), sameHost: true });
      return { success: true, links: mapLinks(map.links, req.body) };
    },
  );
  // Browser clients preflight their POST; the app-wide OPTIONS route only allows GET.
  app.options(`${FIRECRAWL_PREFIX}/*`, { schema: { hide: true } }, (req, reply) => answerOptions(req, reply, 'POST, OPTIONS'));
  // Every other path under the prefix, any other method: Firecrawl's error shape, saying what is offered.
  const methods = app.supportedMethods.filter((m) => m !== 'OPTIONS');
  app.route({
    method: methods,
    url: `${FIRECRAWL_PREFIX}/*`,
    schema: { hide: true },
    config: firecrawlRoute,
    handler: async (req) => {
      const path = req.url.slice(FIRECRAWL_PREFIX.length).split('?')[0];
      const offered = NOT_OFFERED.find(([re]) => re.test(path));
      if (offered) throw notSupported(offered[1]);
      if (OFFERED.test(path)) throw methodNotAllowed(`${req.method} is not allowed here; Firecrawl's ${path} takes POST with a JSON body`, 'POST, OPTIONS');
      throw notFound(`no Firecrawl endpoint at ${path}; this server offers POST ${FIRECRAWL_PREFIX}/v2/scrape, /v2/map and /v2/search`);
    },
  });
}
