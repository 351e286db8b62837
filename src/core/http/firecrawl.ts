// What the Firecrawl-compatible routes share (POST /firecrawl/v2/scrape and /map in the web
// module, /search in the search module): the prefix, the route settings, and Firecrawl's v2
// shapes as @mendable/firecrawl-js reads them (src/v2/types.ts of the SDK: Document,
// DocumentMetadata). Errors are the web envelope, `{ success: false, error }`, which is
// Firecrawl's; keys are the service's own, which clients send as `Authorization: Bearer`.
// docs/decisions/reader-front-doors.md says what is translated, ignored and refused.

import { Type } from '../schema.js';

/** Where the Firecrawl-compatible API lives: a client's `apiUrl` is `https://<host>/firecrawl`. */
export const FIRECRAWL_PREFIX = '/firecrawl';

/** Route settings of every Firecrawl route: Firecrawl's error shape, keyed like /fetch, documented with its 501. */
export const firecrawlRoute = { envelope: 'web' as const, apiKey: true, mirrors: 'Firecrawl' };

/** DocumentMetadata: the fields this service knows of a page. */
export const FirecrawlMetadata = Type.Object(
  {
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    language: Type.Optional(Type.String()),
    sourceURL: Type.String({ description: 'the URL asked for' }),
    url: Type.Optional(Type.String({ description: 'the URL read, after redirects' })),
    statusCode: Type.Optional(Type.Integer()),
    contentType: Type.Optional(Type.String()),
    ogImage: Type.Optional(Type.String()),
    ogSiteName: Type.Optional(Type.String()),
    canonical: Type.Optional(Type.String()),
    numPages: Type.Optional(Type.Integer()),
    cacheState: Type.Optional(Type.Enum(['hit', 'miss'])),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** A Document: one field per format asked, and the metadata. */
export const FirecrawlDocument = Type.Object(
  {
    markdown: Type.Optional(Type.String()),
    html: Type.Optional(Type.String()),
    links: Type.Optional(Type.Array(Type.String())),
    images: Type.Optional(Type.Array(Type.String())),
    screenshot: Type.Optional(Type.String()),
    metadata: FirecrawlMetadata,
  },
  { additionalProperties: true },
);

/** A page of the web, as map and search list it. */
export const FirecrawlLink = Type.Object({
  url: Type.String(),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});

/** Formats that need a language model (Firecrawl's LLM extraction) or Firecrawl's own services. */
export const MODEL_FORMATS = new Set([
  'json',
  'summary',
  'changeTracking',
  'branding',
  'attributes',
  'question',
  'highlights',
  'query',
  'product',
  'menu',
  'audio',
  'video',
]);

/** The name of a format as the SDK sends it: a string, or an object with its type. */
export const formatName = (f: unknown): string =>
  typeof f === 'string' ? f : f && typeof f === 'object' && typeof (f as { type?: unknown }).type === 'string' ? (f as { type: string }).type : String(f);
