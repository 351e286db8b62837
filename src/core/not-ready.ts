// The 503 a route answers while the data a job loads (a crawl, an import, a data set) is not
// there: the real state of that job, not "under way or scheduled". Loading now; failed at T
// for a reason and retrying at T (the catch-up's back-off); failed and waiting for the next
// scheduled run; or not run by this instance at all. Each names the command that loads it now.

import { ApiError } from './errors.js';
import type { LoadState, LoadStatus } from './loads.js';
import type { AppContext } from './module.js';

/** A client may ask again in a minute while a crawl or import runs (they take seconds to minutes). */
export const JOB_RUNNING_RETRY_AFTER_S = 60;
/** Retry-After is capped: a next scheduled run hours away is no reason to tell a client to go for hours. */
const MAX_RETRY_AFTER_S = 3600;

export type JobDataState = 'loading' | 'retrying' | 'failed' | 'scheduled' | 'not_run_here';

export interface JobNotReady {
  /** The job that loads the data (its name is what `npm run crawl -- <name>` takes). */
  job: string;
  /** What is missing, for a person: "fuel prices". */
  what: string;
  /** The command that loads it now, when it is not `npm run crawl -- <job>` (an import from a file). */
  command?: string;
  /** A sentence added to the message (what still answers meanwhile). */
  meanwhile?: string;
  /** The job also imports a downloaded copy (`npm run import -- <job> --file`): the hint says so, for a machine without internet. */
  seedable?: boolean;
}

/** The state of the job that loads some data, with the times a client can act on. */
export function jobDataState(ctx: AppContext, job: string) {
  const s = ctx.scheduler.status().find((j) => j.name === job);
  const retryAt = ctx.scheduler.retryAt(job);
  const next = ctx.scheduler.nextRun(job, ctx.now());
  let state: JobDataState;
  if (s?.running || (ctx.loads.state(job) === 'loading' && !retryAt && !s?.last_error)) state = 'loading';
  else if (s?.last_error && retryAt) state = 'retrying';
  else if (s?.last_error) state = 'failed';
  else if (!ctx.scheduler.enabled) state = 'not_run_here';
  else state = 'scheduled';
  const nextTry = state === 'retrying' ? retryAt! : state === 'not_run_here' ? null : next;
  return {
    state,
    last_error: s?.last_error ?? null,
    last_failure_at: s?.last_error ? s.last_end : null,
    next_try: nextTry ? nextTry.toISOString() : null,
  };
}

/** A data load as /health lists it. */
export interface LoadReport extends Omit<LoadStatus, 'state'> {
  state: LoadState | 'retrying';
  /** With `retrying`: when the next try is due, ISO 8601. */
  next_try: string | null;
}

/**
 * The loads as /health lists them, in the words the routes' 503s use: a catch-up whose last try
 * failed and that waits for its back-off is `retrying` with that try's error and the next try's
 * time, not `loading` with no error (its load has not ended, but nothing is being loaded).
 */
export function loadsReport(ctx: AppContext): LoadReport[] {
  return ctx.loads.list().map((l) => {
    if (l.state === 'loading' && ctx.scheduler.retryAt(l.name)) {
      const d = jobDataState(ctx, l.name);
      if (d.state === 'retrying') return { ...l, state: 'retrying', error: d.last_error, next_try: d.next_try };
    }
    return { ...l, next_try: null };
  });
}

export function jobNotReady(ctx: AppContext, o: JobNotReady): ApiError {
  const d = jobDataState(ctx, o.job);
  const command = o.command ?? `npm run crawl -- ${o.job}`;
  const sentence = {
    loading: `${o.what}: being loaded now (job ${o.job})`,
    retrying: `${o.what}: not loaded yet; the last try failed at ${d.last_failure_at} (${d.last_error}); the next try is at ${d.next_try}`,
    failed: `${o.what}: not loaded yet; the last try failed at ${d.last_failure_at} (${d.last_error}); the next scheduled load is at ${d.next_try ?? 'no time set'}`,
    scheduled: `${o.what}: not loaded yet; the next scheduled load is at ${d.next_try ?? 'no time set'}`,
    not_run_here: `${o.what}: not loaded yet; this instance runs no jobs (SCHEDULER_ENABLED=false), so another instance or the command in hint loads it`,
  }[d.state];
  const now = ctx.now().getTime();
  const untilNext = d.next_try ? Math.ceil((Date.parse(d.next_try) - now) / 1000) : MAX_RETRY_AFTER_S;
  const retryAfter = d.state === 'loading' ? JOB_RUNNING_RETRY_AFTER_S : Math.min(Math.max(untilNext, 1), MAX_RETRY_AFTER_S);
  return new ApiError(
    'NOT_READY',
    `${sentence}${o.meanwhile ? `; ${o.meanwhile}` : ''}`,
    {
      state: d.state,
      job: o.job,
      last_error: d.last_error,
      last_failure_at: d.last_failure_at,
      next_try: d.next_try,
      hint: `\`${command}\` loads it now${o.seedable ? `; without internet, \`npm run import -- ${o.job} --file <a downloaded copy>\` (README: data sets)` : ''}`,
    },
    { 'retry-after': String(retryAfter) },
  );
}
