import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { WorkPool, workTask, type Exceeded, type WorkPoolOptions } from './index.js';

const T = (fn: string) => workTask<unknown, unknown>(new URL('./fixtures/tasks.js', import.meta.url), fn);
const exceeded = (what: Exceeded) => new ApiError('PAGE_TOO_COMPLEX', `over budget: ${what.kind}`, { ...what });

const pools: WorkPool[] = [];
function pool(o: Partial<WorkPoolOptions> = {}): WorkPool {
  const p = new WorkPool({ threads: 1, timeoutMs: 30_000, queueMax: 10, queueWaitMs: 60_000, heapMb: 128, idleMs: 60_000, ...o });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('work pool', () => {
  it('runs a named export of a task module in a thread and answers its result', async () => {
    const p = pool();
    expect(await p.run(T('double'), 21, { exceeded })).toBe(42);
    expect(await p.run(T('later'), 'x', { exceeded })).toBe('x');
    expect(p.stats()).toMatchObject({ threads: 1, busy: 0, queued: 0, completed: 2 });
  });

  it('rebuilds an ApiError thrown in the thread, with its code, status and extra fields', async () => {
    const err = await pool()
      .run(T('refuse'), 'days', { exceeded })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'INVALID_PARAMETER',
      statusCode: 400,
      message: 'days is refused by the task',
      extra: { param: 'days', hint: 'from the thread' },
    });
  });

  it('passes any other error on as a plain error (a bug, not an answer) and keeps the thread', async () => {
    const p = pool();
    const err = await p.run(T('crash'), 'boom', { exceeded }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('boom');
    expect((err as Error).name).toBe('TypeError');
    expect(await p.run(T('double'), 2, { exceeded })).toBe(4);
  });

  it('ends a task past its deadline with the caller error, replaces the thread, and runs the next task', async () => {
    const p = pool({ timeoutMs: 200 });
    const err = await p.run(T('spin'), null, { exceeded }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PAGE_TOO_COMPLEX', extra: { kind: 'time', limitMs: 200 } });
    expect(p.stats()).toMatchObject({ over_budget: 1 });
    expect(await p.run(T('double'), 5, { exceeded })).toBe(10);
  });

  it('answers a task that may not be terminated at its deadline, and reuses its thread once the task ends', async () => {
    const p = pool({ timeoutMs: 100 });
    const late = await p.run(T('burn'), 600, { exceeded, terminable: false }).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'PAGE_TOO_COMPLEX', extra: { kind: 'time', limitMs: 100 } });
    // The thread is still burning: the next task waits for it, then runs in the same thread.
    expect(p.stats()).toMatchObject({ threads: 1, busy: 1 });
    expect(await p.run(T('double'), 7, { exceeded })).toBe(14);
    expect(p.stats()).toMatchObject({ threads: 1, busy: 0, over_budget: 1 });
  });

  it('counts the deadline from when a thread takes the task, not while it waits', async () => {
    // The first task holds the only thread longer than the second one's own deadline would allow
    // if waiting counted; the second still completes.
    const p = pool({ timeoutMs: 5_000 });
    const first = p.run(T('burn'), 300, { exceeded });
    const second = p.run(T('double'), 1, { exceeded, timeoutMs: 250 });
    expect(await first).toBeGreaterThan(0);
    expect(await second).toBe(2);
  });

  it('reports a task that exhausts its thread heap as over the memory budget', async () => {
    const p = pool({ heapMb: 32 });
    const err = await p.run(T('hoard'), null, { exceeded }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PAGE_TOO_COMPLEX', extra: { kind: 'memory', limitMb: 32 } });
    expect(await p.run(T('double'), 3, { exceeded })).toBe(6);
  });

  it('refuses a task at once with 503 and Retry-After when the queue is full', async () => {
    const p = pool({ queueMax: 1 });
    const ac = new AbortController();
    const running = p.run(T('spin'), null, { exceeded, signal: ac.signal }).catch((e: unknown) => e);
    const waiting = p.run(T('double'), 1, { exceeded });
    const err = await p.run(T('double'), 2, { exceeded }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NOT_READY', statusCode: 503, headers: { 'retry-after': '2' } });
    expect((err as Error).message).toMatch(/busy/);
    ac.abort(new Error('client gone'));
    expect(await running).toMatchObject({ message: 'client gone' });
    expect(await waiting).toBe(2);
  });

  it('refuses a task that waited too long for a thread', async () => {
    const p = pool({ queueWaitMs: 100 });
    const ac = new AbortController();
    const running = p.run(T('spin'), null, { exceeded, signal: ac.signal }).catch(() => undefined);
    const err = await p.run(T('double'), 1, { exceeded }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NOT_READY', statusCode: 503 });
    expect((err as Error).message).toMatch(/within 100 ms/);
    ac.abort();
    await running;
  });

  it('drops a waiting task whose caller went away, and ends the thread of a running one', async () => {
    const p = pool();
    const a = new AbortController();
    const b = new AbortController();
    const running = p.run(T('spin'), null, { exceeded, signal: a.signal }).catch((e: unknown) => e);
    const waiting = p.run(T('double'), 1, { exceeded, signal: b.signal }).catch((e: unknown) => e);
    b.abort(new Error('b gone'));
    expect(await waiting).toMatchObject({ message: 'b gone' });
    expect(p.stats().queued).toBe(0);
    a.abort(new Error('a gone'));
    expect(await running).toMatchObject({ message: 'a gone' });
    expect(await p.run(T('double'), 4, { exceeded })).toBe(8);
  });

  it('keeps the event loop free while a thread works', async () => {
    const p = pool();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await p.run(T('burn'), 400, { exceeded });
    clearInterval(timer);
    // On the event loop the burn would have allowed no tick at all.
    expect(ticks).toBeGreaterThan(0);
  });

  // A thread inside sweph must not be terminated (the process aborts): closing the pool, as an app
  // closing does, answers the caller at once and ends such a thread only when its task returns.
  it('ends a thread running a task it may not terminate only once the task returns, when closed', async () => {
    const p = pool();
    const file = join(mkdtempSync(join(tmpdir(), 'jankari-pool-')), 'done');
    const order: string[] = [];
    const running = p.run(T('burnThenMark'), { ms: 300, file }, { exceeded, terminable: false }).catch((e: unknown) => {
      order.push('caller answered');
      return e;
    });
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 5));
    await p.close();
    order.push('closed');
    expect(await running).toMatchObject({ message: 'the work pool was closed' });
    expect(order).toEqual(['caller answered', 'closed']);
    expect(existsSync(file)).toBe(true);
    expect(p.stats()).toMatchObject({ threads: 0 });
  });

  it('refuses new tasks once closed', async () => {
    const p = pool();
    await p.close();
    await expect(p.run(T('double'), 1, { exceeded })).rejects.toMatchObject({ code: 'NOT_READY' });
  });
});
