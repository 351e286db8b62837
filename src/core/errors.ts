// The closed catalog of error codes and their HTTP status: the one place a status is chosen.
// Two body styles (both in /openapi.json): the standard one, and the `success:false` one of the web endpoints.

export const ERROR_STATUS = {
  INVALID_PARAMETER: 400, // a parameter is missing, malformed or out of range
  BAD_REQUEST: 400, // the HTTP request itself could not be parsed
  BLOCKED_URL: 400, // the web fetcher refuses the target (scheme, private address)
  UNSUPPORTED_CONTENT: 400, // the target is a binary (PDF, image) we do not parse
  UNAUTHORIZED: 401, // API key missing or wrong
  NOT_FOUND: 404, // unknown path, or unknown city/product/train/etc.
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408, // the client took too long to send its request
  PAYLOAD_TOO_LARGE: 413, // a body larger than the server reads (a GET needs none)
  URI_TOO_LONG: 414,
  SELECTOR_NOT_FOUND: 422, // a CSS selector the caller asked for (web include) matched nothing on the page
  PAGE_TOO_COMPLEX: 422, // a page over a limit of its reading: HTML nodes, time or memory (the body names the limit)
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431, // request line and headers over Node's limit (16 KiB)
  INTERNAL: 500, // a bug; never for input
  NOT_SUPPORTED: 501, // an operation of an API we mirror (Firecrawl's) that this service does not offer
  UPSTREAM_FAILED: 502, // every upstream we tried failed
  NOT_READY: 503, // no data yet, or a dependency is down
  NOT_CONFIGURED: 503, // no upstream that could answer is configured: the body names the setting that turns one on
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Extra keys users may act on: the parameter, a hint, the accepted values, … */
export type ErrorExtra = {
  param?: string;
  hint?: string;
  valid_values?: readonly (string | number)[];
  [key: string]: unknown;
};

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly extra: ErrorExtra;
  /** Headers to add to the error response (Retry-After, Allow, …). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, extra: ErrorExtra = {}, headers: Record<string, string> = {}) {
    // An ApiError is an answer, not a bug: its stack is never logged (a 500 logs the error
    // that caused it), and capturing one costs microseconds on every refused request.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ApiError';
    this.code = code;
    this.extra = extra;
    this.headers = headers;
    this.statusCode = ERROR_STATUS[code];
  }
}

// Small constructors so call sites read as sentences: one for every code a handler
// raises, so none builds an ApiError by hand.
type Headers = Record<string, string>;
export const invalidParam = (param: string, message: string, extra: ErrorExtra = {}) => new ApiError('INVALID_PARAMETER', message, { param, ...extra });
/**
 * A place the vocabulary does not know (src/lib/places): the one error for it on every endpoint
 * that takes a place, a 400 like any unknown parameter value (docs/decisions/places-vocabulary.md),
 * with the closest known places, best first, each written so that it can be sent back as it is.
 */
export const unknownPlace = (param: string, value: string, suggestions: readonly string[], hint: string) =>
  invalidParam(param, `unknown place "${value.slice(0, 60)}"${suggestions.length ? `; did you mean ${suggestions.join(' or ')}?` : ''}`, {
    suggestions,
    hint,
  });
export const blockedUrl = (message: string, extra: ErrorExtra = {}) => new ApiError('BLOCKED_URL', message, extra);
export const unsupportedContent = (message: string, extra: ErrorExtra = {}) => new ApiError('UNSUPPORTED_CONTENT', message, extra);
export const unauthorized = (message: string) => new ApiError('UNAUTHORIZED', message);
export const notFound = (message: string, extra: ErrorExtra = {}) => new ApiError('NOT_FOUND', message, extra);
/** `allow` lists the methods the path takes (the Allow header a 405 must carry). */
export const methodNotAllowed = (message: string, allow: string) => new ApiError('METHOD_NOT_ALLOWED', message, {}, { allow });
export const rateLimited = (message: string) => new ApiError('RATE_LIMITED', message);
/** An operation or option of a mirrored API (Firecrawl's) that this service does not offer: the message says what to use instead. */
export const notSupported = (message: string, extra: ErrorExtra = {}) => new ApiError('NOT_SUPPORTED', message, extra);
/** A bug: the message says where to look, never what went wrong. */
export const internalError = (message: string) => new ApiError('INTERNAL', message);
export const notReady = (message: string, extra: ErrorExtra = {}, headers: Headers = {}) => new ApiError('NOT_READY', message, extra, headers);
/** Nothing failed: no upstream that could answer is configured. `setting` names what turns one on. */
export const notConfigured = (message: string, extra: ErrorExtra = {}) => new ApiError('NOT_CONFIGURED', message, extra);
export const upstreamFailed = (message: string, extra: ErrorExtra = {}, headers: Headers = {}) => new ApiError('UPSTREAM_FAILED', message, extra, headers);
/** A selector the caller named matched nothing: `param` and `selector` say which. */
export const selectorNotFound = (param: string, selector: string, message: string, extra: ErrorExtra = {}) =>
  new ApiError('SELECTOR_NOT_FOUND', message, { param, selector, ...extra });
/** A page past a limit of its reading: `limit` names it (nodes, time_ms, heap_mb), `max` its value. */
export const pageTooComplex = (message: string, extra: ErrorExtra = {}) => new ApiError('PAGE_TOO_COMPLEX', message, extra);
export const upstreamTimeout = (message: string, extra: ErrorExtra = {}, headers: Headers = {}) => new ApiError('UPSTREAM_TIMEOUT', message, extra, headers);

/** How a route wants its errors written. Set per route: `config: { envelope: 'web' }`. */
export type Envelope = 'standard' | 'web';

export function errorBody(envelope: Envelope, code: ErrorCode, message: string, extra: ErrorExtra = {}) {
  if (envelope === 'web') return { success: false, error: message, code, ...extra };
  return { status: 'error', code, message, ...extra };
}
