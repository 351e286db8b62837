// How an answer goes out: its content coding chosen from Accept-Encoding (q-values honoured;
// zstd, else Brotli, else gzip), its ETag and Cache-Control for that representation, 304 when the client
// holds it, then the bytes: compressed in one synchronous call, or taken from those kept for an
// answer sent many times. One onSend hook for all of it: the coding decides the validator, and
// a 304 must be decided before anything is compressed.
// Only compressible types (JSON, text, HTML, SVG, JavaScript) of 1 KiB and more are compressed;
// images and streams (files) go as they are. Every answer of a compressible type says
// `Vary: Accept-Encoding`, compressed or not, so a shared cache keeps one per coding.
// Costs and levels by answer size: docs/decisions/compression-by-size.md.

import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accepted, type Coding } from '../core/http/accept-encoding.js';
import { compressible, compressor, encoded, THRESHOLD } from '../core/http/compression.js';
import { codedEtag, notModified } from '../core/http/conditional.js';

/** The coding `payload` goes out in, or undefined for none; says Vary when it could have had one. */
function codingFor(req: FastifyRequest, reply: FastifyReply, payload: string | Buffer): Coding | undefined {
  if (!compressible(reply.getHeader('content-type') as string | undefined)) return undefined;
  const vary = reply.getHeader('vary') as string | undefined;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (payload.length === 0 || reply.hasHeader('content-encoding')) return undefined;
  const ask = accepted(req.headers['accept-encoding']);
  if (ask.coding === undefined) return undefined;
  // A string's length in UTF-16 units is at most its UTF-8 length: measured only when short.
  if (ask.identity && payload.length < THRESHOLD && (typeof payload !== 'string' || Buffer.byteLength(payload) < THRESHOLD)) return undefined;
  return ask.coding;
}

function onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void): void {
  if (typeof payload !== 'string') {
    if (!Buffer.isBuffer(payload)) return done(null, isStream(payload) ? streamed(req, reply, payload) : payload);
  } else if (payload.length >= THRESHOLD) {
    // A large answer made as text (an /astro chart) is encoded to UTF-8 once, here: as a string
    // it was encoded for its hash, measured for Content-Length and encoded again for the socket
    // (68 KB: about 20 µs of the three).
    payload = Buffer.from(payload);
  }
  const coding = codingFor(req, reply, payload as string | Buffer);
  if (notModified(req, reply, payload as string | Buffer, coding)) return done(null, '');
  if (coding === undefined) return done(null, payload);
  reply.header('content-encoding', coding);
  // Fastify measures what it sends; a length a handler set was of the plain bytes.
  reply.removeHeader('content-length');
  done(null, encoded(payload as string | Buffer, coding));
}

const isStream = (p: unknown): p is Readable => typeof (p as Readable | null)?.pipe === 'function';

/**
 * A stream of a compressible type (files of the docs UI, sent by @fastify/static) is piped
 * through a compressing stream; its size is unknown, so no threshold. Its conditional requests
 * are answered by whoever made it: a weak ETag (what @fastify/static sends) holds for every
 * coding (RFC 9110 §8.8.1), a strong one gets the coding added.
 */
function streamed(req: FastifyRequest, reply: FastifyReply, payload: Readable): Readable {
  if (!compressible(reply.getHeader('content-type') as string | undefined)) return payload;
  const vary = reply.getHeader('vary') as string | undefined;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const coding = accepted(req.headers['accept-encoding']).coding;
  if (coding === undefined || reply.hasHeader('content-encoding') || reply.statusCode === 304 || reply.statusCode === 204) return payload;
  const etag = reply.getHeader('etag') as string | undefined;
  if (etag !== undefined && !etag.startsWith('W/')) reply.header('etag', codedEtag(etag, coding));
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  const z = compressor(coding);
  // An error on either side destroys both; Fastify sees it on the stream it sends.
  pipeline(payload, z, () => {});
  return z;
}

/**
 * Installs the answer hook. Request bodies are not inflated here: POST /mcp alone reads one
 * and does that itself (src/plugins/mcp.ts).
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', onSend);
}
