// The calendar's heavy views as work-pool tasks (src/core/work): a year of observances costs
// 40-80 ms of CPU and a month 5-15 ms, and a client may ask for many places and years at once
// (an MCP batch of a hundred years held the event loop for 13 s). They run in a worker thread,
// as every ephemeris task does (calc/in-thread.ts says how).

import { workTask, type WorkPool } from '../../../core/work/index.js';
import { ephemerisRun, useEphemeris } from '../calc/in-thread.js';
import type { Place } from './sky.js';
import type { SolarCalendar } from './regional-names.js';
import { monthView, yearView } from './views.js';

interface Where {
  place: Place;
  /** SE_EPHE_PATH of the app asking (undefined: the built-in Moshier theory). */
  ephePath: string | undefined;
}

type MonthInput = Where & { year: number; month: number; calendars: readonly SolarCalendar[] };

/**
 * A year's observances as JSON text, and how many. Text, not objects: the main thread then neither
 * rebuilds a year of objects from the thread's copy nor writes them out again for every answer
 * (170 KB at a high latitude), and the cache holds one string per year instead of thousands of
 * objects for the collector to walk (docs/decisions/mcp-batch-budget.md, Measured).
 */
export interface YearJson {
  count: number;
  json: string;
}

/** Runs in the worker thread. */
export function yearTask(input: Where & { year: number }): YearJson {
  useEphemeris(input.ephePath);
  const festivals = yearView(input.place, input.year);
  return { count: festivals.length, json: JSON.stringify(festivals) };
}

/** Runs in the worker thread. */
export function monthTask(input: MonthInput): ReturnType<typeof monthView> {
  useEphemeris(input.ephePath);
  return monthView(input.place, input.year, input.month, input.calendars);
}

const YEAR = workTask<Where & { year: number }, YearJson>(new URL('./task.js', import.meta.url), 'yearTask');
const MONTH = workTask<MonthInput, ReturnType<typeof monthView>>(new URL('./task.js', import.meta.url), 'monthTask');

export const computeYear = (pool: WorkPool, where: Where, year: number) => pool.run(YEAR, { ...where, year }, ephemerisRun(`the ${year} observances`));

export const computeMonth = (pool: WorkPool, where: Where, year: number, month: number, calendars: readonly SolarCalendar[] = []) =>
  pool.run(MONTH, { ...where, year, month, calendars }, ephemerisRun(`${year}-${String(month).padStart(2, '0')}`));
