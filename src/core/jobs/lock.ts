// One runner at a time across instances: a crawl must not run twice because two instances
// woke at 05:30. Redis SET NX PX when Redis is configured, a PostgreSQL advisory lock
// when the database is PostgreSQL, and an in-process lock otherwise (one instance).

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';

export interface Lock {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** Runs fn while holding the named lock; returns { ran: false } when another runner holds it. */
  run<T>(name: string, ttlMs: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

export class MemoryLock implements Lock {
  readonly kind = 'memory' as const;
  private readonly held = new Set<string>();
  async run<T>(name: string, _ttlMs: number, fn: () => Promise<T>) {
    if (this.held.has(name)) return { ran: false as const };
    this.held.add(name);
    try {
      return { ran: true as const, value: await fn() };
    } finally {
      this.held.delete(name);
    }
  }
}

// Deletes the key only if it still holds our token, so an expired lock taken over by
// another runner is not released by us.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLock implements Lock {
  readonly kind = 'redis' as const;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  async run<T>(name: string, ttlMs: number, fn: () => Promise<T>) {
    const key = `${this.prefix}lock:${name}`;
    const token = randomUUID();
    const ok = await this.redis.set(key, token, 'PX', ttlMs, 'NX');
    if (ok !== 'OK') return { ran: false as const };
    try {
      return { ran: true as const, value: await fn() };
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => {});
    }
  }
}

/** 64-bit advisory lock key from a name (FNV-1a), so names need no registry. */
function lockKey(name: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(name)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return BigInt.asIntN(64, h);
}

export class PostgresLock implements Lock {
  readonly kind = 'postgres' as const;
  constructor(private readonly db: Kysely<any>) {}
  async run<T>(name: string, _ttlMs: number, fn: () => Promise<T>) {
    const key = lockKey(name).toString();
    // Advisory locks belong to a session: hold one connection for the whole run.
    return this.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}::bigint) as ok`.execute(conn);
      if (!rows[0]?.ok) return { ran: false as const };
      try {
        return { ran: true as const, value: await fn() };
      } finally {
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn).catch(() => {});
      }
    });
  }
}
