// HTTP caching for every successful GET: a strong ETag (a hash of the answer, unless the route
// set its own), 304 Not Modified when the client already holds that version, and a
// Cache-Control line: the route's `maxAgeS` when it declares one (answers that change slowly),
// else `no-cache`, which lets clients and proxies keep the answer but makes them ask again, so
// a changed price is never served from a browser's cache. Keyed routes are `private`: a shared
// cache must not hand one caller's keyed answer to another.
//
// One onSend hook, registered before compression, so the hash is of the answer itself and a
// 304 carries no body to compress.

import * as crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator: the first 162 bits of the answer's SHA-256, quoted. */
export function strongEtag(body: string | Buffer): string {
  return `"${sha256(body).slice(0, 27)}"`;
}

// The one-shot hash (Node 20.12+) costs a third less than a Hash object on a small answer.
const oneShot = (crypto as { hash?: (alg: string, data: string | Buffer, enc: 'base64url') => string }).hash;
const sha256 = oneShot ? (body: string | Buffer) => oneShot('sha256', body, 'base64url') : (body: string | Buffer) => crypto.createHash('sha256').update(body).digest('base64url');

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

function onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void): void {
  const cacheable = (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload));
  if (!cacheable) return done(null, payload);
  let etag = reply.getHeader('etag') as string | undefined;
  if (etag === undefined) {
    etag = strongEtag(payload as string | Buffer);
    reply.header('etag', etag);
  }
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl(req));
  if (!matches(req.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  reply.removeHeader('content-length');
  done(null, '');
}

export function installConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', onSend);
}
