// GET /search and its versioned alias /v1/search (README: Web search); GET /s/<query>, the same
// with the terms in the path (Jina's form); POST /firecrawl/v2/search, Firecrawl's search.

import { FIRECRAWL_PREFIX, firecrawlRoute } from '../../core/http/firecrawl.js';
import { asQuery, rawTail, wantsJson } from '../../core/http/header-options.js';
import type { App } from '../../core/module.js';
import { ContentTypes, Type } from '../../core/schema.js';
import { toApiResponse } from './format.js';
import { FirecrawlSearchAnswer, FirecrawlSearchBody, firecrawlResults, searchPlan } from './firecrawl.js';
import { searchHeaders, searchTerms, searchText } from './reader.js';
import { SearchQuery, SearchResponse, SearxngResponse } from './schemas.js';
import { answerShaped, type SearchQueryParams, searchParamsOf } from './search-request.js';
import type { SearchService } from './service.js';

const Answers = Type.Union([SearchResponse, SearxngResponse]);

export function searchRoutes(app: App, service: SearchService): void {
  for (const path of ['/search', '/v1/search']) {
    app.get(
      path,
      {
        schema: {
          summary: path === '/search' ? 'Metasearch: results merged across engines, ranked by agreement' : 'Alias of /search',
          querystring: SearchQuery,
          response: { 200: Answers },
        },
        config: { example: `${path}?q=monsoon+forecast+kerala&limit=5`, envelope: 'web', apiKey: true },
      },
      async (req) => answerShaped(req.query, (p) => service.search(p)),
    );
  }

  app.get(
    '/s/*',
    {
      schema: {
        summary: 'A search like /search, its terms written after /s/; options as X- headers',
        description:
          "Jina's s.jina.ai form: `GET /s/monsoon+forecast+kerala`. Markdown (text/markdown), a heading per result, unless the request says `Accept: application/json`, which gets the /search answer. Each /search parameter is a header X-<name> (X-Limit, X-Deep, X-News…).",
        params: Type.Object({ '*': Type.String({ title: 'q', description: 'the search terms, + or %20 for spaces' }) }),
        headers: searchHeaders.schema,
        response: {
          200: ContentTypes('The results as Markdown, or with Accept: application/json the /search answer', {
            'application/json': Answers,
            'text/markdown': Type.String({ description: 'a heading per result: its link, snippet, and page text in deep mode' }),
          }),
        },
      },
      config: { envelope: 'web', apiKey: true, example: '/s/monsoon+forecast+kerala' },
    },
    async (req, reply) => {
      const q = searchHeaders.query<SearchQueryParams>(req, { q: searchTerms(rawTail(req, '/s/')) });
      if (wantsJson(req) || q.format === 'searxng') return answerShaped(q, (p) => service.search(p));
      const answer = await service.search(searchParamsOf(q));
      return reply.type('text/markdown; charset=utf-8').send(searchText(toApiResponse(answer)));
    },
  );
  // /s/ with nothing after it (the router takes it as /s): the 400 a query too short gets.
  app.get('/s', { schema: { hide: true }, config: { envelope: 'web', apiKey: true } }, async () => searchParamsOf({ q: '' } as SearchQueryParams));

  app.post(
    `${FIRECRAWL_PREFIX}/v2/search`,
    {
      schema: {
        summary: "Firecrawl's search (v2): /search's results as Firecrawl lists them; with scrapeOptions, the top pages' text",
        body: FirecrawlSearchBody,
        response: { 200: FirecrawlSearchAnswer },
      },
      config: firecrawlRoute,
    },
    async (req) => {
      const props = (SearchQuery as unknown as { properties: Record<string, { maximum: number }> }).properties;
      const plan = searchPlan(req.body, props.limit.maximum);
      const data: Record<string, unknown> = {};
      for (const source of plan.sources) {
        // Asks for the most results /search gives when domains are filtered after.
        const query = {
          q: req.body.query,
          limit: String(props.limit.maximum),
          deep: plan.deep ? '1' : '0',
          pages: String(Math.min(plan.limit, props.pages.maximum)),
          news: source === 'news' ? '1' : '0',
        };
        const q = asQuery<SearchQueryParams>(req, SearchQuery, query);
        data[source] = firecrawlResults(await service.search(searchParamsOf(q)), source, plan);
      }
      return { success: true, data };
    },
  );
}
