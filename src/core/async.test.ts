// raceAbort settles with the work or the abort, whichever comes first, and never leaves the
// work's own later failure unhandled (which fails a test run, and crashes a process that exits
// on unhandled rejections).

import { describe, expect, it } from 'vitest';
import { mapLimit, raceAbort } from './async.js';

/** fn's value (or its throw, as a rejection) after `ms`. */
function later<T>(ms: number, fn: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(fn());
      } catch (e) {
        reject(e);
      }
    }, ms),
  );
}

describe('raceAbort', () => {
  it('answers the work when it ends first', async () => {
    await expect(
      raceAbort(
        later(1, () => 7),
        new AbortController().signal,
        () => new Error('aborted'),
      ),
    ).resolves.toBe(7);
  });

  it('rejects with the reason as soon as the signal aborts, and the work failing later is handled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const abortFirst of [true, false]) {
        const stop = new AbortController();
        if (abortFirst) stop.abort();
        const work = later(5, () => {
          throw new Error('work failed after the abort');
        });
        const raced = raceAbort(work, stop.signal, () => new Error('aborted'));
        stop.abort();
        await expect(raced).rejects.toThrow('aborted');
      }
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('mapLimit', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++running);
      await later(n, () => undefined);
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
