// Answers already serialized. A large cached answer (a price list, a liquor category) is kept as
// its JSON text and sent as is: serializing 20 KB on every request cost more than the rest of
// the request. The route's response schema still documents the shape.

import type { FastifyReply } from 'fastify';
import type { Cached } from '../cache/index.js';
import { keepEncodings } from './compression.js';
import { strongEtag } from './conditional.js';

/** A JSON answer already serialized (routes send it as is). */
export class RawJson {
  constructor(
    readonly body: string,
    /** Its ETag, when the answer is kept and sent many times (else the onSend hook hashes it). */
    readonly etag?: string,
    /**
     * The body's UTF-8 bytes, for an answer kept and sent many times: a string is measured
     * (Content-Length) and encoded again on every send, which for /health's 5 KB was a tenth of
     * the server's instructions per request; bytes go to the socket as they are.
     */
    readonly bytes?: Buffer,
  ) {}

  /**
   * An answer to be kept and sent many times: hashed and encoded once, and compressed once per
   * coding a client asks for (`grown` hears the bytes each coding adds).
   */
  static withEtag(body: string, grown?: (bytes: number) => void): RawJson {
    const bytes = Buffer.from(body);
    keepEncodings(bytes, grown);
    return new RawJson(body, strongEtag(bytes), bytes);
  }
}

/** A cached object's JSON text with `"cached": …` added as its last key. */
export const withCached = (json: string, cached: boolean) => new RawJson(`${json.slice(0, -1)},"cached":${cached}}`);

/** Sends a pre-serialized answer. */
export const sendRaw = (reply: FastifyReply, raw: RawJson) => {
  if (raw.etag !== undefined) reply.header('etag', raw.etag);
  return reply.type('application/json; charset=utf-8').send(raw.bytes ?? raw.body);
};

/**
 * One request's answer text, built from a cached value and kept while the cache hands back that
 * same object (the in-memory store returns the stored object itself), so a repeated request costs
 * neither serialization nor hashing. The answer ends `"cached":…,"stale":…` (then `tail`, e.g.
 * `,"experimental":true`); the usual one, cached and not stale, is kept with its ETag. With a
 * shared store (Redis) every read is a new object and the text is built each time, as without it.
 */
export class KeptAnswer {
  private from?: unknown;
  private head = '';
  private readonly usual = new Map<string, RawJson>();

  /** The answer to send for `got` (from CacheNamespace.wrap); `build` makes it, without cached and stale, from got.value. */
  of<T>(got: Cached<T>, build: (value: T) => object, tail = ''): RawJson {
    return this.kept(got, () => JSON.stringify(build(got.value)).slice(0, -1), tail);
  }

  /**
   * As `of`, for a value kept as JSON text: `head` writes the answer up to its last member,
   * without the closing brace. (A string value is compared by content: with a shared store an
   * equal text read again is still the kept answer.)
   */
  ofText<T>(got: Cached<T>, head: (value: T) => string, tail = ''): RawJson {
    return this.kept(got, () => head(got.value), tail);
  }

  private kept<T>(got: Cached<T>, head: () => string, tail: string): RawJson {
    if (this.from !== got.value || this.head === '') {
      this.head = head();
      this.from = got.value;
      this.usual.clear();
    }
    if (!got.cached || got.stale) return new RawJson(`${this.head},"cached":${got.cached},"stale":${got.stale}${tail}}`);
    let raw = this.usual.get(tail);
    if (!raw) {
      raw = RawJson.withEtag(`${this.head},"cached":true,"stale":false${tail}}`);
      this.usual.set(tail, raw);
    }
    return raw;
  }
}
