// Answers of hot lookups kept in this process as JSON text. A lookup answered from the database
// (a bank branch, a PIN's post offices) is asked again and again for the same few keys: kept
// here, a repeat costs neither the read, nor building and serializing the answer, nor hashing
// its ETag. This is not the shared cache (src/core/cache): a local database read is cheaper
// than a round trip to Redis, and a value that cannot be had from elsewhere is not worth
// sharing. Bounded by the bytes it holds, and kept only `ttlMs`, so an import made by another
// instance shows here within that time.

import { LRUCache } from 'lru-cache';
import { RawJson, withCached } from './raw-json.js';

interface Kept {
  /** The answer as a repeat sends it, `"cached":true`. */
  body: string;
  /** The same with its ETag, hashed on the first repeat (most answers kept are never asked again). */
  repeat?: RawJson;
  /** Bytes of the repeat's compressed codings, made as clients ask for them. */
  coded: number;
}

export class AnswerCache {
  private readonly lru: LRUCache<string, Kept>;

  constructor(opts: { maxBytes: number; ttlMs: number }) {
    this.lru = new LRUCache<string, Kept>({
      maxSize: opts.maxBytes,
      // A JS string of ASCII text takes a byte a character; a repeated answer also keeps its
      // bytes (RawJson.withEtag), counted from the start, and each compressed coding once made.
      sizeCalculation: (k) => 2 * k.body.length + 64 + k.coded,
      ttl: opts.ttlMs,
    });
  }

  /** The kept answer for `key`, flagged `"cached":true`, or undefined. */
  get(key: string): RawJson | undefined {
    const kept = this.lru.get(key);
    if (!kept) return undefined;
    kept.repeat ??= this.repeat(key, kept.body);
    return kept.repeat;
  }

  /**
   * The repeat's answer; a coding made for it is counted against the bound by setting its
   * entry again (the cache measures an entry when it is set), keeping its time to live.
   */
  private repeat(key: string, body: string): RawJson {
    const raw = RawJson.withEtag(body, (bytes) => {
      const now = this.lru.peek(key);
      if (now?.repeat === raw) this.lru.set(key, { ...now, coded: now.coded + bytes }, { noUpdateTTL: true });
    });
    return raw;
  }

  /** Keeps `answer` (an object without a `cached` key) and returns it as sent now, `"cached":false`. */
  keep(key: string, answer: object): RawJson {
    const json = JSON.stringify(answer);
    this.lru.set(key, { body: withCached(json, true).body, coded: 0 });
    return withCached(json, false);
  }

  /** Forgets every answer (the data they came from was replaced). */
  clear(): void {
    this.lru.clear();
  }
}
