// Where cache entries live. Two stores with one interface: an LRU in this process (the
// default), and Redis when REDIS_URL is set so every instance shares one cache.

import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

export interface Entry {
  /** The cached value (JSON-serialisable). */
  v: unknown;
  /** Epoch ms until which the value is fresh; after it, only usable as a stale fallback. */
  fresh: number;
}

export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<Entry | undefined>;
  /** keepMs: how long the entry is kept at all (fresh time plus stale window). */
  set(key: string, entry: Entry, keepMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Set while the store serves from a fallback (the shared store is away): the reason. */
  degradedReason?(): string | undefined;
}

export class MemoryStore implements CacheStore {
  readonly kind = 'memory' as const;
  private readonly lru: LRUCache<string, Entry>;
  constructor(maxEntries: number) {
    this.lru = new LRUCache<string, Entry>({ max: maxEntries, ttlAutopurge: false });
  }
  async get(key: string) {
    return this.lru.get(key);
  }
  async set(key: string, entry: Entry, keepMs: number) {
    this.lru.set(key, entry, { ttl: Math.max(1, keepMs) });
  }
  async delete(key: string) {
    this.lru.delete(key);
  }
  async ping() {
    return true;
  }
}

export class RedisStore implements CacheStore {
  readonly kind = 'redis' as const;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  async get(key: string) {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as Entry);
  }
  async set(key: string, entry: Entry, keepMs: number) {
    await this.redis.set(this.prefix + key, JSON.stringify(entry), 'PX', Math.max(1, Math.ceil(keepMs)));
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }
}
