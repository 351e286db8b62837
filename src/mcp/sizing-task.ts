// Cutting a large answer to a model's budget (sizing.ts) parses it, walks it and writes it again:
// for a year of festivals (170 KB) that is several copies of the answer made and dropped, and in
// a batch of calls it was the largest share of the event loop's time after the festivals' own
// serialization (CPU profile of `npm run bench:hostile`, docs/decisions/mcp-batch-budget.md). So
// an answer that large is cut in the work pool: the main thread copies the text in and the cut
// out. A small answer is cut here: it fits as it is, or costs less than the hop.

import { ApiError, errorBody, notReady } from '../core/errors.js';
import { workTask, type Exceeded, type WorkPool } from '../core/work/index.js';
import type { Answer } from './run.js';
import { sizeAnswer, type Brief, type Sizing } from './sizing.js';

/** Characters of an answer from which it is cut in the pool. */
export const SIZE_IN_POOL_CHARS = 64_000;

interface SizeInput {
  answer: Answer & { body: string };
  sizing: Sizing;
  brief?: Brief;
}

/** Runs in the worker thread. */
export function sizeTask(input: SizeInput): Answer {
  return sizeAnswer(input.answer, input.sizing, input.brief);
}

const SIZE = workTask<SizeInput, Answer>(new URL('./sizing-task.js', import.meta.url), 'sizeTask');

const overBudget = (what: Exceeded) =>
  notReady(
    what.kind === 'time'
      ? `cutting the answer to size took longer than ${what.limitMs} ms; the server is overloaded`
      : `cutting the answer to size needed more than ${what.limitMb} MB`,
    { hint: 'detail full with a cursor asks for less at once' },
    { 'retry-after': '2' },
  );

/** Whether sizeAnswer would cut text out of this answer (not an error, not a raster image). */
function textSuccess(answer: Answer): answer is Answer & { body: string | Buffer; type: string } {
  if ('error' in answer || answer.status >= 400) return false;
  const type = answer.type.split(';')[0]!.trim().toLowerCase();
  return !type.startsWith('image/') || type === 'image/svg+xml';
}

/** sizeAnswer, in the pool when the answer is large (and a pool is given); a pool that is full answers its 503 as the tool's error. */
export async function sizeAnswerAside(pool: WorkPool | undefined, answer: Answer, sizing: Sizing, brief?: Brief): Promise<Answer> {
  if (!pool || !textSuccess(answer) || answer.body.length < SIZE_IN_POOL_CHARS) return sizeAnswer(answer, sizing, brief);
  const body = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
  try {
    return await pool.run(SIZE, { answer: { ...answer, body }, sizing, brief }, { exceeded: overBudget });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.statusCode, error: errorBody('standard', err.code, err.message, err.extra), message: err.message };
  }
}
