// What a /search request asks of the service: its query as search parameters, and the shape it
// wants back. One place, so /search and /s/<query> (its query from the path and headers) answer
// alike and gain any new /search parameter together.

import { invalidParam } from '../../core/errors.js';
import { isOn, type Static } from '../../core/schema.js';
import { searxngFailure, toApiResponse, toSearxng } from './format.js';
import type { SearchQuery } from './schemas.js';
import type { SearchAnswer, SearchParams } from './service.js';

export type SearchQueryParams = Static<typeof SearchQuery>;

/** The search a validated /search query asks for. */
export function searchParamsOf(q: SearchQueryParams): SearchParams {
  if (q.q.trim().length < 2) throw invalidParam('q', 'q must be 2 to 400 characters (not counting spaces around it)');
  return { q: q.q, limit: q.limit, deep: isOn(q.deep), pages: q.pages, news: isOn(q.news) };
}

/**
 * The search a query asks for, answered in the shape it asked for: this API's, or SearXNG's, where
 * a search no engine answered is a 200 with no results and the engines in unresponsive_engines.
 */
export async function answerShaped(q: SearchQueryParams, search: (p: SearchParams) => Promise<SearchAnswer>) {
  const params = searchParamsOf(q);
  if (q.format !== 'searxng') return toApiResponse(await search(params));
  return search(params).then(toSearxng, (err: unknown) => searxngFailure(err, q.q.replace(/\s+/g, ' ').trim()));
}
