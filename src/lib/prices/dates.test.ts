import { describe, expect, it } from 'vitest';
import { dayOf, monthOf } from './dates.js';

describe('days as price pages write them', () => {
  it.each([
    ['September 5, 2026', '2026-09-05'],
    ['Sep 05, 2026', '2026-09-05'],
    ['Sept. 5 2026', '2026-09-05'],
    ['5th Sep, 2026', '2026-09-05'],
    ['05 September 2026', '2026-09-05'],
    ['Updated on: 6th Sep, 2026 06:00 AM', '2026-09-06'],
    ['Petrol Rate Today (6th Sep, 2026), Rs. 111.11/Ltr', '2026-09-06'],
    ['05-09-2026', '2026-09-05'],
    ['05/09/2026', '2026-09-05'],
    ['2026-09-05', '2026-09-05'],
    ['Nov 21, 2026', '2026-11-21'],
  ])('reads %s as %s', (text, day) => {
    expect(dayOf(text)).toBe(day);
  });

  it('takes the year of a day written with its month alone from the label', () => {
    expect(dayOf('1st September', 2026)).toBe('2026-09-01');
    expect(dayOf('22nd  August', 2025)).toBe('2025-08-22');
    expect(dayOf('1st September')).toBeNull();
  });

  it('finds no day in summary rows, prices or impossible dates', () => {
    for (const t of ['Highest rate in September', 'Lowest rate in September 2026', '₹ 111.68', '+0.75', '31st February 2026', '30-02-2026']) {
      expect(dayOf(t, 2026), t).toBeNull();
    }
  });

  it('reads the month and year a label names', () => {
    expect(monthOf('Petrol Rate in Bangalore, September 2026')).toEqual({ year: 2026, month: 9 });
    expect(monthOf('Historical Petrol Price in Bangalore')).toBeNull();
  });
});
