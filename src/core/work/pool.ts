// A bounded pool of worker threads for CPU-heavy work on input from outside (a page's parsing,
// selecting and extraction; a year of festivals), so that no request can keep the main event loop
// busy: the main thread only routes, validates, caches and answers (DESIGN.md §7).
//
// Each task runs alone in its thread under a deadline that starts when the thread takes it (not
// while it waits in the queue): past it the thread is terminated, replaced on the next task, and
// the caller's `exceeded` error is thrown (a page's is 422 PAGE_TOO_COMPLEX). Each thread's heap is
// capped, and running out of it is reported the same way. The queue is bounded in length and in
// waiting time: a full or slow queue answers 503 with Retry-After, never an unbounded wait. A
// request that goes away (its signal aborts) leaves the queue, or ends the thread working for it.
//
// Tasks are named exports of task modules (`workTask(new URL('./task.js', import.meta.url), 'fn')`):
// their input and result cross by structured clone, an ApiError crosses as an ApiError.
// See docs/decisions/web-untrusted-work.md.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ApiError, notReady, type ErrorCode, type ErrorExtra } from '../errors.js';

/** A named export of a task module, taking I and giving O (or a promise of it). */
export interface WorkTask<I, O> {
  readonly module: string;
  readonly fn: string;
  /** Type-only: ties the task to its input and result types. */
  readonly io?: (input: I) => O;
}

// Running from TypeScript sources (vitest, tsx): the threads register the same loader.
const TYPESCRIPT = import.meta.url.endsWith('.ts');
const BOOT = new URL('./task.worker.mjs', import.meta.url);

/**
 * A task by its module and export. Call sites name the module as it is built (`./task.js`);
 * from TypeScript sources the `.ts` file beside it is what exists, and is what the thread loads.
 */
export function workTask<I, O>(module: URL, fn: string): WorkTask<I, O> {
  let href = module.href;
  if (TYPESCRIPT && href.endsWith('.js') && !existsSync(fileURLToPath(module))) href = `${href.slice(0, -3)}.ts`;
  return { module: href, fn };
}

/** What ran out: the task's time, or its thread's heap. */
export type Exceeded = { kind: 'time'; limitMs: number } | { kind: 'memory'; limitMb: number };

export interface RunOptions {
  /** The request went away: the task leaves the queue, or its thread is ended. */
  signal?: AbortSignal;
  /** This task's deadline, when not the pool's. */
  timeoutMs?: number;
  /** The error the caller answers with when the task ran out of time or memory. */
  exceeded(what: Exceeded): Error;
  /**
   * false: the thread is never terminated under this task, only abandoned — the caller is answered
   * at the deadline (or when it goes away) and the thread is free again when the task ends. For
   * tasks in native addons that cannot be stopped safely: terminating a thread inside a
   * node-addon-api call that throws (sweph's argument checks) aborts the whole process
   * ("FATAL ERROR: Error::ThrowAsJavaScriptException napi_throw"). Their work must be bounded
   * by their input instead (a calendar year is).
   */
  terminable?: boolean;
  /**
   * Memory the input moves into the thread instead of copying it (postMessage's transfer list):
   * the caller's views of it are empty after. For large bytes (a page read as it came).
   */
  transfer?: readonly ArrayBuffer[];
}

export interface WorkPoolOptions {
  /** Threads at most (started on demand). */
  threads: number;
  /** Deadline of one task, from the moment a thread takes it. */
  timeoutMs: number;
  /** Tasks that may wait for a thread; one more is refused at once. */
  queueMax: number;
  /** Longest a task waits for a thread before it is refused. */
  queueWaitMs: number;
  /** Old-generation heap of each thread. */
  heapMb: number;
  /** An idle thread ends after this long (a new one starts on demand). */
  idleMs: number;
}

export interface WorkPoolStats {
  threads: number;
  max_threads: number;
  busy: number;
  queued: number;
  completed: number;
  failed: number;
  over_budget: number;
  refused: number;
}

interface Job {
  id: number;
  task: WorkTask<unknown, unknown>;
  input: unknown;
  opts: RunOptions;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  waitTimer?: NodeJS.Timeout;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  /** The job's caller was answered already (deadline or abort on a task that is not terminable): its result is dropped. */
  abandoned?: boolean;
  deadline?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** Called once the thread has ended (close() waits on it for a thread it must not terminate). */
  ended?: () => void;
}

type WireError =
  | { api: true; code: ErrorCode; message: string; extra: ErrorExtra; headers: Record<string, string> }
  | { api: false; name: string; message: string; stack?: string };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
type Started = { id: number; started: true };

const BUSY_RETRY_S = 2;
/** Bound on starting a thread and loading a task module (TypeScript sources load slowly under test). */
const START_GRACE_MS = 30_000;

export class WorkPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly counts = { completed: 0, failed: 0, over_budget: 0, refused: 0 };

  constructor(readonly options: WorkPoolOptions) {}

  /** Runs the task in a thread; rejects with the task's own error, `exceeded(…)`, or a 503 when the pool is full. */
  run<I, O>(task: WorkTask<I, O>, input: I, opts: RunOptions): Promise<O> {
    if (this.closed) return Promise.reject(notReady('the server is shutting down', {}, { 'retry-after': String(BUSY_RETRY_S) }));
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
    return new Promise<O>((resolve, reject) => {
      const job: Job = { id: this.nextId++, task: task as WorkTask<unknown, unknown>, input, opts, resolve: resolve as (v: unknown) => void, reject };
      const slot = this.freeSlot();
      if (slot) return this.start(slot, job);
      if (this.queue.length >= this.options.queueMax) {
        this.counts.refused++;
        return reject(this.busy(`all ${this.options.threads} work threads are busy and ${this.queue.length} tasks are waiting`));
      }
      this.queue.push(job);
      job.waitTimer = setTimeout(() => {
        this.leaveQueue(job);
        this.counts.refused++;
        reject(this.busy(`no work thread was free within ${this.options.queueWaitMs} ms`));
      }, this.options.queueWaitMs);
      if (opts.signal) {
        job.onAbort = () => {
          this.leaveQueue(job);
          reject(opts.signal!.reason);
        };
        opts.signal.addEventListener('abort', job.onAbort, { once: true });
      }
    });
  }

  stats(): WorkPoolStats {
    return {
      threads: this.slots.length,
      max_threads: this.options.threads,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      ...this.counts,
    };
  }

  /** Ends every thread; waiting tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.detach(job);
      job.reject(notReady('the server is shutting down', {}, { 'retry-after': String(BUSY_RETRY_S) }));
    }
    const closing = new Error('the work pool was closed');
    await Promise.all([...this.slots].map((s) => (s.job?.opts.terminable === false ? this.endAfterTask(s, closing) : this.end(s, closing))));
  }

  /**
   * Ends a thread running a task it must not be terminated under (an ephemeris task: terminating
   * a thread inside sweph aborts the whole process) once that task returns: its caller is
   * answered now, the thread is ended when it answers (answered() does, the pool being closed).
   */
  private endAfterTask(slot: Slot, failure: unknown): Promise<void> {
    const ended = new Promise<void>((resolve) => {
      slot.ended = resolve;
    });
    if (!slot.abandoned) this.stop(slot, slot.job!, failure);
    return ended;
  }

  private busy(why: string): ApiError {
    return notReady(
      `the server is busy: ${why}; try again in a few seconds`,
      { hint: 'WORK_THREADS sets how many threads read pages at once' },
      { 'retry-after': String(BUSY_RETRY_S) },
    );
  }

  private freeSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.job);
    if (idle) return idle;
    if (this.slots.length >= this.options.threads) return undefined;
    return this.spawn();
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      workerData: { typescript: TYPESCRIPT },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // A thread never keeps the process alive: the server's socket does, and a CLI may exit.
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (answer: Answer | Started) => this.answered(slot, answer));
    worker.on('error', (err: Error & { code?: string }) => {
      const job = slot.job;
      const failure =
        job && err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? this.overBudget(job, { kind: 'memory', limitMb: this.options.heapMb })
          : new Error(`a work thread failed: ${err.message}`);
      if (!(failure instanceof ApiError)) this.counts.failed++;
      void this.end(slot, failure);
    });
    worker.on('exit', () => void this.end(slot, new Error('a work thread exited')));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    this.detach(job);
    clearTimeout(slot.idle);
    slot.job = job;
    // Until the thread says the task started, it is starting or loading the task's module: that
    // has its own, looser bound; the task's deadline is set when it starts (answered()).
    this.arm(slot, job, START_GRACE_MS + this.limitOf(job));
    if (job.opts.signal) {
      // Nobody waits for the answer any more: free the thread for the next request.
      job.onAbort = () => this.stop(slot, job, job.opts.signal!.reason);
      job.opts.signal.addEventListener('abort', job.onAbort, { once: true });
    }
    slot.worker.postMessage({ id: job.id, module: job.task.module, fn: job.task.fn, input: job.input }, job.opts.transfer as ArrayBuffer[] | undefined);
  }

  private overBudget(job: Job, what: Exceeded): Error {
    this.counts.over_budget++;
    return job.opts.exceeded(what);
  }

  private limitOf(job: Job): number {
    return job.opts.timeoutMs ?? this.options.timeoutMs;
  }

  private arm(slot: Slot, job: Job, ms: number): void {
    clearTimeout(slot.deadline);
    slot.deadline = setTimeout(() => this.stop(slot, job, this.overBudget(job, { kind: 'time', limitMs: this.limitOf(job) })), ms);
  }

  /** The job's caller gets `failure` now; the thread is ended, or (not terminable) left to finish and then reused. */
  private stop(slot: Slot, job: Job, failure: unknown): void {
    if (job.opts.terminable !== false) return void this.end(slot, failure);
    if (slot.abandoned) return;
    slot.abandoned = true;
    clearTimeout(slot.deadline);
    this.detach(job);
    job.reject(failure);
  }

  private answered(slot: Slot, answer: Answer | Started): void {
    const job = slot.job;
    if (!job || answer.id !== job.id) return;
    if (slot.abandoned) {
      if ('started' in answer) return;
      // Closed meanwhile: the thread that could not be terminated under its task ends now.
      if (this.closed) return void this.end(slot, undefined);
      this.release(slot);
      return this.drain();
    }
    if ('started' in answer) return this.arm(slot, job, this.limitOf(job));
    this.release(slot);
    if (answer.ok) {
      this.counts.completed++;
      job.resolve(answer.value);
    } else {
      const e = answer.error;
      if (e.api) job.reject(new ApiError(e.code, e.message, e.extra, e.headers));
      else {
        this.counts.failed++;
        const err = new Error(e.message);
        err.name = e.name;
        if (e.stack) err.stack = e.stack;
        job.reject(err);
      }
    }
    this.drain();
  }

  /** The slot's job is done (answered): the thread stays for the next one. */
  private release(slot: Slot): void {
    clearTimeout(slot.deadline);
    if (slot.job) this.detach(slot.job);
    slot.job = undefined;
    slot.abandoned = false;
    slot.idle = setTimeout(() => void this.end(slot, undefined), this.options.idleMs);
    slot.idle.unref();
  }

  /** Ends the slot's thread; its job, if any, is rejected with `failure`. */
  private async end(slot: Slot, failure: unknown): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    clearTimeout(slot.deadline);
    clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      this.detach(job);
      job.reject(failure ?? new Error('a work thread ended'));
    }
    this.drain();
    await slot.worker.terminate().catch(() => undefined);
    slot.ended?.();
  }

  private drain(): void {
    while (this.queue.length && !this.closed) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private leaveQueue(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    this.detach(job);
  }

  private detach(job: Job): void {
    clearTimeout(job.waitTimer);
    job.waitTimer = undefined;
    if (job.onAbort) job.opts.signal?.removeEventListener('abort', job.onAbort);
    job.onAbort = undefined;
  }
}

// One pool per process and settings: every app of a process (tests build many) shares warm
// threads, and idle threads end by themselves.
const shared = new Map<string, WorkPool>();

export function sharedWorkPool(options: WorkPoolOptions): WorkPool {
  const key = JSON.stringify(options);
  let pool = shared.get(key);
  if (!pool) {
    pool = new WorkPool(options);
    shared.set(key, pool);
  }
  return pool;
}
