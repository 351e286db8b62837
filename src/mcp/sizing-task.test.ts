// A large answer is cut to a model's budget in the work pool, a small one where it is: the cut is
// the same either way, the event loop takes turns while a large one is cut, and a pool that cannot
// take the work answers its 503 as the tool's error.

import { afterEach, describe, expect, it } from 'vitest';
import { WorkPool } from '../core/work/index.js';
import type { Answer } from './run.js';
import { SIZE_IN_POOL_CHARS, sizeAnswerAside } from './sizing-task.js';
import { sizeAnswer } from './sizing.js';

const pools: WorkPool[] = [];
function pool(): WorkPool {
  const p = new WorkPool({ threads: 1, timeoutMs: 60_000, queueMax: 10, queueWaitMs: 60_000, heapMb: 128, idleMs: 60_000 });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const JSON_TYPE = 'application/json; charset=utf-8';
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}`, pad: 'x'.repeat(80) }));
const answerOf = (n: number): Answer => ({ status: 200, type: JSON_TYPE, body: JSON.stringify({ status: 'ok', count: n, items: items(n) }) });

describe('answers cut to size in the work pool', () => {
  it('cuts a large answer in the pool to exactly what the calling thread would cut, note and all', async () => {
    const large = answerOf(2_000);
    expect((large as { body: string }).body.length).toBeGreaterThan(SIZE_IN_POOL_CHARS);
    for (const sizing of [
      { full: false, cursor: 0 },
      { full: true, cursor: 0 },
      { full: false, cursor: 700 },
    ]) {
      expect(await sizeAnswerAside(pool(), large, sizing)).toEqual(sizeAnswer(large, sizing));
    }
  });

  it('takes a Buffer body as its UTF-8 text', async () => {
    const large = answerOf(2_000) as Answer & { body: string };
    const sizing = { full: false, cursor: 0 };
    expect(await sizeAnswerAside(pool(), { ...large, body: Buffer.from(large.body) }, sizing)).toEqual(sizeAnswer(large, sizing));
  });

  it('lets the event loop take turns while a large answer is cut, and cuts a small one at once', async () => {
    const p = pool();
    const order: string[] = [];
    const sizing = { full: false, cursor: 0 };
    // Something else the event loop has to do (a GET /health/live), arriving as each cut starts.
    setImmediate(() => order.push('other request'));
    await sizeAnswerAside(p, answerOf(2_000), sizing).then(() => order.push('large answer cut'));
    setImmediate(() => order.push('other request'));
    await sizeAnswerAside(p, answerOf(20), sizing).then(() => order.push('small answer cut'));
    expect(order).toEqual(['other request', 'large answer cut', 'small answer cut']);
  });

  it('answers the pool’s refusal (503, Retry-After) as the tool’s error, not a failure of the call', async () => {
    const p = pool();
    await p.close();
    const answer = await sizeAnswerAside(p, answerOf(2_000), { full: false, cursor: 0 });
    expect(answer).toMatchObject({ status: 503, error: { status: 'error', code: 'NOT_READY' } });
  });

  it('passes errors and raster images through untouched, without the pool', async () => {
    const p = pool();
    await p.close();
    const png: Answer = { status: 200, type: 'image/png', body: Buffer.alloc(SIZE_IN_POOL_CHARS * 2) };
    expect(await sizeAnswerAside(p, png, { full: false, cursor: 0 })).toBe(png);
    const failed: Answer = { status: 404, error: { status: 'error', code: 'NOT_FOUND', message: 'no such' }, message: 'no such' };
    expect(await sizeAnswerAside(p, failed, { full: false, cursor: 0 })).toBe(failed);
  });
});
