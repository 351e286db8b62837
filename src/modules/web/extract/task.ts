// The page reading as a work-pool task (src/core/work), the thread's side: decoding, parsing,
// selecting and extracting a page from outside run in a worker thread under a deadline, never on
// the event loop. The service calls `readPage` (read-page.ts) through the pool; the thread calls
// `extractTask`.

import { decodeBody } from '../charset.js';
import { extract, type Extracted } from './index.js';
import type { ExtractInput } from './read-page.js';

/** Runs in the worker thread. */
export function extractTask(input: ExtractInput): Extracted {
  const text = typeof input.document === 'string' ? input.document : decodeBody(input.document, input.contentType).text;
  return extract(text, input.url, input.opts);
}
