import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { kolkataDate, parseDob } from './dates.js';

const today = { year: 2026, month: 11, day: 21 };

function refusal(raw: string): ApiError {
  try {
    parseDob(raw, today);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error(`expected ${raw} to be refused`);
}

describe('dob', () => {
  it('accepts DD-MM-YYYY, DD/MM/YYYY and YYYY-MM-DD alike', () => {
    const want = { year: 1936, month: 10, day: 12 };
    expect(parseDob('12-10-1936', today)).toEqual(want);
    expect(parseDob('12/10/1936', today)).toEqual(want);
    expect(parseDob('1936-10-12', today)).toEqual(want);
    expect(parseDob(' 3-7-1962 ', today)).toEqual({ year: 1962, month: 7, day: 3 });
  });

  it('rejects other formats and mixed separators, naming dob', () => {
    for (const raw of ['1936/10/12', '12-10/1936', '12.10.1936', '19361012', 'yesterday', '12-10-36']) {
      const e = refusal(raw);
      expect(e.extra.param, raw).toBe('dob');
      expect(e.message).toBe('dob must be a date as DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD');
    }
  });

  it('rejects impossible dates', () => {
    for (const raw of ['31-02-2000', '29-02-1900', '00-01-2000', '15-13-2000', '2001-02-29', '31-04-2010']) {
      const e = refusal(raw);
      expect(e.extra.param, raw).toBe('dob');
      expect(e.message).toMatch(/not a real calendar date/);
    }
    expect(parseDob('29-02-2000', today)).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('rejects dates after today and accepts today', () => {
    expect(refusal('22-11-2026').message).toBe('dob must not be in the future (today in Asia/Kolkata is 2026-11-21)');
    expect(refusal('2100-01-01').extra.param).toBe('dob');
    expect(parseDob('21-11-2026', today)).toEqual(today);
  });

  it('rejects years before 1800', () => {
    expect(refusal('01-01-1799').message).toBe('dob must be in 1800 or later');
  });
});

describe('today in Asia/Kolkata', () => {
  it('turns the date at 18:30 UTC, when Kolkata reaches midnight', () => {
    expect(kolkataDate(new Date('2026-11-21T18:29:59Z'))).toEqual({ year: 2026, month: 11, day: 21 });
    expect(kolkataDate(new Date('2026-11-21T18:30:00Z'))).toEqual({ year: 2026, month: 11, day: 22 });
    expect(kolkataDate(new Date('2026-12-31T19:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });
});
