import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { loadStateCodes } from './codes.js';
import { parseMark } from './parse.js';

const states = loadStateCodes();
const parse = (s: string) => parseMark(s, states);

function refusal(s: string): ApiError {
  try {
    parse(s);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error(`${s} was accepted`);
}

describe('the state-code table', () => {
  it('holds the 28 states and 8 union territories, and the legacy codes OR, UA, TS and DN', () => {
    const current = [...states.values()].filter((s) => !s.legacy);
    expect(current.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(current.filter((s) => s.kind === 'ut')).toHaveLength(8);
    expect([...states.values()].filter((s) => s.legacy).map((s) => s.code)).toEqual(['DN', 'OR', 'TS', 'UA']);
  });
});

describe('parseMark', () => {
  it.each([...states.values()].map((s) => [s.code, s.name] as const))('reads a regular mark of %s as %s', (code, name) => {
    const m = parse(`${code.toLowerCase()}-1 ab 123`);
    expect(m).toMatchObject({ kind: 'regular', state: { code, name }, rto_code: `${code}01`, series: 'AB', number: '0123', formatted: `${code} 01 AB 0123` });
  });

  it('tells a legacy code and the code that replaced it', () => {
    expect(parse('TS09EA1234').state).toMatchObject({ code: 'TS', name: 'Telangana', legacy: true });
    expect(parse('TG09EA1234').state).toMatchObject({ code: 'TG', name: 'Telangana', legacy: false });
    expect(parse('OR02AB1234').state!.note).toMatch(/OD/);
    expect(parse('UA07A1234').state!.note).toMatch(/UK/);
    expect(parse('DN09A1234').state).toMatchObject({ name: 'Dadra and Nagar Haveli and Daman and Diu', legacy: true });
  });

  it('reads marks without series letters and with three (Delhi’s category letter included)', () => {
    expect(parse('GJ 1 1234')).toMatchObject({ series: null, formatted: 'GJ 01 1234' });
    expect(parse('DL 3C AB 1234')).toMatchObject({ rto_code: 'DL03', series: 'CAB', number: '1234' });
  });

  it('reads a BH-series mark: year of registration, no state, no RTO', () => {
    expect(parse('21 BH 2345 AA')).toEqual({
      formatted: '21 BH 2345 AA',
      kind: 'bharat',
      state: null,
      rto_code: null,
      series: 'AA',
      number: '2345',
      registered_year: 2021,
      diplomatic: null,
    });
    expect(parse('24bh0001c')).toMatchObject({ kind: 'bharat', registered_year: 2024, series: 'C' });
  });

  it('reads diplomatic and temporary marks', () => {
    expect(parse('77 CD 12')).toMatchObject({ kind: 'diplomatic', state: null, diplomatic: { mission: '77', corps: 'CD' }, number: '12' });
    expect(parse('T0524KA1234AB')).toMatchObject({ kind: 'temporary', state: { code: 'KA' }, number: '1234', series: 'AB' });
  });

  it.each([
    ['', /too short/],
    ['KA 01 AB 1234 5678 90', /too long/],
    ['KA01AB12#4', /only letters, digits/],
    ['XX01AB1234', /XX is not a state or union-territory code/],
    ['KAAB1234', /one or two digits of the RTO/],
    ['KA123AB1234', /one or two digits of the RTO/],
    ['KA01ABCD123', /one to three letters, got 4/],
    ['KA01AB', /ends with a number of 1 to 4 digits/],
    ['KA01AB12345', /1 to 4 digits, got 5/],
    ['KA00AB1234', /never 0/],
    ['KA01AB0000', /never 0000/],
    ['21BH23AA', /BH-series mark is two digits/],
    ['1234AB', /starts with a two-letter state code/],
  ])('refuses %j saying what is wrong', (input, message) => {
    const err = refusal(input);
    expect(err.statusCode).toBe(400);
    expect(err.extra.param).toBe('number');
    expect(err.message).toMatch(message);
  });

  it('lists the valid state codes for an unknown one', () => {
    expect(refusal('ZZ01A1').extra.valid_values).toContain('KA');
  });
});
