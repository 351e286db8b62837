// Request and response schemas of GET /search and /v1/search (README: Web search), plus the
// SearXNG JSON shape for format=searxng (what Open WebUI, LangChain and LiteLLM read).

import { Type, Flag, IntRange, type Static, defaulted } from '../../core/schema.js';

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 400, description: 'the search terms, 2 to 400 characters' }),
  limit: IntRange(1, 30, 10, 'number of results, 1 to 30'),
  deep: Flag('0', '1 reads the top pages and adds their text as `content`'),
  pages: IntRange(1, 8, 4, 'pages read in deep mode, 1 to 8'),
  news: Flag('0', '1 keeps only results from the last 24 hours'),
  format: defaulted(Type.Enum(['json', 'searxng'], { default: 'json', description: 'json (this API) or searxng (the SearXNG JSON API shape)' })),
});
export type SearchQuery = Static<typeof SearchQuery>;

const Unresponsive = Type.Object({ engine: Type.String(), reason: Type.String() });

export const WebResult = Type.Object({
  title: Type.String(),
  url: Type.String(),
  snippet: Type.String(),
  engines: Type.Array(Type.String()),
  agreement: Type.Integer(),
  content: Type.Optional(Type.String()),
});

export const SearchResponse = Type.Object({
  success: Type.Boolean(),
  query: Type.String(),
  count: Type.Integer(),
  took_ms: Type.Integer(),
  deep: Type.Boolean(),
  sources_read: Type.Integer(),
  cached: Type.Boolean(),
  stale: Type.Optional(Type.Boolean()),
  results: Type.Array(WebResult),
  unresponsive_engines: Type.Array(Unresponsive),
});
export type SearchResponse = Static<typeof SearchResponse>;

/** SearXNG's /search?format=json answer (searx/webapp.py), the fields clients read. */
export const SearxngResponse = Type.Object({
  query: Type.String(),
  number_of_results: Type.Integer(),
  results: Type.Array(
    Type.Object({
      url: Type.String(),
      title: Type.String(),
      content: Type.String(),
      engine: Type.String(),
      engines: Type.Array(Type.String()),
      positions: Type.Array(Type.Integer()),
      score: Type.Number(),
      category: Type.String(),
      template: Type.String(),
      parsed_url: Type.Array(Type.String()),
      publishedDate: Type.Union([Type.String(), Type.Null()]),
      page_content: Type.Optional(Type.String()),
    }),
  ),
  answers: Type.Array(Type.String()),
  corrections: Type.Array(Type.String()),
  infoboxes: Type.Array(Type.Object({})),
  suggestions: Type.Array(Type.String()),
  // SearXNG's [engine, reason] pairs. Written as a two-string array, not a tuple: OpenAPI 3.1
  // documents have no draft-07 tuple form, and the serialized answer is the same.
  unresponsive_engines: Type.Array(Type.Array(Type.String(), { minItems: 2, maxItems: 2 })),
});
export type SearxngResponse = Static<typeof SearxngResponse>;
