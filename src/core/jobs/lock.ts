// One runner at a time across instances: a crawl must not run twice because two instances
// woke at 05:30. Redis SET NX PX when Redis is configured, a PostgreSQL advisory lock
// when the database is PostgreSQL, and an in-process lock otherwise (one instance).
//
// A lock is a short lease (JOB_LOCK_LEASE_MS, 30 s by default) renewed every third of it
// while the job runs, so an instance killed mid-crawl frees its jobs within one lease
// instead of blocking the next scheduled runs everywhere. Only the holder renews or
// releases: Redis compares a random token in one script; an advisory lock belongs to
// the database session that took it, which also dies with its holder. When a renewal finds
// the lock gone, or the job outlives its longest hold, the job's AbortSignal fires.
// close() releases every lock this process holds (graceful stop).

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { within } from '../async.js';

export type LockResult<T> = { ran: true; value: T } | { ran: false };

export interface Lock {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /**
   * Runs fn while holding the named lock; { ran: false } when another runner holds it.
   * maxMs is the longest the lock is held: past it the job's signal aborts and the lease
   * is no longer renewed, so a job that hangs cannot block every instance for ever.
   */
  run<T>(name: string, maxMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<LockResult<T>>;
  /** Releases every lock held here and aborts their jobs; later runs do not start. */
  close(): Promise<void>;
}

export interface LockOptions {
  /** How long a lock outlives a holder that stopped renewing it. */
  leaseMs?: number;
  /**
   * How often a held lease is renewed (default a third of the lease). Shorter leaves more of
   * the lease for a renewal delayed by a busy process (tests use it to never depend on timer punctuality).
   */
  renewEveryMs?: number;
  /** Where a lost lock is reported (pino-shaped). */
  log?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_LEASE_MS = 30_000;

/** What a backend hands over while it holds a lock. */
interface Lease {
  /** True while the lock is still ours (and now good for another lease); false once lost. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/** One lock being held: renews it, tells the job when it is lost, releases it once. */
class Held {
  private readonly controller = new AbortController();
  private readonly renewTimer: NodeJS.Timeout;
  private readonly maxTimer: NodeJS.Timeout;
  private lastRenewed = Date.now();
  private renewing = false;
  private released?: Promise<void>;

  constructor(
    readonly name: string,
    private readonly lease: Lease,
    private readonly leaseMs: number,
    renewEveryMs: number,
    maxMs: number,
    private readonly log: LockOptions['log'],
  ) {
    // Timers never keep a process alive that has nothing else to do.
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(renewEveryMs))).unref();
    this.maxTimer = setTimeout(() => this.lose(`held longer than its limit of ${maxMs} ms`), maxMs).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private async renew(): Promise<void> {
    if (this.controller.signal.aborted) return;
    if (this.renewing) {
      // The last renewal has not answered: a half-open connection (a partition, a server that
      // stopped reading) can leave a query pending for minutes while the lease runs out and
      // another instance takes the lock. Past the lease the job is told, answer or not.
      const since = Date.now() - this.lastRenewed;
      if (since >= this.leaseMs) this.lose(`not renewed for ${since} ms (the renewal has not answered)`);
      return;
    }
    this.renewing = true;
    try {
      if (await this.lease.renew()) this.lastRenewed = Date.now();
      else this.lose('it is no longer held by this runner (it expired, or its session ended)');
    } catch (err) {
      // A failed renewal is retried on the next tick until the lease has run out: by then
      // another instance may have taken the lock, so this job must stop.
      const since = Date.now() - this.lastRenewed;
      if (since >= this.leaseMs) this.lose(`not renewed for ${since} ms (${err instanceof Error ? err.message : String(err)})`);
    } finally {
      this.renewing = false;
    }
  }

  private stopTimers(): void {
    clearInterval(this.renewTimer);
    clearTimeout(this.maxTimer);
  }

  /** The lock is no longer ours (or must be let go): stop renewing, tell the job. */
  private lose(reason: string): void {
    if (this.controller.signal.aborted) return;
    this.stopTimers();
    this.log?.warn({ lock: this.name, reason }, 'job lock lost; the job is told to stop');
    this.controller.abort(new Error(`lock ${this.name} lost: ${reason}`));
  }

  /** Releases once; `reason` set when the job may still be running (graceful stop). */
  release(reason?: string): Promise<void> {
    this.stopTimers();
    if (reason && !this.controller.signal.aborted) this.controller.abort(new Error(`lock ${this.name} released: ${reason}`));
    // Bounded by a lease: a release that never answers (a half-open connection) must not keep
    // the job's run, and the scheduler behind it, waiting; the lock lapses with its lease.
    this.released ??= within(this.lease.release(), this.leaseMs, () => new Error(`no answer within ${this.leaseMs} ms`)).catch((err: Error) => {
      this.log?.warn({ lock: this.name, reason: err.message }, 'job lock release failed; the lock lapses with its lease');
    });
    return this.released;
  }
}

/** The part every backend shares: leases, renewal, the longest hold, release on close. */
abstract class LeasedLock implements Lock {
  abstract readonly kind: Lock['kind'];
  protected readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly log: LockOptions['log'];
  private readonly held = new Set<Held>();
  private closed = false;

  constructor(opts: LockOptions) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewEveryMs = opts.renewEveryMs ?? this.leaseMs / 3;
    this.log = opts.log;
  }

  /** Takes the lock and calls `body` while holding it; undefined when another runner has it. */
  protected abstract hold<R>(name: string, body: (lease: Lease) => Promise<R>): Promise<{ value: R } | undefined>;

  async run<T>(name: string, maxMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<LockResult<T>> {
    if (this.closed) return { ran: false };
    const got = await this.hold(name, async (lease) => {
      const h = new Held(name, lease, this.leaseMs, this.renewEveryMs, maxMs, this.log);
      this.held.add(h);
      try {
        // Closed while the lock was being taken: give it back before starting.
        if (this.closed) return { started: false as const };
        return { started: true as const, value: await fn(h.signal) };
      } finally {
        this.held.delete(h);
        await h.release();
      }
    });
    return got?.value.started ? { ran: true, value: got.value.value } : { ran: false };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.held].map((h) => h.release('this instance is shutting down')));
  }
}

/** One instance only: nothing to lease, but the longest hold and close behave as elsewhere. */
export class MemoryLock extends LeasedLock {
  readonly kind = 'memory' as const;
  private readonly names = new Set<string>();
  constructor(opts: LockOptions = {}) {
    super(opts);
  }
  protected async hold<R>(name: string, body: (lease: Lease) => Promise<R>) {
    if (this.names.has(name)) return undefined;
    this.names.add(name);
    let mine = true;
    const lease: Lease = {
      renew: async () => mine,
      release: async () => {
        if (mine) this.names.delete(name);
        mine = false;
      },
    };
    try {
      return { value: await body(lease) };
    } finally {
      await lease.release();
    }
  }
}

// Renews or deletes the key only while it still holds our token: a lock that expired and
// was taken by another runner is neither extended nor released by us.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLock extends LeasedLock {
  readonly kind = 'redis' as const;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    opts: LockOptions = {},
  ) {
    super(opts);
  }
  protected async hold<R>(name: string, body: (lease: Lease) => Promise<R>) {
    const key = `${this.prefix}lock:${name}`;
    const token = randomUUID();
    const ok = await this.redis.set(key, token, 'PX', this.leaseMs, 'NX');
    if (ok !== 'OK') return undefined;
    return {
      value: await body({
        renew: async () => (await this.redis.eval(RENEW, 1, key, token, String(this.leaseMs))) === 1,
        release: async () => {
          await this.redis.eval(RELEASE, 1, key, token);
        },
      }),
    };
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

export class PostgresLock extends LeasedLock {
  readonly kind = 'postgres' as const;
  constructor(
    private readonly db: Kysely<any>,
    opts: LockOptions = {},
  ) {
    super(opts);
  }
  protected async hold<R>(name: string, body: (lease: Lease) => Promise<R>) {
    const key = lockKey(name).toString();
    // Advisory locks belong to a session: hold one connection for the whole run. The server
    // frees the lock when that session ends; a holder killed outright closes its socket at
    // once, but a holder whose machine vanished would keep the session for as long as TCP
    // takes to notice. idle_session_timeout (PostgreSQL 14+) ends it after one lease
    // without a renewal; older servers refuse the setting and keep the TCP behaviour.
    return this.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}::bigint) as ok`.execute(conn);
      if (!rows[0]?.ok) return undefined;
      const timeout = await sql`select set_config('idle_session_timeout', ${String(this.leaseMs)}, false)`.execute(conn).then(
        () => true,
        () => false,
      );
      let mine = true;
      try {
        return {
          value: await body({
            // Any failure here means the session, and with it the lock, is gone.
            renew: async () =>
              mine &&
              (await sql`select 1`.execute(conn).then(
                () => true,
                () => false,
              )),
            release: async () => {
              if (!mine) return;
              mine = false;
              await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
            },
          }),
        };
      } finally {
        // The connection goes back to the pool: it must not time out there.
        // Bounded as the release is: a session that stopped answering must not hold the run.
        if (timeout) {
          const reset = sql`select set_config('idle_session_timeout', '0', false)`.execute(conn);
          await within(reset, this.leaseMs, () => new Error('no answer')).catch(() => {});
        }
      }
    });
  }
}
