// What every ephemeris task of the work pool (src/core/work) shares. Swiss Ephemeris keeps its
// settings per thread (its state is thread-local on Linux builds), so each thread points the
// library at the ephemeris files itself. A thread inside sweph must never be terminated (a throw
// from its native checks while terminating aborts the process), so these tasks are abandoned at
// their deadline, not ended: their size is fixed by their input (a year, a century of Saturn).

import { notReady } from '../../../core/errors.js';
import type { Exceeded, RunOptions } from '../../../core/work/index.js';
import { configureEphemeris } from './ephemeris.js';

let configured: { path: string | undefined } | undefined;

/** In the worker thread: the ephemeris files of the app asking (undefined: the built-in Moshier theory). */
export function useEphemeris(path: string | undefined): void {
  if (configured && configured.path === path) return;
  configureEphemeris(path);
  configured = { path };
}

// Bounded by their input (well under a second of CPU each), so the budget only guards against a
// machine too overloaded to answer: far above WORK_TIMEOUT_MS, which is sized for pages whose
// cost the outside chooses.
const EPHEMERIS_BUDGET_MS = 120_000;

/** How an ephemeris task runs: never terminated, and over its budget a 503 to retry (the machine is overloaded, the input is not too complex). */
export const ephemerisRun = (what: string): RunOptions => ({
  terminable: false,
  timeoutMs: EPHEMERIS_BUDGET_MS,
  exceeded: (x: Exceeded) =>
    notReady(
      x.kind === 'time' ? `computing ${what} took longer than ${x.limitMs} ms; the server is overloaded` : `computing ${what} needed more than ${x.limitMb} MB`,
      { hint: 'WORK_THREADS sets how many threads compute at once' },
      { 'retry-after': '5' },
    ),
});
