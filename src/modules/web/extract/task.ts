// The page reading as a work-pool task (src/core/work): parsing, selecting and extracting a page
// from outside run in a worker thread under a deadline, never on the event loop. The service
// calls `readPage` through the pool; the thread calls `extractTask`.

import { pageTooComplex } from '../../../core/errors.js';
import { workTask, type Exceeded, type WorkPool } from '../../../core/work/index.js';
import { extract, type Extracted, type ExtractOptions } from './index.js';

export interface ExtractInput {
  html: string;
  url: string;
  opts: ExtractOptions;
}

/** Runs in the worker thread. */
export function extractTask(input: ExtractInput): Extracted {
  return extract(input.html, input.url, input.opts);
}

const EXTRACT = workTask<ExtractInput, Extracted>(new URL('./task.js', import.meta.url), 'extractTask');

/** The 422 a page over its budget answers, naming the budget and the setting that sets it. */
export function pageOverBudget(url: string, what: Exceeded): Error {
  return what.kind === 'time'
    ? pageTooComplex(`reading ${url} took longer than its budget of ${what.limitMs} ms; the page is too large or complex to read`, {
        limit: 'time_ms',
        max: what.limitMs,
        hint: 'a narrower include selector, or main=0 without selectors, reads less; WORK_TIMEOUT_MS sets the budget',
      })
    : pageTooComplex(`reading ${url} needed more than its memory budget of ${what.limitMb} MB`, {
        limit: 'heap_mb',
        max: what.limitMb,
        hint: 'WORK_HEAP_MB sets the budget',
      });
}

/** Extracts the page in the pool; rejects with 422 PAGE_TOO_COMPLEX past the budget. */
export function readPage(pool: WorkPool, input: ExtractInput, signal?: AbortSignal): Promise<Extracted> {
  return pool.run(EXTRACT, input, { signal, exceeded: (what) => pageOverBudget(input.url, what) });
}
