// A graceful stop (SIGTERM → app.close()) in the middle of a scheduled job, with two
// instances sharing Redis or PostgreSQL: the stopping instance tells its job to stop and
// gives back the job lock, so the other instance's next run is not skipped. Locks carry a
// long lease here (60 s), so only the release on close can free them this quickly.

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testApp } from './helpers/app.js';
import { createPgDatabase } from './helpers/db.js';
import { PG_URL, REDIS_URL } from './helpers/env.js';
import { testRedis } from './helpers/redis.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** Settings two instances share, per backend. */
const BACKENDS: [string, () => Promise<Record<string, string>>][] = [
  ...(REDIS_URL
    ? ([
        [
          'redis',
          async () => {
            const r = testRedis();
            cleanups.push(r.cleanup);
            return { REDIS_URL, CACHE_PREFIX: r.prefix };
          },
        ],
      ] as [string, () => Promise<Record<string, string>>][])
    : []),
  ...(PG_URL
    ? ([
        [
          'postgres',
          async () => {
            const d = await createPgDatabase();
            cleanups.push(d.drop);
            return { DATABASE_URL: d.url };
          },
        ],
      ] as [string, () => Promise<Record<string, string>>][])
    : []),
];

const JOB = 'demo-crawl';
const NEVER = '0 0 1 1 *';

async function twoInstances(shared: Record<string, string>) {
  const env = {
    ...shared,
    JOB_LOCK_LEASE_MS: '60000',
    SHUTDOWN_GRACE_MS: '2000',
    CACHE_PREFIX: shared.CACHE_PREFIX ?? `jt:${randomBytes(4).toString('hex')}:`,
  };
  const a = await testApp(env, { modules: [] });
  const b = await testApp(env, { modules: [] });
  cleanups.push(
    () => a.close(),
    () => b.close(),
  );
  b.ctx.scheduler.add(JOB, NEVER, async () => {});
  return { a, b };
}

// Only where a shared backend is named (CI names both); a user's plain `npm test` skips it.
describe.runIf(BACKENDS.length > 0)('graceful stop with shared job locks', () => {
  describe.each(BACKENDS)('graceful stop with job locks in %s', (_name, shared) => {
    it('stops the running job and releases its lock: the other instance runs the job at once', async () => {
      const { a, b } = await twoInstances(await shared());
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      a.ctx.scheduler.add(JOB, NEVER, (signal) => {
        started();
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      });
      const run = a.ctx.scheduler.runNow(JOB);
      await running;
      expect(await b.ctx.scheduler.runNow(JOB)).toBe(false);
      await a.close();
      expect(await run).toBe(true);
      expect(a.ctx.scheduler.status()[0].last_error).toBe('the scheduler is stopping');
      expect(await b.ctx.scheduler.runNow(JOB)).toBe(true);
    });

    it('releases the lock of a job that ignores the stop once half the shutdown grace has passed', async () => {
      const { a, b } = await twoInstances(await shared());
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      let finish!: () => void;
      a.ctx.scheduler.add(JOB, NEVER, () => {
        started();
        return new Promise<void>((r) => (finish = r));
      });
      // Told when the stopping instance's locks have been given back: what follows is checked
      // at that moment, not by waiting for the lock to turn free (a 60 s lease would free it too).
      const closeLocks = a.ctx.lock.close.bind(a.ctx.lock);
      let locksClosed!: (done: Promise<void>) => void;
      // Resolved with the close's own promise, so it settles once the locks are given back.
      const released = new Promise<void>((r) => (locksClosed = r));
      vi.spyOn(a.ctx.lock, 'close').mockImplementation(() => {
        const done = closeLocks();
        locksClosed(done);
        return done;
      });
      const run = a.ctx.scheduler.runNow(JOB);
      await running;
      const closingAt = Date.now();
      const closed = a.close();
      try {
        await released;
        // The stubborn job still runs (SHUTDOWN_GRACE_MS 2000: its lock is released after ~1 s),
        // yet the lock is free for the other instance at once.
        expect(a.ctx.scheduler.status()[0].running).toBe(true);
        expect(await b.ctx.scheduler.runNow(JOB)).toBe(true);
        console.info(`[shutdown] ${_name}: lock of a job ignoring the stop free ${Date.now() - closingAt} ms after close began`);
      } finally {
        // Also when a check failed: the instance's close waits for the job.
        finish();
      }
      await closed;
      expect(await run).toBe(true);
    });
  });
});
