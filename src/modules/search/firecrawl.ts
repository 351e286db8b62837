// Firecrawl's v2 search (as @mendable/firecrawl-js sends it) translated to /search: the body
// becomes /search's parameters, the answer Firecrawl's `data.web` / `data.news` lists, and with
// scrapeOptions the deep reading's page text as each result's markdown.
// docs/decisions/reader-front-doors.md lists each option.

import { FirecrawlDocument, FirecrawlLink, formatName, MODEL_FORMATS } from '../../core/http/firecrawl.js';
import { notSupported } from '../../core/errors.js';
import { type Static, Type } from '../../core/schema.js';
import type { SearchAnswer } from './service.js';

const Strings = Type.Array(Type.String({ maxLength: 253 }), { maxItems: 50 });
const Source = Type.Union([Type.String(), Type.Object({ type: Type.String() }, { additionalProperties: true })]);

export const FirecrawlSearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 400, description: 'the search terms' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'results per source (default 5; at most 30 here)' })),
    sources: Type.Optional(Type.Array(Source, { maxItems: 5, description: 'web (default) and news; images are not offered' })),
    tbs: Type.Optional(Type.String({ maxLength: 100, description: 'qdr:d (the last day) only' })),
    includeDomains: Type.Optional(Strings),
    excludeDomains: Type.Optional(Strings),
    scrapeOptions: Type.Optional(Type.Object({ formats: Type.Optional(Type.Array(Source, { maxItems: 20 })) }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type FirecrawlSearchBody = Static<typeof FirecrawlSearchBody>;

const NewsItem = Type.Object({ url: Type.String(), title: Type.String(), snippet: Type.String(), position: Type.Integer() });
const WebItem = Type.Union([Type.Intersect([FirecrawlLink, Type.Object({ position: Type.Integer() })]), FirecrawlDocument]);

export const FirecrawlSearchAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ web: Type.Optional(Type.Array(WebItem)), news: Type.Optional(Type.Array(Type.Union([NewsItem, FirecrawlDocument]))) }),
});

/** Firecrawl's default number of results. */
const DEFAULT_LIMIT = 5;

export interface FirecrawlSearchPlan {
  /** One /search per source asked: web and news. */
  sources: ('web' | 'news')[];
  limit: number;
  /** Read the top pages (scrapeOptions asked for page content). */
  deep: boolean;
  keep: (url: string) => boolean;
}

/** What a Firecrawl search body asks of /search (`maxLimit` is /search's largest limit). */
export function searchPlan(body: FirecrawlSearchBody, maxLimit: number): FirecrawlSearchPlan {
  const asked = (body.sources ?? ['web']).map(formatName);
  for (const s of asked)
    if (s !== 'web' && s !== 'news') throw notSupported(`the ${s} source is not offered by this server; it searches web and news`, { param: 'sources' });
  if (body.tbs && body.tbs !== 'qdr:d') throw notSupported('tbs: this server filters by time only to the last day (qdr:d)', { param: 'tbs' });
  const formats = (body.scrapeOptions?.formats ?? []).map(formatName);
  for (const f of formats) {
    if (MODEL_FORMATS.has(f))
      throw notSupported(`the ${f} format needs a language model (LLM extraction), which this server does not offer`, { param: 'scrapeOptions.formats' });
    if (f !== 'markdown')
      throw notSupported(`search reads the top pages as text given as markdown; the ${f} format is not offered here (scrape each result instead)`, {
        param: 'scrapeOptions.formats',
      });
  }
  // tbs=qdr:d is /search's news=1 (results of the last day).
  const sources: ('web' | 'news')[] = body.tbs === 'qdr:d' ? ['news'] : [...new Set(asked as ('web' | 'news')[])];
  const includes = (body.includeDomains ?? []).map((d) => d.toLowerCase());
  const excludes = (body.excludeDomains ?? []).map((d) => d.toLowerCase());
  const within = (host: string, d: string) => host === d || host.endsWith(`.${d}`);
  const keep = (url: string) => {
    const host = new URL(url).hostname.toLowerCase();
    return (includes.length === 0 || includes.some((d) => within(host, d))) && !excludes.some((d) => within(host, d));
  };
  return { sources, limit: Math.min(body.limit ?? DEFAULT_LIMIT, maxLimit), deep: formats.length > 0, keep };
}

/** One source's results, as Firecrawl lists them: links, or Documents when pages were read. */
export function firecrawlResults(a: SearchAnswer, source: 'web' | 'news', plan: FirecrawlSearchPlan) {
  const kept = a.results.filter((r) => plan.keep(r.url)).slice(0, plan.limit);
  return kept.map((r, i) => {
    if (plan.deep) {
      return {
        url: r.url,
        title: r.title,
        description: r.snippet,
        ...(r.content !== undefined ? { markdown: r.content } : {}),
        metadata: { title: r.title, description: r.snippet, sourceURL: r.url, url: r.url },
      };
    }
    return source === 'news'
      ? { url: r.url, title: r.title, snippet: r.snippet, position: i + 1 }
      : { url: r.url, title: r.title, description: r.snippet, position: i + 1 };
  });
}
