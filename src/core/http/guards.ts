// Request guards that run before routing: read-only methods, and API keys.

import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, methodNotAllowed, unauthorized } from '../errors.js';
import { sendError } from './error-handler.js';

const ALLOWED = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every endpoint is GET: any other method is a 405 with Allow. A catch-all route for those
 * methods, not a hook, so GET requests pay nothing for it; its own onRequest answers before
 * any body is read, so a POST with a broken body still gets the 405.
 */
export function installMethodGuard(app: FastifyInstance): void {
  const refuse = (req: FastifyRequest, reply: FastifyReply) =>
    sendError(req, reply, methodNotAllowed(`${req.method} is not allowed; this API is read-only (GET)`, 'GET, HEAD, OPTIONS'));
  app.route({
    method: app.supportedMethods.filter((m) => !ALLOWED.has(m)),
    url: '/*',
    schema: { hide: true },
    // A hook that has sent the reply does not call its callback: the request ends here.
    onRequest: (req, reply, _done) => {
      refuse(req, reply);
    },
    handler: refuse,
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * A check of a presented secret against configured ones. Secrets are compared as SHA-256
 * digests in constant time, so neither content nor length leaks through timing.
 */
export function secretMatcher(secrets: readonly string[]): (given: string) => boolean {
  const digests = secrets.map(digest);
  return (given) => {
    const d = digest(given);
    let ok = false;
    for (const k of digests) ok = timingSafeEqual(d, k) || ok;
    return ok;
  };
}

/** The key a request presents: x-api-key, or a bearer token (what Firecrawl-style clients send). */
function presentedKey(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1] : undefined;
}

/** What the key rule reads of a request (an HTTP request, or an MCP tool call's view of its route). */
export type KeyedRequest = Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'routeOptions'>;

/**
 * When keys are configured, routes marked apiKey (and everything under /v1/) need a valid
 * x-api-key (see secretMatcher); keys are never logged (see the logger's redaction). The rule
 * answers the refusal, or undefined when the request may go on; undefined when no keys are set.
 * The same rule serves the HTTP hook and MCP tool calls (src/mcp/run.ts).
 */
export function apiKeyRule(keys: readonly string[]): ((req: KeyedRequest) => ApiError | undefined) | undefined {
  if (keys.length === 0) return undefined;
  const valid = secretMatcher(keys);
  return (req) => {
    if (req.method === 'OPTIONS') return undefined;
    const needs = req.routeOptions?.config?.apiKey === true || req.url.startsWith('/v1/');
    if (!needs) return undefined;
    const given = presentedKey(req);
    if (given === undefined) return unauthorized('this endpoint needs a key: an x-api-key header, or Authorization: Bearer <key>');
    return valid(given) ? undefined : unauthorized('the API key is not valid');
  };
}

export function installApiKeyGuard(app: FastifyInstance, keys: readonly string[]): void {
  const refusal = apiKeyRule(keys);
  if (!refusal) return;
  app.addHook('onRequest', async (req, reply) => {
    const refused = refusal(req);
    if (refused) return sendError(req, reply, refused);
  });
}

/** TRUST_PROXY as Fastify wants it: never believe X-Forwarded-For unless told to. */
export function trustProxyOption(v: string): boolean | number | string[] {
  const s = v.trim().toLowerCase();
  if (s === 'true') return true;
  if (s === 'false' || s === '') return false;
  if (/^\d+$/.test(s)) return Number(s);
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
