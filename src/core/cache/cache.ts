// Namespaced cache with per-namespace TTLs, single-flight loading (concurrent identical
// requests share one upstream call) and stale-on-error (a copy past its TTL is served,
// flagged, when the reload fails). A store that fails is treated as a miss, never as an
// error for the user.

import type { CacheStore } from './store.js';

export interface NamespaceOptions {
  /** How long a value is fresh. */
  ttlMs: number;
  /** How long after that a stale copy may still be served when loading fails (default: 24 h). */
  staleMs?: number;
}

export interface Cached<T> {
  value: T;
  /** Served from the cache rather than loaded now. */
  cached: boolean;
  /** Served past its TTL because loading failed. */
  stale: boolean;
}

type Warn = (msg: string, err: unknown) => void;

export class Cache {
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Told of every read of a namespace, hit or miss (the app's metrics). */
  onLookup: (namespace: string, hit: boolean) => void = () => {};
  constructor(
    readonly store: CacheStore,
    private readonly warn: Warn = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  namespace(name: string, opts: NamespaceOptions): CacheNamespace {
    return new CacheNamespace(this, name, opts);
  }

  /** @internal */
  async read(key: string) {
    try {
      return await this.store.get(key);
    } catch (err) {
      this.warn(`cache read failed for ${key}`, err);
      return undefined;
    }
  }

  /** @internal */
  async write(key: string, value: unknown, ttlMs: number, staleMs: number) {
    try {
      await this.store.set(key, { v: value, fresh: this.now() + ttlMs }, ttlMs + staleMs);
    } catch (err) {
      this.warn(`cache write failed for ${key}`, err);
    }
  }

  /** @internal Runs load once per key at a time in this process. */
  singleFlight<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running as Promise<T>;
    const p = load().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  /** @internal */
  clock() {
    return this.now();
  }
}

export class CacheNamespace {
  private readonly staleMs: number;
  constructor(
    private readonly cache: Cache,
    readonly name: string,
    private readonly opts: NamespaceOptions,
  ) {
    this.staleMs = opts.staleMs ?? 86_400_000;
  }

  private key(k: string) {
    return `${this.name}:${k}`;
  }

  /** A fresh value, or undefined. */
  async get<T>(k: string): Promise<T | undefined> {
    const e = await this.cache.read(this.key(k));
    const hit = e !== undefined && e.fresh > this.cache.clock();
    this.cache.onLookup(this.name, hit);
    return hit ? (e.v as T) : undefined;
  }

  /** The stored value, fresh or past its TTL (not yet dropped), for a caller that judges its age itself. */
  async peek<T>(k: string): Promise<T | undefined> {
    const e = await this.cache.read(this.key(k));
    this.cache.onLookup(this.name, e !== undefined);
    return e === undefined ? undefined : (e.v as T);
  }

  async set(k: string, value: unknown, ttlMs = this.opts.ttlMs): Promise<void> {
    await this.cache.write(this.key(k), value, ttlMs, this.staleMs);
  }

  async delete(k: string): Promise<void> {
    await this.cache.store.delete(this.key(k));
  }

  /**
   * The cached value when fresh; otherwise loads it (once, however many callers ask at the
   * same moment) and stores it. If loading fails and a stale copy exists, that copy is
   * returned with stale: true; otherwise the load's error is thrown.
   * `shouldCache(value)` can refuse to store a value (an empty answer, say).
   */
  async wrap<T>(k: string, load: () => Promise<T>, opts: { ttlMs?: number; shouldCache?: (v: T) => boolean } = {}): Promise<Cached<T>> {
    const key = this.key(k);
    const entry = await this.cache.read(key);
    const hit = entry !== undefined && entry.fresh > this.cache.clock();
    this.cache.onLookup(this.name, hit);
    if (hit) return { value: entry.v as T, cached: true, stale: false };
    try {
      const value = await this.cache.singleFlight(key, async () => {
        const v = await load();
        if (!opts.shouldCache || opts.shouldCache(v)) {
          await this.cache.write(key, v, opts.ttlMs ?? this.opts.ttlMs, this.staleMs);
        }
        return v;
      });
      return { value, cached: false, stale: false };
    } catch (err) {
      if (entry) return { value: entry.v as T, cached: true, stale: true };
      throw err;
    }
  }
}
