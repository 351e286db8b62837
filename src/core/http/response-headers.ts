// The headers every answer carries, success or error: the request id, nosniff, and CORS (any origin
// by default, or CORS_ORIGIN's list). One callback hook for all of them, because it runs on
// every request; and a preflight route for OPTIONS on any path. The API is read-only and
// takes no credentials, so CORS needs no more than this.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS = 'GET, HEAD, OPTIONS';
/** Browsers must not guess a type other than the one sent (a JSON error read as HTML, say). */
export const NOSNIFF = 'nosniff';
// Headers a browser script may read: the request id, what tells it when to come back, and the
// query names its request sent that were ignored (param-names.ts), and why an image was drawn in
// another language than asked (/astro/chart).
const EXPOSED =
  'x-request-id, retry-after, etag, ratelimit, ratelimit-policy, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, x-cache, x-final-url, x-ignored-params, x-language-fallback';
// Browsers may cache a preflight answer this long (seconds); Chromium caps it at 7200.
const PREFLIGHT_MAX_AGE = '7200';

/**
 * What every HTML page adds to those: its own Content-Security-Policy, no framing (clickjacking)
 * and no Referer sent on (the listing links to other sites' examples).
 */
export function htmlPageHeaders(csp: string): Record<string, string> {
  return { 'content-security-policy': csp, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };
}

/** CORS_ORIGIN as a rule: "*" for any origin, else the comma-separated origins allowed. */
export function corsOrigins(setting: string): '*' | ReadonlySet<string> {
  const s = setting.trim();
  return s === '*'
    ? '*'
    : new Set(
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      );
}

/**
 * The headers the onRequest hook below gives every routed answer, for an answer made before
 * routing (a URL Fastify cannot decode, a request Node's parser refuses), where no hook runs.
 * `origin` is the request's Origin header when one was read, `id` its request id when it has one.
 */
export function headersBeforeRouting(origins: '*' | ReadonlySet<string>, origin: string | undefined, id?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (id !== undefined) headers['x-request-id'] = id;
  headers['x-content-type-options'] = NOSNIFF;
  if (origins === '*') headers['access-control-allow-origin'] = '*';
  else {
    headers.vary = 'Origin';
    if (origin !== undefined && origins.has(origin)) headers['access-control-allow-origin'] = origin;
  }
  headers['access-control-expose-headers'] = EXPOSED;
  return headers;
}

export function installResponseHeaders(app: FastifyInstance, origins: '*' | ReadonlySet<string>): void {
  const allowOrigin =
    origins === '*'
      ? (_req: FastifyRequest, reply: FastifyReply) => reply.header('access-control-allow-origin', '*')
      : (req: FastifyRequest, reply: FastifyReply) => {
          // The answer depends on the Origin header: caches must keep one copy per origin.
          reply.header('vary', 'Origin');
          const origin = req.headers.origin;
          if (origin !== undefined && origins.has(origin)) reply.header('access-control-allow-origin', origin);
        };

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', NOSNIFF);
    allowOrigin(req, reply);
    reply.header('access-control-expose-headers', EXPOSED);
    done();
  });

  app.options('/*', { schema: { hide: true } }, (req, reply) => answerOptions(req, reply, METHODS));
}

/**
 * An OPTIONS request for resources that take `methods`: a CORS preflight gets them and the
 * headers it asked for; a plain OPTIONS (no preflight) asks what the resource allows.
 */
export function answerOptions(req: FastifyRequest, reply: FastifyReply, methods: string): FastifyReply {
  if (req.headers['access-control-request-method'] !== undefined) {
    reply.header('access-control-allow-methods', methods).header('access-control-max-age', PREFLIGHT_MAX_AGE);
    const asked = req.headers['access-control-request-headers'];
    if (asked !== undefined) {
      // Any request header is fine for a read-only API (x-api-key included): allow what was asked.
      reply.header('access-control-allow-headers', asked).header('vary', 'Origin, Access-Control-Request-Headers');
    }
  }
  return reply.code(204).header('allow', methods).send();
}
