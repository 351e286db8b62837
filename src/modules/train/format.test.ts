import { describe, expect, it } from 'vitest';
import {
  clock,
  durationFromMinutes,
  durationText,
  maskFromDayFlags,
  maskFromDayNames,
  parseCompactDate,
  runsOn,
  todayInIndia,
  weekdayIndex,
  isoFromLooseDate,
  int,
  coord,
} from './format.js';

describe('train format helpers', () => {
  it('writes clock times as HH.MM whatever the upstream separator', () => {
    expect(clock('6:16')).toBe('06.16');
    expect(clock('06.16')).toBe('06.16');
    expect(clock('23:59:00')).toBe('23.59');
    expect(clock('24:00')).toBeUndefined();
    expect(clock('First')).toBeUndefined();
  });

  it('writes durations as HH.MM with hours past 24 kept', () => {
    expect(durationFromMinutes(2819)).toBe('46.59');
    expect(durationFromMinutes(65)).toBe('01.05');
    expect(durationText('46:59')).toBe('46.59');
    expect(durationText('5.7')).toBeUndefined();
  });

  it('accepts only real calendar dates written YYYYMMDD', () => {
    expect(parseCompactDate('20261124')).toBe('2026-11-24');
    expect(parseCompactDate('20280229')).toBe('2028-02-29');
    expect(parseCompactDate('20270229')).toBeUndefined();
    expect(parseCompactDate('20261131')).toBeUndefined();
    expect(parseCompactDate('20261300')).toBeUndefined();
    expect(parseCompactDate('2026-11-24')).toBeUndefined();
  });

  it('takes today from the clock in India, not UTC', () => {
    // 20:00 UTC on the 23rd is 01:30 on the 24th in India.
    expect(todayInIndia(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(todayInIndia(new Date('2026-11-23T18:00:00Z'))).toBe('2026-11-23');
  });

  it('indexes weekdays Monday first', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
    expect(runsOn('0110001', '2026-11-24')).toBe(true); // Tuesday
    expect(runsOn('0110001', '2026-11-23')).toBe(false); // Monday
  });

  it('builds Monday-first masks from day names and from day flags', () => {
    expect(maskFromDayNames(['Tue', 'Wed', 'Sun'])).toBe('0110001');
    expect(maskFromDayNames(['Funday'])).toBeUndefined();
    expect(maskFromDayFlags({ Sun: true, Mon: false, Tue: true, Wed: true, Thu: false, Fri: false, Sat: false })).toBe('0110001');
    expect(
      maskFromDayFlags({
        trainRunsOnMon: 'Y',
        trainRunsOnTue: 'N',
        trainRunsOnWed: 'N',
        trainRunsOnThu: 'N',
        trainRunsOnFri: 'N',
        trainRunsOnSat: 'N',
        trainRunsOnSun: 'N',
      }),
    ).toBe('1000000');
    expect(maskFromDayFlags({ Sun: true })).toBeUndefined();
  });

  it('reads the date formats PNR upstreams use', () => {
    expect(isoFromLooseDate('24-11-2026')).toBe('2026-11-24');
    expect(isoFromLooseDate('4/1/2027')).toBe('2027-01-04');
    expect(isoFromLooseDate('24-Nov-2026')).toBe('2026-11-24');
    expect(isoFromLooseDate('2026-11-24T00:00:00')).toBe('2026-11-24');
    expect(isoFromLooseDate('soon')).toBeUndefined();
  });

  it('reads amounts and refuses impossible coordinates', () => {
    expect(int('₹ 1,384')).toBe(1384);
    expect(int('—')).toBeUndefined();
    expect(coord('28.58', '77.25')).toEqual({ lat: 28.58, lon: 77.25 });
    expect(coord(0, 0)).toEqual({ lat: null, lon: null });
    expect(coord('', '')).toEqual({ lat: null, lon: null });
  });
});
