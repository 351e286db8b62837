// In-process cron (croner, Asia/Kolkata by default) whose every run goes through the
// single-runner lock. Each job keeps its last outcome for /health and status endpoints.

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

interface Job {
  state: JobState;
  cron?: Cron;
  fn: () => Promise<unknown>;
  ttlMs: number;
}

export interface SchedulerOptions {
  enabled: boolean;
  lock: Lock;
  timezone?: string;
  onError?: (job: string, err: unknown) => void;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private started = false;
  constructor(private readonly opts: SchedulerOptions) {}

  get enabled() {
    return this.opts.enabled;
  }

  /** Registers a job; `schedule` is a cron pattern in the scheduler's time zone. */
  add(name: string, schedule: string, fn: () => Promise<unknown>, opts: { lockTtlMs?: number } = {}): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} registered twice`);
    const job: Job = {
      fn,
      ttlMs: opts.lockTtlMs ?? 30 * 60_000,
      state: { name, schedule, running: false, last_start: null, last_end: null, last_error: null, next_run: null },
    };
    this.jobs.set(name, job);
    if (this.started) this.arm(job);
  }

  start(): void {
    if (this.started || !this.opts.enabled) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job);
  }

  stop(): void {
    for (const job of this.jobs.values()) job.cron?.stop();
    this.started = false;
  }

  /** Runs a job now (through the lock). Returns false when another runner holds it. */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    const res = await this.opts.lock.run(`job:${name}`, job.ttlMs, async () => {
      job.state.running = true;
      job.state.last_start = new Date().toISOString();
      try {
        await job.fn();
        job.state.last_error = null;
      } catch (err) {
        job.state.last_error = err instanceof Error ? err.message : String(err);
        this.opts.onError?.(name, err);
      } finally {
        job.state.running = false;
        job.state.last_end = new Date().toISOString();
      }
    });
    return res.ran;
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
