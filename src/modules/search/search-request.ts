// What a /search request asks of the service: its query as search parameters, and the shape it
// wants back. One place, so /search and /s/<query> (its query from the path and headers) answer
// alike and gain any new /search parameter together.

import { invalidParam } from '../../core/errors.js';
import { isOn, type Static } from '../../core/schema.js';
import { toApiResponse, toSearxng } from './format.js';
import type { SearchQuery } from './schemas.js';
import type { SearchAnswer, SearchParams } from './service.js';

export type SearchQueryParams = Static<typeof SearchQuery>;

/** The search a validated /search query asks for. */
export function searchParamsOf(q: SearchQueryParams): SearchParams {
  if (q.q.trim().length < 2) throw invalidParam('q', 'q must be 2 to 400 characters (not counting spaces around it)');
  return { q: q.q, limit: q.limit, deep: isOn(q.deep), pages: q.pages, news: isOn(q.news) };
}

/** The answer in the shape the query asked for (this API's, or SearXNG's). */
export const answerShaped = (q: SearchQueryParams, answer: SearchAnswer) => (q.format === 'searxng' ? toSearxng(answer) : toApiResponse(answer));
