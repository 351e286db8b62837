// The two response shapes: this API's (README: Web search; /openapi.json) and SearXNG's JSON API, so tools
// built for SearXNG (Open WebUI, LangChain's SearxSearchWrapper, LiteLLM) can point at us.

import { ApiError } from '../../core/errors.js';
import type { SearchAnswer, Unresponsive } from './service.js';
import type { SearchResponse, SearxngResponse } from './schemas.js';

export function toApiResponse(a: SearchAnswer): SearchResponse {
  return {
    success: true,
    query: a.query,
    count: a.results.length,
    took_ms: a.took_ms,
    deep: a.deep,
    sources_read: a.sources_read,
    cached: a.cached,
    ...(a.stale ? { stale: true } : {}),
    results: a.results.map((r) => ({
      title: r.title,
      url: r.url,
      snippet: r.snippet,
      engines: r.engines,
      agreement: r.agreement,
      ...(r.content !== undefined ? { content: r.content } : {}),
    })),
    unresponsive_engines: a.unresponsive,
  };
}

/** SearXNG's words for why an engine did not answer (searx/search/processors). */
const SEARXNG_REASON: Record<string, string> = {
  timeout: 'timeout',
  network: 'network error',
  rate_limited: 'too many requests',
  blocked: 'access denied',
  unavailable: 'HTTP error',
  bad_response: 'parsing error',
  parse: 'parsing error',
  not_found: 'HTTP error',
  suspended: 'suspended',
};

export function toSearxng(a: SearchAnswer): SearxngResponse {
  return {
    query: a.query,
    number_of_results: a.results.length,
    results: a.results.map((r) => {
      const u = new URL(r.url);
      return {
        url: r.url,
        title: r.title,
        content: r.snippet,
        engine: r.engines[0],
        engines: r.engines,
        positions: r.positions,
        score: Math.round(r.score * 1000) / 1000,
        category: 'general',
        template: 'default.html',
        // Python's urlparse tuple: scheme, netloc, path, params, query, fragment.
        parsed_url: [u.protocol.replace(/:$/, ''), u.host, u.pathname, '', u.search.replace(/^\?/, ''), ''],
        publishedDate: r.published ?? null,
        ...(r.content !== undefined ? { page_content: r.content } : {}),
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: a.unresponsive.map((u) => [u.engine, SEARXNG_REASON[u.reason] ?? u.reason] as [string, string]),
  };
}

/**
 * A failed search as SearXNG answers one: 200 with no results and each engine's reason in
 * unresponsive_engines (searx/webapp.py), so a client built for SearXNG reads "nothing found,
 * these engines failed" instead of an error shape it does not know. Other errors pass through.
 */
export function searxngFailure(err: unknown, query: string): SearxngResponse {
  const failed = err instanceof ApiError && (err.code === 'UPSTREAM_FAILED' || err.code === 'UPSTREAM_TIMEOUT');
  if (!failed) throw err;
  const unresponsive = Array.isArray(err.extra.unresponsive_engines) ? (err.extra.unresponsive_engines as Unresponsive[]) : [];
  return toSearxng({ query, results: [], unresponsive, sources_read: 0, deep: false, cached: false, stale: false, took_ms: 0 });
}
