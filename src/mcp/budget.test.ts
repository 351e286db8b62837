// One POST's budget, on its own, with a clock the test moves: calls run a few at a time, the
// event loop gets a turn between them, and calls past the time or output budget are refused
// with the budget named.

import { describe, expect, it } from 'vitest';
import { BatchBudget, BUDGET_ERROR_CODE, BudgetExceeded } from './budget.js';

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('the budget of one POST /mcp', () => {
  it('runs at most `concurrency` calls at once, the rest in turn', async () => {
    const budget = new BatchBudget({ concurrency: 2, timeMs: 60_000, outputBytes: 1e9 }, () => 0);
    let running = 0;
    let most = 0;
    const call = async (i: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      return { value: i, bytes: 10 };
    };
    const out = await Promise.all(Array.from({ length: 7 }, (_, i) => budget.run(() => call(i))));
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it.each([1, 3])('lets the event loop take a turn before each call, %i at once (other requests get in between calls)', async (concurrency) => {
    const budget = new BatchBudget({ concurrency, timeMs: 60_000, outputBytes: 1e9 }, () => 0);
    const order: string[] = [];
    const calls = ['a', 'b', 'c'].map((name) =>
      budget.run(async () => {
        order.push(name);
        // Something else the event loop has to do, arriving while call a runs (a GET /health/live).
        if (name === 'a') setImmediate(() => order.push('other request'));
        return { value: name, bytes: 1 };
      }),
    );
    await Promise.all(calls);
    expect(order).toEqual(['a', 'other request', 'b', 'c']);
  });

  it('refuses the calls that would start once the time budget is spent, saying which budget and how much was used', async () => {
    let now = 1_000;
    const budget = new BatchBudget({ concurrency: 1, timeMs: 5_000, outputBytes: 1e9 }, () => now);
    // Each call takes 2 s on the test's clock.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => settle(budget.run(async () => ((now += 2_000), { value: i, bytes: 1 })))));
    expect(results.slice(0, 3)).toEqual([{ value: 0 }, { value: 1 }, { value: 2 }]);
    for (const r of results.slice(3)) {
      const err = (r as { error: BudgetExceeded }).error;
      expect(err).toBeInstanceOf(BudgetExceeded);
      expect(err.code).toBe(BUDGET_ERROR_CODE);
      expect(err.data).toEqual({ budget: 'time', limit: 5_000, used: 6_000, unit: 'ms', calls_answered: 3 });
      expect(err.message).toBe(
        "not run: this POST's time budget of 5,000 ms was spent (6,000 ms used by 3 calls answered before this one); send fewer calls per POST, or send the rest in another POST",
      );
    }
  });

  it('keeps the results sent under the output budget: a result that would pass it is not sent, and no call runs after', async () => {
    const budget = new BatchBudget({ concurrency: 1, timeMs: 60_000, outputBytes: 1_000 }, () => 0);
    const ran: number[] = [];
    const sizes = [400, 400, 400, 100];
    const results = await Promise.all(sizes.map((bytes, i) => settle(budget.run(async () => (ran.push(i), { value: i, bytes })))));
    expect(results[0]).toEqual({ value: 0 });
    expect(results[1]).toEqual({ value: 1 });
    // The third would make 1,200 bytes: run, but its result is not sent.
    const third = (results[2] as { error: BudgetExceeded }).error;
    expect(third.data).toEqual({ budget: 'output', limit: 1_000, used: 800, unit: 'bytes', calls_answered: 2, result_bytes: 400 });
    expect(third.message).toMatch(/^its result of 400 bytes was not sent: this POST's output budget of 1,000 bytes would be passed \(800 bytes used/);
    // After that, no call runs, not even one that would fit.
    expect((results[3] as { error: BudgetExceeded }).error.message).toMatch(/^not run: this POST's output budget of 1,000 bytes/);
    expect(ran).toEqual([0, 1, 2]);
  });

  it('runs no call once the results sent reach the output budget', async () => {
    const budget = new BatchBudget({ concurrency: 1, timeMs: 60_000, outputBytes: 1_000 }, () => 0);
    const results = await Promise.all([1_000, 1].map((bytes, i) => settle(budget.run(async () => ({ value: i, bytes })))));
    expect(results[0]).toEqual({ value: 0 });
    expect((results[1] as { error: BudgetExceeded }).error.data).toMatchObject({ budget: 'output', used: 1_000 });
  });

  it('always answers the first call to finish, whatever its size or time (a POST of one call is priced as its GET)', async () => {
    let now = 0;
    const budget = new BatchBudget({ concurrency: 1, timeMs: 1, outputBytes: 1_024 }, () => now);
    await expect(budget.run(async () => ((now += 60_000), { value: 'big', bytes: 5_000_000 }))).resolves.toBe('big');
    await expect(budget.run(async () => ({ value: 'next', bytes: 1 }))).rejects.toThrow(/time budget/);
  });
});
