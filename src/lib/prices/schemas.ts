// Schemas both price groups answer with: the crawl report, and location search.

import { Type, Ok } from '../../core/schema.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const CrawlStatusResponse = Type.Object({
  status: Ok,
  last_success: Nullable(Type.String()),
  last_failure: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  next_run: Nullable(Type.String()),
  sources: Type.Array(
    Type.Object({
      name: Type.String(),
      last_success: Nullable(Type.String()),
      last_failure: Nullable(Type.String()),
      rows: Type.Integer(),
      pages: Type.Array(Type.Object({ page: Type.String(), places: Type.Integer() }), {
        description: 'the pages the source answered in its last crawl, each with how many places it listed',
      }),
      errors: Type.Array(Type.String(), { description: 'the first errors the source caused in its last crawl (at most five), each naming the page' }),
    }),
  ),
});

export const LocationSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, description: 'a location name, even misspelt' }),
});

export const LocationSearchResponse = Type.Object({
  status: Ok,
  query: Type.String(),
  count: Type.Integer(),
  results: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
});
