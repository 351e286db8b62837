import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { PG_URL, REDIS_URL } from '../../../test/helpers/env.js';
import { testRedis } from '../../../test/helpers/redis.js';
import { MemoryLock, PostgresLock, RedisLock, type Lock, type LockOptions, type LockResult } from './lock.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  // Bounded: a failed test can leave a run holding a pooled connection, and a pool's close
  // waits for it; the failure should be reported, not turned into a hook timeout.
  for (const c of cleanups) await Promise.race([c().catch(() => {}), sleep(5000)]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` under the lock and waits until it holds the lock and `fn` has begun, failing if the
 * lock was refused. A fixed sleep instead was too short for a loaded machine's first connection.
 * Wrapped: an async function returning the run itself would wait for the job to end.
 */
async function begin<T>(lock: Lock, name: string, maxMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<{ run: Promise<LockResult<T>> }> {
  let begun = false;
  let began!: () => void;
  const started = new Promise<void>((r) => (began = r));
  const run = lock.run(name, maxMs, (signal) => {
    begun = true;
    began();
    return fn(signal);
  });
  // Fails only when the run ends before the job began; later outcomes are the caller's to await.
  const refused = run.then(
    (r) => {
      if (!begun) throw new Error(`${name}: the run ended before its job began (${JSON.stringify(r)})`);
    },
    (err) => {
      if (!begun) throw err;
    },
  );
  await Promise.race([started, refused]);
  return { run };
}

/**
 * Tries `run` until its job starts (resolving with the run, still going) or `ms` pass (failing
 * with how many tries were refused): a test that waited on a refused run's job would hang.
 */
async function takeWithin<T>(ms: number, run: () => Promise<T>, started: Promise<void>): Promise<{ run: Promise<T> }> {
  const until = Date.now() + ms;
  let refused = 0;
  for (;;) {
    const attempt = run();
    const first = await Promise.race([started.then(() => 'started' as const), attempt.then(() => 'refused' as const)]);
    // Wrapped: an async function returning the promise itself would wait for the job.
    if (first === 'started') return { run: attempt };
    refused++;
    if (Date.now() > until) throw new Error(`the lock was still held after ${ms} ms (${refused} tries refused)`);
    await sleep(50);
  }
}

/** Resolves with the reason once the signal aborts: a job that stops when told. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve(String((signal.reason as Error)?.message)), { once: true }));

/** A job that ends only when told, whatever its signal says. */
function stubbornJob() {
  let finish!: () => void;
  let started!: () => void;
  const job = {
    signal: undefined as unknown as AbortSignal,
    started: new Promise<void>((r) => (started = r)),
    finish: () => finish(),
    fn: async (s: AbortSignal) => {
      job.signal = s;
      const done = new Promise<void>((r) => (finish = r));
      started();
      await done;
      return 'finished';
    },
  };
  return job;
}

/** Two lock handles as two instances would hold them, and what the tests need to know of the backend. */
interface Pair {
  a: Lock;
  b: Lock;
  /** The lock's holder connection dies as a killed process's would (no release). */
  kill?: () => Promise<void>;
  /** What the child-process fixture needs: url, and the Redis key prefix. */
  spawnArgs?: (name: string, leaseMs: number) => string[];
  warnings: string[];
}

const warnLog = (into: string[]): LockOptions['log'] => ({ warn: (obj, msg) => into.push(`${msg} ${JSON.stringify(obj)}`) });

type Make = (opts?: Omit<LockOptions, 'log'>) => Promise<Pair>;

const memory: Make = async (opts = {}) => {
  const warnings: string[] = [];
  const l = new MemoryLock({ ...opts, log: warnLog(warnings) });
  return { a: l, b: l, warnings };
};

const redis: Make = async (opts = {}) => {
  const ra = testRedis();
  const rb = testRedis();
  // The first instance's own connection, which kill() drops (the cleanup needs ra's).
  const own = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
  cleanups.push(ra.cleanup, rb.cleanup, async () => own.disconnect());
  const warnings: string[] = [];
  return {
    a: new RedisLock(own, ra.prefix, { ...opts, log: warnLog(warnings) }),
    b: new RedisLock(rb.redis, ra.prefix, opts),
    kill: async () => own.disconnect(),
    spawnArgs: (name, leaseMs) => ['redis', REDIS_URL!, name, String(leaseMs), ra.prefix],
    warnings,
  };
};

const postgres: Make = async (opts = {}) => {
  const pgDialect = DIALECTS.find((d) => d.name === 'postgres')!;
  const one = await pgDialect.open();
  const { openDatabase } = await import('../db/index.js');
  const two = openDatabase(one.url, { poolMax: 2 });
  cleanups.push(async () => {
    await two.close();
    await one.drop();
  });
  const warnings: string[] = [];
  return {
    a: new PostgresLock(one.db, { ...opts, log: warnLog(warnings) }),
    b: new PostgresLock(two.db, opts),
    // The session holding an advisory lock is ended as it is when its process dies.
    kill: async () => {
      await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`.execute(two.db);
    },
    spawnArgs: (name, leaseMs) => ['postgres', one.url, name, String(leaseMs)],
    warnings,
  };
};

const ALL: [string, Make][] = [
  ['memory', memory],
  ...(REDIS_URL ? [['redis', redis] as [string, Make]] : []),
  ...(PG_URL ? [['postgres', postgres] as [string, Make]] : []),
];
const SHARED = ALL.filter(([name]) => name !== 'memory');

describe.each(ALL)('%s lock', (_name, make) => {
  it('lets only one runner in at a time, across instances', async () => {
    const { a, b } = await make();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = await begin(a, 'crawl', 10_000, async () => {
      await held;
      return 'first';
    });
    expect(await b.run('crawl', 10_000, async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first.run).toEqual({ ran: true, value: 'first' });
    expect(await b.run('crawl', 10_000, async () => 'second')).toEqual({ ran: true, value: 'second' });
  });

  it('releases the lock when the job throws', async () => {
    const { a, b } = await make();
    await expect(a.run('job', 10_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await b.run('job', 10_000, async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it('keeps different names independent', async () => {
    const { a, b } = await make();
    let release!: () => void;
    const first = await begin(a, 'one', 10_000, () => new Promise<void>((r) => (release = r)));
    expect(await b.run('two', 10_000, async () => 2)).toEqual({ ran: true, value: 2 });
    release();
    await first.run;
  });

  it('tells a job that outlives its longest hold to stop', async () => {
    const { a, warnings } = await make();
    expect(await a.run('long', 150, untilAborted)).toEqual({ ran: true, value: expect.stringMatching(/lock long lost: held longer than its limit of 150 ms/) });
    expect(warnings.join('\n')).toMatch(/job lock lost.*"lock":"long"/);
  });

  it('on close, aborts the jobs it holds locks for, releases the locks, and starts no more runs', async () => {
    const { a, b } = await make();
    const job = stubbornJob();
    const run = a.run('closing', 60_000, job.fn);
    await job.started;
    await a.close();
    expect(job.signal.aborted).toBe(true);
    expect(String(job.signal.reason)).toMatch(/released: this instance is shutting down/);
    if (a !== b) {
      // The job has not even returned, yet the lock is free for the other instance.
      expect(await b.run('closing', 10_000, async () => 'taken')).toEqual({ ran: true, value: 'taken' });
    }
    expect(await a.run('other', 10_000, async () => 'late')).toEqual({ ran: false });
    job.finish();
    expect(await run).toEqual({ ran: true, value: 'finished' });
  });
});

describe('a renewal that never answers', () => {
  it('tells the job its lock is lost once the lease has run out, without waiting for the answer', async () => {
    // A Redis-speaking server that takes the lock (+OK to everything) and then, from the first
    // renewal (EVAL) on, reads and never answers: a half-open connection as a partition leaves it.
    let silent = false;
    const server = createServer((sock) => {
      sock.on('data', (d) => {
        if (String(d).toUpperCase().includes('EVAL')) silent = true;
        if (!silent) sock.write('+OK\r\n'.repeat(String(d).split('*').length - 1));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // No command timeout, as a client without one would wait.
    const client = new Redis({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', enableReadyCheck: false, maxRetriesPerRequest: 0 });
    const warnings: string[] = [];
    const lock = new RedisLock(client, 'jt:', { leaseMs: 300, log: warnLog(warnings) });
    try {
      // The job's limit is ten minutes, past the suite's timeout: only the lease running out can
      // end it, and the reason says so (a lock that waited for the renewal's answer would hang).
      const result = await lock.run('partitioned', 600_000, untilAborted);
      expect(result).toEqual({ ran: true, value: expect.stringMatching(/lock partitioned lost: not renewed for \d+ ms \(the renewal has not answered\)/) });
      expect(silent).toBe(true);
      expect(warnings.join('\n')).toMatch(/job lock lost/);
    } finally {
      client.disconnect();
      server.close();
    }
  });
});

describe.each(SHARED)('%s lock lease', (_name, make) => {
  it('keeps a lock that is being renewed: a second instance cannot take it over several leases', async () => {
    // A 2 s lease renewed every 100 ms: only a renewal more than 1.9 s late (or none at all)
    // lets it lapse, so a loaded machine's late timers cannot lose it, and a broken renewal
    // loses it within the first lease. The lock is tried until 2.5 leases have passed: a lower
    // bound on time, which a slow machine only makes longer.
    const leaseMs = 2000;
    const { a, b } = await make({ leaseMs, renewEveryMs: 100 });
    const job = stubbornJob();
    const { run } = await begin(a, 'renewed', 60_000, job.fn);
    const started = Date.now();
    let tries = 0;
    while (Date.now() - started < 2.5 * leaseMs || tries < 3) {
      expect(await b.run('renewed', 10_000, async () => 'stolen')).toEqual({ ran: false });
      tries++;
      await sleep(100);
    }
    expect(job.signal.aborted).toBe(false);
    job.finish();
    expect(await run).toEqual({ ran: true, value: 'finished' });
    expect(await b.run('renewed', 10_000, async () => 'next')).toEqual({ ran: true, value: 'next' });
  });

  it('frees the lock of a holder whose connection died, and tells its job the lock is lost', async () => {
    const { a, b, kill, warnings } = await make({ leaseMs: 500 });
    const { run } = await begin(a, 'dead', 60_000, untilAborted);
    await kill!();
    let took = false;
    for (let i = 0; i < 100 && !took; i++) {
      took = (await b.run('dead', 10_000, async () => 'mine')).ran;
      if (!took) await sleep(50);
    }
    expect(took).toBe(true);
    expect(await run).toEqual({ ran: true, value: expect.stringMatching(/lock dead lost: (not renewed for \d+ ms|it is no longer held)/) });
    expect(warnings.join('\n')).toMatch(/job lock lost/);
  });

  it('a holder frozen past its lease loses the lock to another, learns it, and cannot release the new holder', async () => {
    const { a, b } = await make({ leaseMs: 1000 });
    const { run: first } = await begin(a, 'frozen', 60_000, untilAborted);
    // The whole process stalls (a long GC, a blocked event loop): no renewal for 2.5 leases.
    // Redis lets the key expire; PostgreSQL ends the idle session (idle_session_timeout).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2500);
    // The server ends the stalled session on its own clock: on a loaded machine that can come
    // a little after the stall, so the second instance tries until it gets in (a minute: a hang guard).
    const second = stubbornJob();
    const taken = await takeWithin(60_000, () => b.run('frozen', 60_000, second.fn), second.started);
    expect(await first).toEqual({ ran: true, value: expect.stringMatching(/lock frozen lost/) });
    // The first holder has let go of what it thought was its lock: the second still holds it.
    expect(await a.run('frozen', 10_000, async () => 'again')).toEqual({ ran: false });
    expect(second.signal.aborted).toBe(false);
    second.finish();
    expect(await taken.run).toEqual({ ran: true, value: 'finished' });
  });

  it('frees the lock of a process killed with SIGKILL, which held it past its lease until then', async () => {
    const { b, spawnArgs } = await make();
    // 3 s renewed every 100 ms (the fixture): the holder keeps it unless it stalls for 2.9 s.
    const leaseMs = 3000;
    const root = new URL('../../..', import.meta.url).pathname;
    // node itself with tsx as a loader: the tsx command would run the script in a child
    // process of its own, which SIGKILL on tsx would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/core/jobs/fixtures/hold-lock.ts', ...spawnArgs!('killed', leaseMs)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void child.kill('SIGKILL'));
    const exited = new Promise((r) => child.on('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => (String(d).includes('held') ? resolve() : reject(new Error(String(d)))));
      child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    // Held, and renewed past its first lease.
    await sleep(leaseMs + 500);
    expect(await b.run('killed', 10_000, async () => 'stolen')).toEqual({ ran: false });
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    let took = false;
    // A hang guard, not a bound on how soon: a lock never freed would keep this loop for a minute.
    while (!took && Date.now() - killedAt < 60_000) {
      took = (await b.run('killed', 10_000, async () => 'mine')).ran;
      if (!took) await sleep(50);
    }
    expect(took).toBe(true);
    // Reported, not asserted (timings are noisy here): Redis waits out the lease, PostgreSQL frees at once.
    console.info(`[lock] ${_name}: lock of a SIGKILLed holder free after ${Date.now() - killedAt} ms (lease ${leaseMs} ms)`);
  });
});
