import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../../../test/helpers/env.js';
import { testRedis } from '../../../test/helpers/redis.js';
import { Cache } from './cache.js';
import { MemoryStore, RedisStore, type CacheStore } from './store.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

const STORES: [string, () => CacheStore][] = [
  ['memory', () => new MemoryStore(1000)],
  ...(REDIS_URL
    ? ([
        [
          'redis',
          () => {
            const r = testRedis();
            cleanups.push(r.cleanup);
            return new RedisStore(r.redis, r.prefix);
          },
        ],
      ] as [string, () => CacheStore][])
    : []),
];

describe.each(STORES)('cache on the %s store', (_name, makeStore) => {
  function setup() {
    let now = 1_000_000;
    const cache = new Cache(
      makeStore(),
      () => {},
      () => now,
    );
    return { cache, advance: (ms: number) => (now += ms) };
  }

  it('peek gives a stored value past its TTL, until its stale window ends', async () => {
    const { cache, advance } = setup();
    const ns = cache.namespace('peek', { ttlMs: 1000, staleMs: 5000 });
    expect(await ns.peek('k')).toBeUndefined();
    await ns.set('k', { v: 1 });
    advance(2000);
    expect(await ns.get('k')).toBeUndefined();
    expect(await ns.peek('k')).toEqual({ v: 1 });
  });

  it('serves a fresh value from the cache without loading again', async () => {
    const { cache } = setup();
    const ns = cache.namespace('t', { ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await ns.wrap('k', load)).toEqual({ value: { n: 1 }, cached: false, stale: false });
    expect(await ns.wrap('k', load)).toEqual({ value: { n: 1 }, cached: true, stale: false });
    expect(loads).toBe(1);
  });

  it('loads again once the TTL has passed', async () => {
    const { cache, advance } = setup();
    const ns = cache.namespace('t', { ttlMs: 1000 });
    let loads = 0;
    await ns.wrap('k', async () => ++loads);
    advance(1001);
    expect((await ns.wrap('k', async () => ++loads)).value).toBe(2);
  });

  it('keeps namespaces apart', async () => {
    const { cache } = setup();
    await cache.namespace('a', { ttlMs: 1000 }).set('k', 'in a');
    expect(await cache.namespace('b', { ttlMs: 1000 }).get('k')).toBeUndefined();
    expect(await cache.namespace('a', { ttlMs: 1000 }).get('k')).toBe('in a');
  });

  it('runs one load for concurrent identical requests', async () => {
    const { cache } = setup();
    const ns = cache.namespace('t', { ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 30));
      return 'v';
    };
    const all = await Promise.all(Array.from({ length: 10 }, () => ns.wrap('same', load)));
    expect(loads).toBe(1);
    expect(all.every((r) => r.value === 'v')).toBe(true);
  });

  it('serves a stale copy, flagged, when the reload fails', async () => {
    const { cache, advance } = setup();
    const ns = cache.namespace('t', { ttlMs: 1000, staleMs: 60_000 });
    await ns.wrap('k', async () => 'old');
    advance(5000);
    const r = await ns.wrap('k', async () => {
      throw new Error('upstream down');
    });
    expect(r).toEqual({ value: 'old', cached: true, stale: true });
  });

  it('throws the load error when there is no copy at all', async () => {
    const { cache } = setup();
    const ns = cache.namespace('t', { ttlMs: 1000 });
    await expect(ns.wrap('none', async () => Promise.reject(new Error('upstream down')))).rejects.toThrow('upstream down');
  });

  it('does not store values refused by shouldCache', async () => {
    const { cache } = setup();
    const ns = cache.namespace('t', { ttlMs: 60_000 });
    await ns.wrap('k', async () => [], { shouldCache: (v) => v.length > 0 });
    expect(await ns.get('k')).toBeUndefined();
  });
});

describe('cache with a failing store', () => {
  it('treats a store error as a miss and still answers', async () => {
    const broken: CacheStore = {
      kind: 'redis',
      get: async () => Promise.reject(new Error('connection lost')),
      set: async () => Promise.reject(new Error('connection lost')),
      delete: async () => {},
      ping: async () => false,
    };
    const warnings: string[] = [];
    const cache = new Cache(broken, (m) => warnings.push(m));
    const r = await cache.namespace('t', { ttlMs: 1000 }).wrap('k', async () => 'fresh');
    expect(r).toEqual({ value: 'fresh', cached: false, stale: false });
    expect(warnings.length).toBe(2);
  });
});

describe.runIf(REDIS_URL)('cache shared through Redis', () => {
  it('lets a second instance read what the first stored', async () => {
    const r = testRedis();
    cleanups.push(r.cleanup);
    const one = new Cache(new RedisStore(r.redis, r.prefix)).namespace('shared', { ttlMs: 60_000 });
    const two = new Cache(new RedisStore(r.redis, r.prefix)).namespace('shared', { ttlMs: 60_000 });
    await one.wrap('k', async () => ({ price: 101.5 }));
    let loaded = false;
    const got = await two.wrap('k', async () => {
      loaded = true;
      return { price: 0 };
    });
    expect(loaded).toBe(false);
    expect(got).toEqual({ value: { price: 101.5 }, cached: true, stale: false });
  });
});
