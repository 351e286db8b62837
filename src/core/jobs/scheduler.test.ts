import { describe, expect, it } from 'vitest';
import { MemoryLock, type Lock } from './lock.js';
import { Scheduler } from './scheduler.js';

const FUEL = '30 5,6,8,9,10 * * *';

/** A scheduler running one job that ends only when `finish` is called, whatever its signal says. */
async function withStubbornJob(name: string) {
  const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
  let finish!: () => void;
  s.add(name, FUEL, () => new Promise<void>((r) => (finish = r)));
  const run = s.runNow(name);
  await new Promise((r) => setTimeout(r, 10));
  return { s, run, finish: () => finish() };
}

describe('scheduler', () => {
  it('runs a job now and records its outcome', async () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    let runs = 0;
    s.add('crawl', FUEL, async () => {
      runs++;
    });
    expect(await s.runNow('crawl')).toBe(true);
    expect(runs).toBe(1);
    const st = s.status()[0];
    expect(st.last_error).toBeNull();
    expect(st.last_end).not.toBeNull();
  });

  it('keeps a failing job error for the status report', async () => {
    const errors: string[] = [];
    const s = new Scheduler({ enabled: false, lock: new MemoryLock(), onError: (j) => errors.push(j) });
    s.add('bad', FUEL, async () => Promise.reject(new Error('source down')));
    await s.runNow('bad');
    expect(s.status()[0].last_error).toBe('source down');
    expect(errors).toEqual(['bad']);
  });

  it('does not run a job twice at once', async () => {
    const { s, run, finish } = await withStubbornJob('slow');
    expect(await s.runNow('slow')).toBe(false);
    finish();
    expect(await run).toBe(true);
  });

  it('computes the next and previous runs in Asia/Kolkata', () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    s.add('crawl', FUEL, async () => {});
    // 2026-11-21 07:00 IST = 01:30 UTC; the previous run was 06:30 IST, the next 08:30 IST.
    const at = new Date('2026-11-21T01:30:00Z');
    expect(s.previousRun('crawl', at)?.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(s.nextRun('crawl', at)?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
  });

  it('on stop, tells a running job to stop, waits for it to end, and starts no more runs', async () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    let ended = false;
    s.add(
      'crawl',
      FUEL,
      (signal) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => setTimeout(() => ((ended = true), reject(signal.reason)), 50), { once: true }),
        ),
    );
    const run = s.runNow('crawl');
    await new Promise((r) => setTimeout(r, 10));
    await s.stop(5_000);
    expect(ended).toBe(true);
    expect(await run).toBe(true);
    expect(s.status()[0]).toMatchObject({ running: false, last_error: 'the scheduler is stopping' });
    expect(await s.runNow('crawl')).toBe(false);
  });

  it('waits no longer than asked for a job that ignores the signal', async () => {
    // The job ends only when finish() is called, after stop returns: a stop that waited for it
    // would never return (the suite's timeout only ends that hang), so no clock is read here.
    const { s, run, finish } = await withStubbornJob('stubborn');
    await s.stop(200);
    expect(s.status()[0].running).toBe(true);
    finish();
    expect(await run).toBe(true);
  });

  it('hands the job the signal of its lock: it learns when the lock is let go', async () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    s.add('long', FUEL, (signal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })), { maxMs: 50 });
    await s.runNow('long');
    expect(s.status()[0].last_error).toMatch(/lock job:long lost: held longer than its limit of 50 ms/);
  });

  it('counts a lock that cannot be taken (Redis away) as a failed run, not a crash', async () => {
    const broken: Lock = { kind: 'redis', run: () => Promise.reject(new Error('Connection is closed.')), close: async () => {} };
    const errors: string[] = [];
    const s = new Scheduler({ enabled: false, lock: broken, onError: (j) => errors.push(j) });
    s.add('crawl', FUEL, async () => {});
    expect(await s.runNow('crawl')).toBe(false);
    expect(s.status()[0].last_error).toBe('could not take the job lock: Connection is closed.');
    expect(errors).toEqual(['crawl']);
  });

  it('refuses a job name registered twice', () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    s.add('a', FUEL, async () => {});
    expect(() => s.add('a', FUEL, async () => {})).toThrow(/twice/);
  });

  it('takes over a job another runner holds once it is free, while the work is still needed', async () => {
    const lock = new MemoryLock();
    const s = new Scheduler({ enabled: false, lock });
    let runs = 0;
    s.add('crawl', FUEL, async () => {
      runs++;
    });
    let release!: () => void;
    const held = lock.run('job:crawl', 60_000, () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 10));
    const takeover = s.runWhileNeeded('crawl', async () => runs === 0, 20);
    await new Promise((r) => setTimeout(r, 70));
    expect(runs).toBe(0);
    release();
    await held;
    await takeover;
    expect(runs).toBe(1);
  });

  it('tries a failed start-up load again after a doubling, capped back-off until it succeeds, and says when', async () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    const at: number[] = [];
    const retryAtSeen: (number | undefined)[] = [];
    let loaded = false;
    s.add('stations', FUEL, async () => {
      // What the scheduler said, while waiting, of the try that is now starting.
      retryAtSeen.push(s.retryAt('stations')?.getTime());
      at.push(Date.now());
      if (at.length < 4) throw new Error('upstream offline');
      loaded = true;
    });
    await s.runWhileNeeded('stations', async () => !loaded, 5, { failureBackoffMs: 20, maxBackoffMs: 40 });
    // Each retry was announced for its back-off after the failure before it (read during the wait).
    expect(retryAtSeen[0]).toBeUndefined();
    expect(retryAtSeen[1]).toBeGreaterThanOrEqual(at[0] + 20);
    expect(retryAtSeen[2]).toBeGreaterThanOrEqual(at[1] + 40);
    expect(at).toHaveLength(4);
    const waits = at.slice(1).map((t, i) => t - at[i]);
    // at least 20, then 40, then 40 again (the cap); timers only ever fire late
    expect(waits[0]).toBeGreaterThanOrEqual(18);
    expect(waits[1]).toBeGreaterThanOrEqual(38);
    expect(waits[2]).toBeGreaterThanOrEqual(38);
    expect(s.retryAt('stations')).toBeUndefined();
    expect(s.status()[0].last_error).toBeNull();
  });

  it('stops trying when the work is no longer needed, or the scheduler stops', async () => {
    const lock = new MemoryLock();
    const s = new Scheduler({ enabled: false, lock });
    s.add('crawl', FUEL, async () => undefined);
    const held = lock.run('job:crawl', 60_000, () => new Promise<void>(() => undefined));
    await new Promise((r) => setTimeout(r, 10));
    let checks = 0;
    // true: it ended because the work was no longer needed…
    expect(await s.runWhileNeeded('crawl', async () => ++checks < 3, 5)).toBe(true);
    expect(checks).toBe(3);
    const waiting = s.runWhileNeeded('crawl', async () => true, 60_000);
    await new Promise((r) => setTimeout(r, 10));
    await s.stop();
    // …false: the scheduler stopped first, and the work was never done.
    expect(await waiting).toBe(false);
    void held;
  });
});
