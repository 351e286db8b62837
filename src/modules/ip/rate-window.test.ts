import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window.js';

describe('rate window', () => {
  it('allows the budget, then says how long to wait, then opens a new window', () => {
    let t = 1_000;
    const w = new RateWindow(2, 60_000, () => t);
    expect(w.take()).toBe(0);
    expect(w.take()).toBe(0);
    t += 10_000;
    expect(w.take()).toBe(50_000);
    t += 50_000;
    expect(w.take()).toBe(0);
  });
});
