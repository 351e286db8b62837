// Compressing an answer already in memory: one synchronous call on the whole payload, at levels
// chosen by measurement (docs/decisions/compression-by-size.md). The streaming path we had
// (@fastify/compress: the payload made a stream, piped through a zlib stream on libuv's thread
// pool) cost several times the compressor itself. An answer kept and sent many times
// (RawJson.withEtag, the landing page's files) keeps each coding's bytes beside its plain
// bytes, so a repeat is never compressed again.

import * as zlib from 'node:zlib';
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
 * level 6 on our answers (Brotli 1 and gzip 3 send up to 1.2× on an /astro chart). zstd level 3
 * (its default): Brotli 2's bytes or fewer (1.5% more on /health) for 0.11 to 0.77 of its CPU;
 * zstd 1 would be cheaper still but sends up to 6% more than Brotli 2.
 */
export const BROTLI_QUALITY = 2;
export const GZIP_LEVEL = 4;
export const ZSTD_LEVEL = 3;

// zstd is chosen only where Node has it (ZSTD_OFFERED in accept-encoding.ts): Node 22.15 and later.
// Through the namespace: a named import of a function Node 22.14 lacks would fail to load.

export function compress(body: string | Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (coding === 'zstd') return zlib.zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL }, pledgedSrcSize: size });
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/** A compressing stream, for an answer sent as a stream (a file of the docs UI): size unknown. */
export function compressor(coding: Coding): Transform {
  if (coding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  if (coding === 'zstd') return zlib.createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
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
  zstd?: Buffer;
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
