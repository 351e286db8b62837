// The page reading through the work pool, the main thread's side (task.ts is the thread's): a
// fetched page crosses as the bytes it came in, moved to the thread rather than copied
// (postMessage's transfer list), and is decoded there; only a rendered page (text from the
// browser) crosses as text. Decoding a large page and copying its text across took the main
// thread's time and garbage for every large page read (issue 42, docs/decisions/web-untrusted-work.md).
// Apart from task.ts so that the main thread loads none of the extractor (docs/decisions/start-up.md).

import { pageTooComplex } from '../../../core/errors.js';
import { workTask, type Exceeded, type WorkPool } from '../../../core/work/index.js';
import type { Extracted, ExtractOptions } from './index.js';

export interface ExtractInput {
  /** The page: its bytes as they came (decoded in the thread by their charset, charset.ts), or text. */
  document: Uint8Array | string;
  /** The Content-Type it was served with (its charset is the second witness after a BOM). */
  contentType: string;
  url: string;
  opts: ExtractOptions;
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

/**
 * Extracts the page in the pool; rejects with 422 PAGE_TOO_COMPLEX past the budget. Bytes given
 * are moved to the thread: the caller's array is empty after this call.
 */
export function readPage(pool: WorkPool, input: ExtractInput, signal?: AbortSignal): Promise<Extracted> {
  let transfer: ArrayBuffer[] | undefined;
  if (typeof input.document !== 'string') {
    const bytes = ownBytes(input.document);
    input = { ...input, document: bytes };
    transfer = [bytes.buffer as ArrayBuffer];
  }
  return pool.run(EXTRACT, input, { signal, transfer, exceeded: (what) => pageOverBudget(input.url, what) });
}

/**
 * Bytes that alone own their memory, so that moving it moves nothing else. A small Buffer is a
 * slice of Node's shared pool (which cannot be moved): that one is copied, which costs little.
 */
function ownBytes(b: Uint8Array): Uint8Array {
  const whole = b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;
  return whole ? b : new Uint8Array(b);
}
