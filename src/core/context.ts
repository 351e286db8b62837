// Builds the shared parts every module gets from the config: database, cache, Redis,
// lock, scheduler and the upstream client. Chosen by config alone: same code embedded
// (SQLite, memory) or scaled out (PostgreSQL, Redis).

import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { lazyRequire } from './lazy.js';
import { BreakerStore, Cache, MemoryStore } from './cache/index.js';
import { openDatabase, type Database } from './db/index.js';
import { MemoryLock, PostgresLock, RedisLock, Scheduler, type Lock } from './jobs/index.js';
import {
  ProviderHealthRegistry,
  countedFetch,
  createUpstreamClient,
  expectedFailure,
  namingSettings,
  settingsByHost,
  type UpstreamFetch,
} from './upstream/index.js';
import { createMetrics } from './metrics.js';
import type { AppContext } from './module.js';
import { Loads } from './loads.js';
import { sharedWorkPool, type WorkPool } from './work/index.js';
import { availableParallelism } from 'node:os';
import { notReady } from './errors.js';
import { Slots } from './slots.js';

/** When a refused image may be asked again: a 2,400 px chart takes a few hundred ms of a slot, so a queue of 32 clears in seconds. */
const RASTER_RETRY_AFTER_S = 5;

export interface ContextOverrides {
  db?: Database;
  fetch?: UpstreamFetch;
  now?: () => Date;
}

// Loaded only by an instance configured with Redis (core/lazy.ts).
const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

/**
 * A Redis connection. `failFast`: while disconnected, commands fail at once instead of waiting
 * in the offline queue (the rate limiter's connection: a request must not wait for Redis).
 */
export function createRedis(url: string, opts: { failFast?: boolean } = {}): Redis {
  const { Redis } = ioredis();
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    enableOfflineQueue: !opts.failFast,
    lazyConnect: false,
  });
}

/** How long start waits for a Redis connection before serving without it (degraded). */
export const REDIS_START_WAIT_MS = 2000;

/**
 * Resolves once `redis` is connected, or after `timeoutMs` (then the cache starts degraded and
 * recovers by itself when Redis comes). Waiting here keeps a new instance from calling itself
 * degraded only because its own connection was still being opened.
 */
export function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    redis.once('ready', onReady);
  });
}

export function createContext(config: Config, log: FastifyBaseLogger, o: ContextOverrides = {}): AppContext {
  const db = o.db ?? openDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  // With Redis, a breaker falls back to an in-process store while Redis is away.
  const store = redis ? new BreakerStore(redis, config.CACHE_PREFIX, config.CACHE_MAX_ENTRIES) : new MemoryStore(config.CACHE_MAX_ENTRIES);
  const metrics = createMetrics({ processMetrics: config.METRICS_ENABLED });
  const cache = new Cache(store, (msg, err) => log.warn({ err: (err as Error)?.message }, msg));
  cache.onLookup = (namespace, hit) => metrics.cacheLookup(namespace, hit);
  const lockOpts = { leaseMs: config.JOB_LOCK_LEASE_MS, log };
  const lock: Lock = redis
    ? new RedisLock(redis, config.CACHE_PREFIX, lockOpts)
    : db.dialect === 'postgres'
      ? new PostgresLock(db.db, lockOpts)
      : new MemoryLock(lockOpts);
  const scheduler = new Scheduler({
    enabled: config.SCHEDULER_ENABLED,
    lock,
    timezone: 'Asia/Kolkata',
    // No network at first start is expected: one warn line each, no stack. A bug keeps its stack.
    onError: (job, err) => {
      const expected = expectedFailure(err);
      if (expected !== undefined) log.warn({ job, err: expected }, `${job} failed: ${expected}`);
      else log.error({ job, err }, 'scheduled job failed');
    },
  });
  const client = o.fetch ?? createUpstreamClient({ userAgent: config.USER_AGENT, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES });
  const fetch = countedFetch(namingSettings(client, settingsByHost(config)), (upstream, outcome) => metrics.upstream(upstream, outcome));
  const providerHealth = new ProviderHealthRegistry(
    (fields, msg) => log.warn(fields, msg),
    Date.now,
    (group, provider, kind) => metrics.providerFailure(group, provider, kind),
  );
  const now = o.now ?? (() => new Date());
  const raster = new Slots(config.RASTER_CONCURRENCY, config.RASTER_QUEUE_MAX, {
    what: 'image rasterisations',
    waitMs: config.RASTER_WAIT_MS,
    refuse: (message) => notReady(message, {}, { 'retry-after': String(RASTER_RETRY_AFTER_S) }),
  });
  return { config, db, cache, redis, lock, scheduler, fetch, log, metrics, providerHealth, loads: new Loads(now), work: workPool(config), now, raster };
}

/** The process's work pool for these settings (threads start on first use and end when idle). */
function workPool(config: Config): WorkPool {
  return sharedWorkPool({
    threads: config.WORK_THREADS || Math.max(1, availableParallelism()),
    timeoutMs: config.WORK_TIMEOUT_MS,
    queueMax: config.WORK_QUEUE_MAX,
    queueWaitMs: config.WORK_QUEUE_WAIT_MS,
    heapMb: config.WORK_HEAP_MB,
    idleMs: 60_000,
  });
}

export async function closeContext(ctx: AppContext, ownsDb: boolean): Promise<void> {
  // Usually done already, within the shutdown grace (app.ts preClose); here for other callers.
  await ctx.scheduler.stop();
  await ctx.lock.close();
  if (ownsDb) await ctx.db.close();
  if (ctx.redis) await ctx.redis.quit().catch(() => ctx.redis?.disconnect());
}
