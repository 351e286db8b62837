import { describe, expect, it } from 'vitest';
import { MemoryLock } from './lock.js';
import { Scheduler } from './scheduler.js';

const FUEL = '30 5,6,8,9,10 * * *';

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
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    let release!: () => void;
    s.add('slow', FUEL, () => new Promise<void>((r) => (release = r)));
    const first = s.runNow('slow');
    await new Promise((r) => setTimeout(r, 10));
    expect(await s.runNow('slow')).toBe(false);
    release();
    expect(await first).toBe(true);
  });

  it('computes the next and previous runs in Asia/Kolkata', () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    s.add('crawl', FUEL, async () => {});
    // 2026-11-21 07:00 IST = 01:30 UTC; the previous run was 06:30 IST, the next 08:30 IST.
    const at = new Date('2026-11-21T01:30:00Z');
    expect(s.previousRun('crawl', at)?.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(s.nextRun('crawl', at)?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
  });

  it('refuses a job name registered twice', () => {
    const s = new Scheduler({ enabled: false, lock: new MemoryLock() });
    s.add('a', FUEL, async () => {});
    expect(() => s.add('a', FUEL, async () => {})).toThrow(/twice/);
  });
});
