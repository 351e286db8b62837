import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ApiError } from './errors.js';
import { calendarDate, DateParam, readDate } from './date-param.js';
import { describeRule } from './validation.js';

describe('date parameters', () => {
  it('reads real days in either format and refuses days that do not exist', () => {
    expect(readDate('2028-02-29', 'YYYY-MM-DD')).toBe('2028-02-29');
    expect(readDate('20261124', 'YYYYMMDD')).toBe('2026-11-24');
    expect(readDate('2027-02-29', 'YYYY-MM-DD')).toBeUndefined();
    expect(readDate('2026-13-01', 'YYYY-MM-DD')).toBeUndefined();
    expect(readDate('2026-11-00', 'YYYY-MM-DD')).toBeUndefined();
  });

  it('takes ISO YYYY-MM-DD wherever a date is, beside the form a route documents', () => {
    expect(calendarDate('date', '2026-12-15', 'YYYYMMDD')).toBe('2026-12-15');
    expect(calendarDate('date', '20261215', 'YYYYMMDD')).toBe('2026-12-15');
    expect(() => calendarDate('date', '2027-02-29', 'YYYYMMDD')).toThrow(ApiError);
    expect(Value.Check(DateParam('YYYYMMDD'), '2026-12-15')).toBe(true);
    expect(Value.Check(DateParam('YYYYMMDD'), '20261215')).toBe(true);
    expect(Value.Check(DateParam('YYYYMMDD'), '15-12-2026')).toBe(false);
  });

  it('answers a 400 naming the parameter with the same sentence the schema gives', () => {
    let err: unknown;
    try {
      calendarDate('date', '2024-02-30', 'YYYY-MM-DD');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'INVALID_PARAMETER', message: 'date must be a real calendar date written YYYY-MM-DD' });
    expect(describeRule('date', DateParam('YYYY-MM-DD', '(default: today)')).message).toBe('date must be a real calendar date written YYYY-MM-DD');
    expect(describeRule('date', DateParam('YYYYMMDD')).message).toBe('date must be a real calendar date written YYYYMMDD or YYYY-MM-DD');
  });

  it('documents the rule and what the route adds, and checks the shape', () => {
    const s = DateParam('YYYYMMDD', '(e.g. 20261121)');
    expect((s as { description?: string }).description).toBe('a real calendar date written YYYYMMDD or YYYY-MM-DD (e.g. 20261121)');
    expect(Value.Check(s, '20261121')).toBe(true);
    expect(Value.Check(s, '2026/11/21')).toBe(false);
  });
});
