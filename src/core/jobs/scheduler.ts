// In-process cron (croner, Asia/Kolkata by default) whose every run goes through the
// single-runner lock. Each job keeps its last outcome for /health and status endpoints.
// A job gets an AbortSignal: it fires when the lock is lost or the scheduler stops, and a
// job that honours it ends early instead of running on without the lock.

import { setTimeout as sleep } from 'node:timers/promises';
import { Cron } from 'croner';
import type { Lock } from './lock.js';

export interface JobState {
  name: string;
  schedule: string;
  running: boolean;
  last_start: string | null;
  last_end: string | null;
  last_error: string | null;
  next_run: string | null;
}

/** A job's work; it should stop soon after `signal` aborts. */
export type JobFn = (signal: AbortSignal) => Promise<unknown>;

interface Job {
  state: JobState;
  /** When a failed start-up load tries again. */
  retryAt?: Date;
  cron?: Cron;
  fn: JobFn;
  maxMs: number;
}

/** How long a start-up load waits after a failed run: doubling from the first wait to the cap. */
export interface Backoff {
  failureBackoffMs: number;
  maxBackoffMs: number;
}

/** One minute, doubling to half an hour: an offline upstream is asked about twice an hour at most. */
export const START_BACKOFF: Backoff = { failureBackoffMs: 60_000, maxBackoffMs: 30 * 60_000 };

export interface SchedulerOptions {
  enabled: boolean;
  lock: Lock;
  timezone?: string;
  onError?: (job: string, err: unknown) => void;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private started = false;
  private stopped = false;
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  constructor(private readonly opts: SchedulerOptions) {}

  get enabled() {
    return this.opts.enabled;
  }

  /**
   * Registers a job; `schedule` is a cron pattern in the scheduler's time zone. `maxMs` is the
   * longest a run may hold its lock (its signal aborts then).
   */
  add(name: string, schedule: string, fn: JobFn, opts: { maxMs?: number } = {}): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} registered twice`);
    const job: Job = {
      fn,
      maxMs: opts.maxMs ?? 30 * 60_000,
      state: { name, schedule, running: false, last_start: null, last_end: null, last_error: null, next_run: null },
    };
    this.jobs.set(name, job);
    if (this.started) this.arm(job);
  }

  start(): void {
    if (this.started || this.stopped || !this.opts.enabled) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job);
  }

  /**
   * Graceful stop: no new runs, running jobs told to stop (their signal aborts), then waits
   * up to `waitMs` for them to end. Locks a job still holds after that are the lock's to
   * release (Lock.close).
   */
  async stop(waitMs = 0): Promise<void> {
    for (const job of this.jobs.values()) job.cron?.stop();
    this.started = false;
    this.stopped = true;
    this.stopping.abort(new Error('the scheduler is stopping'));
    if (this.running.size === 0 || waitMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(this.running), new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  /** Runs a job now (through the lock). Returns false when another runner holds it, or after stop(). */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    if (this.stopped) return false;
    const run = this.opts.lock.run(`job:${name}`, job.maxMs, async (lockSignal) => {
      job.state.running = true;
      job.state.last_start = new Date().toISOString();
      try {
        await job.fn(AbortSignal.any([lockSignal, this.stopping.signal]));
        job.state.last_error = null;
      } catch (err) {
        job.state.last_error = err instanceof Error ? err.message : String(err);
        this.opts.onError?.(name, err);
      } finally {
        job.state.running = false;
        job.state.last_end = new Date().toISOString();
      }
    });
    this.running.add(run);
    try {
      return (await run).ran;
    } catch (err) {
      // The lock itself failed (Redis or the database away): a run that could not start is
      // a failed run, not a crash of the cron callback.
      job.state.last_error = `could not take the job lock: ${err instanceof Error ? err.message : String(err)}`;
      this.opts.onError?.(name, err);
      return false;
    } finally {
      this.running.delete(run);
    }
  }

  /**
   * A start-up load: runs a job now, and again for as long as `stillNeeded()` says so. While
   * another runner holds its lock it looks again every `lockRetryMs` (a holder that dies frees
   * the lock within its lease, and this instance then does the work). After a run that failed
   * (the upstream offline, say) it waits a back-off that starts at `failureBackoffMs` and doubles
   * up to `maxBackoffMs`, instead of leaving the data missing until the next scheduled slot.
   * `retryAt` tells a status endpoint when the next try is due. Resolves true once the work is no
   * longer needed, false when the scheduler stopped before that (the data never loaded).
   */
  async runWhileNeeded(name: string, stillNeeded: () => Promise<boolean>, lockRetryMs: number, backoff: Backoff = START_BACKOFF): Promise<boolean> {
    const job = this.jobs.get(name);
    let failureWait = backoff.failureBackoffMs;
    // True once the work is no longer needed; false when the scheduler stopped first.
    let done = false;
    while (!this.stopped) {
      if (!(await stillNeeded())) {
        done = true;
        break;
      }
      const ran = await this.runNow(name);
      if (ran && !(await stillNeeded())) {
        done = true;
        break;
      }
      const wait = ran ? failureWait : lockRetryMs;
      if (ran) failureWait = Math.min(failureWait * 2, backoff.maxBackoffMs);
      if (job) job.retryAt = new Date(Date.now() + wait);
      await sleep(wait, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
    if (job) job.retryAt = undefined;
    return done;
  }

  /** When a start-up load that failed will be tried again (undefined when none is waiting). */
  retryAt(name: string): Date | undefined {
    return this.jobs.get(name)?.retryAt;
  }

  status(): JobState[] {
    return [...this.jobs.values()].map((j) => ({ ...j.state, next_run: j.cron?.nextRun()?.toISOString() ?? null }));
  }

  /** Next scheduled run of a job (for status endpoints), even when this instance does not run jobs. */
  nextRun(name: string, from = new Date()): Date | null {
    const job = this.jobs.get(name);
    if (!job) return null;
    return new Cron(job.state.schedule, { timezone: this.opts.timezone ?? 'Asia/Kolkata', paused: true }).nextRun(from);
  }

  /** The last scheduled time at or before `at` (to decide whether stored data is out of date). */
  previousRun(name: string, at = new Date()): Date | null {
    const job = this.jobs.get(name);
    if (!job) return null;
    const cron = new Cron(job.state.schedule, { timezone: this.opts.timezone ?? 'Asia/Kolkata', paused: true });
    // croner has no previousRun: walk forward from a day and a half ago.
    let t: Date | null = cron.nextRun(new Date(at.getTime() - 36 * 3600_000));
    let last: Date | null = null;
    while (t && t <= at) {
      last = t;
      t = cron.nextRun(t);
    }
    return last;
  }

  private arm(job: Job) {
    job.cron = new Cron(job.state.schedule, { timezone: this.opts.timezone ?? 'Asia/Kolkata', protect: true }, () => {
      void this.runNow(job.state.name);
    });
  }
}
