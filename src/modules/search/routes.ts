// GET /search and its versioned alias /v1/search (README: Web search).

import type { App } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { isOn, Type } from '../../core/schema.js';
import { SearchQuery, SearchResponse, SearxngResponse } from './schemas.js';
import { searxngFailure, toApiResponse, toSearxng } from './format.js';
import type { SearchService } from './service.js';

export function searchRoutes(app: App, service: SearchService): void {
  for (const path of ['/search', '/v1/search']) {
    app.get(
      path,
      {
        schema: {
          summary: path === '/search' ? 'Metasearch: results merged across engines, ranked by agreement' : 'Alias of /search',
          querystring: SearchQuery,
          response: { 200: Type.Union([SearchResponse, SearxngResponse]) },
        },
        config: { example: `${path}?q=monsoon+forecast+kerala&limit=5`, envelope: 'web', apiKey: true },
      },
      async (req) => {
        const q = req.query;
        if (q.q.trim().length < 2) throw invalidParam('q', 'q must be 2 to 400 characters (not counting spaces around it)');
        const params = { q: q.q, limit: q.limit, deep: isOn(q.deep), pages: q.pages, news: isOn(q.news) };
        if (q.format !== 'searxng') return toApiResponse(await service.search(params));
        return service.search(params).then(toSearxng, (err: unknown) => searxngFailure(err, q.q.replace(/\s+/g, ' ').trim()));
      },
    );
  }
}
