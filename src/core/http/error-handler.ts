// One error handler and one 404 handler for the whole service. Input never yields a 500;
// a 5xx body never carries internals (they go to the log with the request id).

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, internalError, notFound, notReady, type Envelope } from '../errors.js';
import { validationError } from '../validation.js';
import { frameworkError } from './client-errors.js';
import { recordPaths } from './path-names.js';
import { headersBeforeRouting } from './response-headers.js';
import { isDatabaseUnavailable } from '../db/index.js';
import { toApiError, UpstreamError, AllProvidersFailed } from '../upstream/errors.js';

const WEB_PATHS = /^\/(v1\/|firecrawl\/|[rs]\/|(search|fetch|crawl|map)(\/|$|\?))/;

/** The body style of a request: from its route, or from its path when no route matched. */
export function envelopeOf(req: FastifyRequest): Envelope {
  return req.routeOptions?.config?.envelope ?? (WEB_PATHS.test(req.url) ? 'web' : 'standard');
}

// When a 502/503/504 does not say when to come back, a client should not hammer: half a minute.
const DEFAULT_RETRY_AFTER_S = '30';
/** Retry-After of a 503 while a required dependency (the database, the cache) is down: the health check runs again within a second. */
export const DEPENDENCY_RETRY_AFTER_S = '5';

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  // Every 502/503/504 says when to come back; the failover's own figure (a provider's suspension) when it set one.
  if (err.statusCode >= 502 && err.statusCode <= 504 && !reply.hasHeader('retry-after')) reply.header('retry-after', DEFAULT_RETRY_AFTER_S);
  return reply
    .code(err.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(envelopeOf(req), err.code, err.message, err.extra));
}

function toApi(err: FastifyError & { validationContext?: string }, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof UpstreamError || err instanceof AllProvidersFailed) return toApiError(err, req.routeOptions?.url ?? 'upstream');
  if (isDatabaseUnavailable(err)) {
    return notReady('the database is unavailable; retry shortly', {}, { 'retry-after': DEPENDENCY_RETRY_AFTER_S });
  }
  if (err.validation) {
    return validationError(
      err.validation,
      err.validationContext,
      req.routeOptions?.schema as { querystring?: unknown; params?: unknown; headers?: unknown; body?: unknown },
    );
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return frameworkError(err.statusCode, err.message || 'bad request');
  }
  return internalError('internal error; the request id is in the x-request-id header');
}

/**
 * What an error thrown while serving a request answers, logged as the error handler logs it:
 * only a bug (500) is an error with a stack; 502/503/504 are the world's state, not ours. The
 * same for an HTTP request and an MCP tool call (src/mcp/run.ts).
 */
export function apiErrorOf(error: FastifyError, req: FastifyRequest): ApiError {
  const api = toApi(error, req);
  if (api.statusCode === 500) req.log.error({ err: error }, 'request failed');
  else if (api.statusCode > 500) req.log.warn({ code: api.code, reason: api.message }, 'request not served');
  else req.log.debug({ code: api.code, reason: api.message }, 'request refused');
  return api;
}

/**
 * Errors Fastify raises before routing (a path part longer than the router takes, a URL that
 * does not decode): answered in the catalog's shape, without echoing the path back.
 */
export function frameworkErrorHandlerFor(origins: '*' | ReadonlySet<string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // No onRequest hook runs before routing: the headers every answer carries are set here.
    reply.headers(headersBeforeRouting(origins, req.headers.origin, req.id));
    const status = error.statusCode ?? 400;
    return sendError(req, reply, status === 414 ? pathPartTooLong() : frameworkError(status, 'the URL could not be decoded'));
  };
}

/** The longest path parameter the router takes (decoded characters); a longer one is a 414. */
export const MAX_PARAM_LENGTH = 500;

/** The router's 414, for a path parameter over MAX_PARAM_LENGTH (MCP tool calls apply it to their path arguments too). */
export const pathPartTooLong = () => frameworkError(414, `a part of the path is longer than ${MAX_PARAM_LENGTH} characters`);

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => sendError(req, reply, apiErrorOf(error, req)));
  const paths = recordPaths(app);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const suggestion = paths.suggest(path);
    if (suggestion === undefined) return sendError(req, reply, notFound(`no endpoint at ${path}; GET / lists them`));
    return sendError(req, reply, notFound(`no endpoint at ${path}; did you mean ${suggestion}? GET / lists them`, { suggestion }));
  });
}
