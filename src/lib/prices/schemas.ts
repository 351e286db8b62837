// Schemas both price groups answer with: the crawl report, and location search.

import { Type, Ok } from '../../core/schema.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const CrawlStatusResponse = Type.Object({
  status: Ok,
  last_success: Nullable(Type.String()),
  last_failure: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  next_run: Nullable(Type.String()),
  sources: Type.Array(Type.Object({ name: Type.String(), last_success: Nullable(Type.String()), last_failure: Nullable(Type.String()), rows: Type.Integer() })),
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
