// Builds the shared parts every module gets from the config: database, cache, Redis,
// lock, scheduler and the upstream client. Chosen by config alone: same code embedded
// (SQLite, memory) or scaled out (PostgreSQL, Redis).

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { Cache, MemoryStore, RedisStore } from './cache/index.js';
import { openDatabase, type Database } from './db/index.js';
import { MemoryLock, PostgresLock, RedisLock, Scheduler, type Lock } from './jobs/index.js';
import { createUpstreamClient, type UpstreamFetch } from './upstream/index.js';
import type { AppContext } from './module.js';

export interface ContextOverrides {
  db?: Database;
  fetch?: UpstreamFetch;
  now?: () => Date;
}

export function createRedis(url: string): Redis {
  return new Redis(url, {
    // Fail fast when Redis is away: the cache degrades to a miss, rate limiting skips.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

export function createContext(config: Config, log: FastifyBaseLogger, o: ContextOverrides = {}): AppContext {
  const db = o.db ?? openDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  const store = redis ? new RedisStore(redis, config.CACHE_PREFIX) : new MemoryStore(config.CACHE_MAX_ENTRIES);
  const cache = new Cache(store, (msg, err) => log.warn({ err: (err as Error)?.message }, msg));
  const lock: Lock = redis ? new RedisLock(redis, config.CACHE_PREFIX) : db.dialect === 'postgres' ? new PostgresLock(db.db) : new MemoryLock();
  const scheduler = new Scheduler({
    enabled: config.SCHEDULER_ENABLED,
    lock,
    timezone: 'Asia/Kolkata',
    onError: (job, err) => log.error({ job, err }, 'scheduled job failed'),
  });
  const fetch = o.fetch ?? createUpstreamClient({ userAgent: config.USER_AGENT, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES });
  return { config, db, cache, redis, lock, scheduler, fetch, log, now: o.now ?? (() => new Date()) };
}

export async function closeContext(ctx: AppContext, ownsDb: boolean): Promise<void> {
  ctx.scheduler.stop();
  if (ownsDb) await ctx.db.close();
  if (ctx.redis) await ctx.redis.quit().catch(() => ctx.redis?.disconnect());
}
