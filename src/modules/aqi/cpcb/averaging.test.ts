import { describe, expect, it } from 'vitest';
import { latestHourIndex, max1h, max8hMean, mean24 } from './averaging.js';

const hours = (n: number, f: (i: number) => number | null) => Array.from({ length: n }, (_, i) => f(i));

describe('CPCB averaging over the 24 hours ending at an hour', () => {
  it('takes the mean of exactly the 24 hours that end at the given hour', () => {
    // 48 hours: 100 in the first 24, then 10 × 20 and 14 × 30; ending at hour 47 only the last 24 count.
    const v = hours(48, (i) => (i < 24 ? 100 : i < 34 ? 20 : 30));
    expect(mean24(v, 47)).toEqual({ value: (10 * 20 + 14 * 30) / 24, hours: 24 });
    // Ending at hour 30: hours 7–30, i.e. 17 × 100 and 7 × 20.
    expect(mean24(v, 30).value).toBeCloseTo((17 * 100 + 7 * 20) / 24, 10);
  });

  it('needs 16 of the 24 hourly values: 16 is enough, 15 is not', () => {
    const sixteen = hours(24, (i) => (i < 8 ? null : 50));
    expect(mean24(sixteen, 23)).toEqual({ value: 50, hours: 16 });
    const fifteen = hours(24, (i) => (i < 9 ? null : 50));
    expect(mean24(fifteen, 23)).toEqual({ value: null, hours: 15 });
  });

  it('takes the highest rolling 8-hour mean inside the 24 hours, not the latest one', () => {
    // 8 hours of 3 early in the window, 1 elsewhere: the best 8-hour mean is 3; the latest is 1.
    const v = hours(24, (i) => (i >= 2 && i <= 9 ? 3 : 1));
    expect(max8hMean(v, 23)).toEqual({ value: 3, hours: 24 });
    // A partial overlap gives a lower mean: hours 6–13 hold four 3s and four 1s.
    const w = hours(24, (i) => (i >= 10 && i <= 13 ? 3 : 1));
    expect(max8hMean(w, 23).value).toBe(2);
  });

  it('skips an 8-hour window with fewer than 6 values, and needs 16 hours in the 24', () => {
    // Hours 0–2 null, 3–7 = 9, then 1. The window 0–7 holds only 5 values (mean 9) and is skipped;
    // the best counted one is 1–8: five 9s and one 1 over 6 values = 46/6 = 7.67.
    const v = hours(24, (i) => (i < 3 ? null : i < 8 ? 9 : 1));
    expect(max8hMean(v, 23).value).toBeCloseTo(46 / 6, 10);
    expect(
      max8hMean(
        hours(24, (i) => (i < 9 ? null : 1)),
        23,
      ),
    ).toEqual({ value: null, hours: 15 });
  });

  it('gives the highest single hour for ozone past the 8-hour rows', () => {
    expect(
      max1h(
        hours(30, (i) => (i === 3 ? 999 : i === 20 ? 300 : 10)),
        29,
      ),
    ).toEqual({ value: 300, hours: 24 });
  });

  it('finds the last hour at or before an instant', () => {
    const t = [0, 3_600_000, 7_200_000];
    expect(latestHourIndex(t, 7_199_999)).toBe(1);
    expect(latestHourIndex(t, 7_200_000)).toBe(2);
    expect(latestHourIndex(t, -1)).toBe(-1);
  });
});
