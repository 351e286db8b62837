// The shared cache in Redis, with a circuit breaker: when Redis fails (killed, partitioned, or
// just reconnecting), requests stop waiting on it and use an in-process store until it is back.
// A cache is an optimisation: losing it must cost a few misses, not seconds per request.

import type { Redis } from 'ioredis';
import type { CacheStore, Entry } from './store.js';
import { MemoryStore, RedisStore } from './store.js';
import { redisWhere, troubleOf } from './redis-trouble.js';

// After a failure Redis is not asked for this long, doubling while it keeps failing.
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export class BreakerStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly primary: RedisStore;
  private readonly fallback: MemoryStore;
  private openUntil = 0;
  private backoffMs = FIRST_BACKOFF_MS;
  /** The last failed command's trouble, in words (redis-trouble.ts). */
  private lastTrouble: string | undefined;
  /** Why the connection is not ready, in words, from its last error; cleared once it is. */
  private connectionTrouble: string | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    fallbackEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.primary = new RedisStore(redis, prefix);
    this.fallback = new MemoryStore(fallbackEntries);
    redis.on('error', (err) => void (this.connectionTrouble = troubleOf(err)));
    redis.on('ready', () => void (this.connectionTrouble = undefined));
  }

  /**
   * Why the in-process store is serving instead of Redis, in the service's words (/health shows
   * it publicly), or undefined when Redis is serving.
   */
  degradedReason(): string | undefined {
    const fallback = "answers fall back to this instance's in-process cache";
    if (this.redis.status !== 'ready') {
      const why = this.connectionTrouble ?? (this.redis.status === 'end' || this.redis.status === 'close' ? 'connection closed' : 'still connecting');
      return `Redis at ${redisWhere(this.redis)} is not answering (${why}); ${fallback} until it is back`;
    }
    if (this.now() < this.openUntil)
      return `Redis at ${redisWhere(this.redis)} failed a command (${this.lastTrouble}); ${fallback} for a few seconds, then Redis is tried again`;
    return undefined;
  }

  private usable(): boolean {
    return this.redis.status === 'ready' && this.now() >= this.openUntil;
  }

  private async through<T>(onRedis: () => Promise<T>, onFallback: () => Promise<T>): Promise<T> {
    if (!this.usable()) return onFallback();
    try {
      const v = await onRedis();
      this.backoffMs = FIRST_BACKOFF_MS;
      return v;
    } catch (err) {
      this.lastTrouble = troubleOf(err);
      this.openUntil = this.now() + this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
      return onFallback();
    }
  }

  get(key: string): Promise<Entry | undefined> {
    return this.through(
      () => this.primary.get(key),
      () => this.fallback.get(key),
    );
  }

  set(key: string, entry: Entry, keepMs: number): Promise<void> {
    return this.through(
      () => this.primary.set(key, entry, keepMs),
      () => this.fallback.set(key, entry, keepMs),
    );
  }

  delete(key: string): Promise<void> {
    // Both: a key deleted while Redis was away must not come back from the fallback.
    return this.through(
      () => this.primary.delete(key),
      () => Promise.resolve(),
    ).then(() => this.fallback.delete(key));
  }

  /** Whether Redis itself answers (the health report shows the fallback separately). */
  ping(): Promise<boolean> {
    return this.redis.status === 'ready' ? this.primary.ping() : Promise.resolve(false);
  }
}
