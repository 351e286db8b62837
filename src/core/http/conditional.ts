// HTTP caching for every successful GET: a strong ETag (a hash of the answer, unless the route
// set its own), 304 Not Modified when the client already holds that version, and a
// Cache-Control line: the route's `maxAgeS` when it declares one (answers that change slowly),
// else `no-cache`, which lets clients and proxies keep the answer but makes them ask again, so
// a changed price is never served from a browser's cache. Keyed routes are `private`: a shared
// cache must not hand one caller's keyed answer to another.
//
// Each content coding of an answer is a representation of its own, with its own strong ETag
// (RFC 9110 §8.8.3: a strong validator is unique across all representations of a resource):
// the hash is of the answer itself, with the coding added (`"…-br"`, `"…-gzip"`), so a
// client or cache holding the gzip bytes never gets a 304 for a Brotli answer. Called by the
// answer hook (src/plugins/compress.ts) once the coding is chosen, before anything is
// compressed: a 304 carries no body to compress.

import * as crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Coding } from './accept-encoding.js';

/** A strong validator: the first 162 bits of the answer's SHA-256, quoted. */
export function strongEtag(body: string | Buffer): string {
  return `"${sha256(body).slice(0, 27)}"`;
}

// The one-shot hash (Node 20.12+) costs a third less than a Hash object on a small answer.
const oneShot = (crypto as { hash?: (alg: string, data: string | Buffer, enc: 'base64url') => string }).hash;
const sha256 = oneShot
  ? (body: string | Buffer) => oneShot('sha256', body, 'base64url')
  : (body: string | Buffer) => crypto.createHash('sha256').update(body).digest('base64url');

/** Whether an If-None-Match header names this ETag (a list, `*`, or weak forms, per RFC 9110 §13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function cacheControl(req: FastifyRequest): string {
  const cfg = req.routeOptions.config as { maxAgeS?: number; apiKey?: boolean } | undefined;
  const scope = cfg?.apiKey ? 'private' : 'public';
  return cfg?.maxAgeS ? `${scope}, max-age=${cfg.maxAgeS}` : `${scope === 'private' ? 'private, ' : ''}no-cache`;
}

/** The ETag of an answer's representation in `coding` (identity: the answer's own). */
export const codedEtag = (etag: string, coding: Coding | undefined) => (coding === undefined ? etag : `${etag.slice(0, -1)}-${coding}"`);

/**
 * Gives a successful GET or HEAD its ETag (of `payload` sent in `coding`) and Cache-Control,
 * and answers whether the client already holds it: then the caller sends 304 with no body.
 */
export function notModified(req: FastifyRequest, reply: FastifyReply, payload: string | Buffer, coding: Coding | undefined): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return false;
  const own = reply.getHeader('etag') as string | undefined;
  const etag = codedEtag(own ?? strongEtag(payload), coding);
  if (etag !== own) reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl(req));
  if (!matches(req.headers['if-none-match'], etag)) return false;
  reply.code(304);
  reply.removeHeader('content-length');
  return true;
}
