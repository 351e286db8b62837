// The calendar's heavy views as work-pool tasks (src/core/work): a year of observances costs
// 40-80 ms of CPU and a month 5-15 ms, and a client may ask for many places and years at once
// (an MCP batch of a hundred years held the event loop for 13 s). They run in a worker thread.
// Swiss Ephemeris keeps its settings per thread (its state is thread-local on Linux builds), so
// each thread points the library at the ephemeris files itself. A thread inside sweph must never
// be terminated (a throw from its native checks while terminating aborts the process), so these
// tasks are abandoned at their deadline, not ended: their size is fixed by their input.

import { notReady } from '../../../core/errors.js';
import { workTask, type Exceeded, type WorkPool } from '../../../core/work/index.js';
import { configureEphemeris } from '../calc/ephemeris.js';
import type { Place } from './sky.js';
import type { SolarCalendar } from './regional-names.js';
import { monthView, yearView } from './views.js';

interface Where {
  place: Place;
  /** SE_EPHE_PATH of the app asking (undefined: the built-in Moshier theory). */
  ephePath: string | undefined;
}

type MonthInput = Where & { year: number; month: number; calendars: readonly SolarCalendar[] };

let configured: { path: string | undefined } | undefined;
function ephemeris(path: string | undefined): void {
  if (configured && configured.path === path) return;
  configureEphemeris(path);
  configured = { path };
}

/** Runs in the worker thread. */
export function yearTask(input: Where & { year: number }): ReturnType<typeof yearView> {
  ephemeris(input.ephePath);
  return yearView(input.place, input.year);
}

/** Runs in the worker thread. */
export function monthTask(input: MonthInput): ReturnType<typeof monthView> {
  ephemeris(input.ephePath);
  return monthView(input.place, input.year, input.month, input.calendars);
}

const YEAR = workTask<Where & { year: number }, ReturnType<typeof yearView>>(new URL('./task.js', import.meta.url), 'yearTask');
const MONTH = workTask<MonthInput, ReturnType<typeof monthView>>(new URL('./task.js', import.meta.url), 'monthTask');

// A year or a month is bounded by its input (it ends in well under a second of CPU), so the
// budget is only a guard against a machine too overloaded to answer: far above WORK_TIMEOUT_MS,
// which is sized for pages whose cost the outside chooses.
const CALENDAR_BUDGET_MS = 120_000;

// A year or month has a fixed size: one over its budget means the machine is overloaded, not that
// the input is too complex, so it is a 503 to retry.
const overloaded = (what: string) => (x: Exceeded) =>
  notReady(
    x.kind === 'time' ? `computing ${what} took longer than ${x.limitMs} ms; the server is overloaded` : `computing ${what} needed more than ${x.limitMb} MB`,
    { hint: 'WORK_TIMEOUT_MS and WORK_THREADS set the budget and the threads' },
    { 'retry-after': '5' },
  );

export const computeYear = (pool: WorkPool, where: Where, year: number) =>
  pool.run(YEAR, { ...where, year }, { exceeded: overloaded(`the ${year} observances`), terminable: false, timeoutMs: CALENDAR_BUDGET_MS });

export const computeMonth = (pool: WorkPool, where: Where, year: number, month: number, calendars: readonly SolarCalendar[] = []) =>
  pool.run(
    MONTH,
    { ...where, year, month, calendars },
    { exceeded: overloaded(`${year}-${String(month).padStart(2, '0')}`), terminable: false, timeoutMs: CALENDAR_BUDGET_MS },
  );
