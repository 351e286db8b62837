// The shared cache in Redis, with a circuit breaker: when Redis fails (killed, partitioned, or
// just reconnecting), requests stop waiting on it and use an in-process store until it is back.
// A cache is an optimisation: losing it must cost a few misses, not seconds per request.

import type { Redis } from 'ioredis';
import type { CacheStore, Entry } from './store.js';
import { MemoryStore, RedisStore } from './store.js';

// After a failure Redis is not asked for this long, doubling while it keeps failing.
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export class BreakerStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly primary: RedisStore;
  private readonly fallback: MemoryStore;
  private openUntil = 0;
  private backoffMs = FIRST_BACKOFF_MS;
  private lastError: string | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    fallbackEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.primary = new RedisStore(redis, prefix);
    this.fallback = new MemoryStore(fallbackEntries);
  }

  /** Why the in-process store is serving instead of Redis, or undefined when Redis is. */
  degradedReason(): string | undefined {
    if (this.redis.status !== 'ready') return `redis is ${this.redis.status}; serving from the in-process cache`;
    if (this.now() < this.openUntil) return `redis failed (${this.lastError}); serving from the in-process cache`;
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
      this.lastError = err instanceof Error ? err.message : String(err);
      this.openUntil = this.now() + this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
      return onFallback();
    }
  }

  get(key: string): Promise<Entry | undefined> {
    return this.through(() => this.primary.get(key), () => this.fallback.get(key));
  }

  set(key: string, entry: Entry, keepMs: number): Promise<void> {
    return this.through(() => this.primary.set(key, entry, keepMs), () => this.fallback.set(key, entry, keepMs));
  }

  delete(key: string): Promise<void> {
    // Both: a key deleted while Redis was away must not come back from the fallback.
    return this.through(() => this.primary.delete(key), () => Promise.resolve()).then(() => this.fallback.delete(key));
  }

  /** Whether Redis itself answers (the health report shows the fallback separately). */
  ping(): Promise<boolean> {
    return this.redis.status === 'ready' ? this.primary.ping() : Promise.resolve(false);
  }
}
