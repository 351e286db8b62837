import { describe, expect, it } from 'vitest';
import { indiaDate, indiaWallClock } from './time.js';

describe('India date', () => {
  it('turns over at 18:30 UTC', () => {
    expect(indiaDate(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(indiaDate(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
  });

  it('crosses a year end', () => {
    expect(indiaDate(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the time-zone database for Asia/Kolkata', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3600_000 + 13 * 60_000) {
      expect(indiaDate(new Date(t))).toBe(fmt.format(new Date(t)));
    }
  });

  it('reads the Indian wall clock from the UTC fields of the shifted instant', () => {
    expect(indiaWallClock(new Date('2026-11-21T00:00:00Z')).getUTCHours()).toBe(5);
  });
});
