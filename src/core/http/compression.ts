// Compressing an answer already in memory: one synchronous call on the whole payload, at levels
// chosen by measurement (docs/decisions/compression-by-size.md). The streaming path we had
// (@fastify/compress: the payload made a stream, piped through a zlib stream on libuv's thread
// pool) cost several times the compressor itself. An answer kept and sent many times
// (RawJson.withEtag, the landing page's files) keeps each coding's bytes beside its plain
// bytes, so a repeat is never compressed again.

import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { Coding } from './accept-encoding.js';

/**
 * Answers smaller than this go as they are (unless the client refused identity): with the
 * headers they fit one TCP segment either way, and compressing costs 20 to 50 µs of set-up.
 */
export const THRESHOLD = 1024;

/**
 * Brotli quality 2 and gzip level 4: the fastest levels whose bytes stay within 1.15× of gzip
 * level 6 on our answers (Brotli 1 and gzip 3 send up to 1.2× on an /astro chart).
 */
export const BROTLI_QUALITY = 2;
export const GZIP_LEVEL = 4;

export function compress(body: string | Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/** A compressing stream, for an answer sent as a stream (a file of the docs UI): size unknown. */
export function compressor(coding: Coding): Transform {
  return coding === 'gzip' ? createGzip({ level: GZIP_LEVEL }) : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
}

// Text, JSON, XML, JavaScript and SVG; never images, archives or event streams.
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript|toon)\b|image\/svg\+xml|[\w.-]+\/[\w.-]+\+(?:json|xml)\b)/i;
const types = new Map<string, boolean>();

/** Whether answers of this Content-Type are worth compressing (kept per value: a few exist). */
export function compressible(type: string | undefined): boolean {
  if (type === undefined) return false;
  let yes = types.get(type);
  if (yes === undefined) {
    yes = COMPRESSIBLE.test(type);
    if (types.size >= 256) types.clear();
    types.set(type, yes);
  }
  return yes;
}

interface Encodings {
  br?: Buffer;
  gzip?: Buffer;
  /** Told how many bytes a new coding added (a bounded cache counts them). */
  grown?: (bytes: number) => void;
}

const kept = new WeakMap<Buffer, Encodings>();

/**
 * Marks `bytes` as an answer sent many times: each coding is made once, on first asking, and
 * kept as long as the bytes are. `grown` hears of every coding added.
 */
export function keepEncodings(bytes: Buffer, grown?: (bytes: number) => void): void {
  kept.set(bytes, { grown });
}

/** `body` in `coding`: kept bytes come from their store, others are compressed now. */
export function encoded(body: string | Buffer, coding: Coding): Buffer {
  const store = typeof body === 'string' ? undefined : kept.get(body);
  if (store === undefined) return compress(body, coding);
  let out = store[coding];
  if (out === undefined) {
    out = compress(body, coding);
    store[coding] = out;
    store.grown?.(out.length);
  }
  return out;
}
