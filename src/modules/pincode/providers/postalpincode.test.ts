import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../../core/upstream/index.js';
import { fixtureText } from '../fixtures/index.js';
import { parse, request } from './postalpincode.js';

const res = (body: string): UpstreamResponse => ({ status: 200, text: () => body, json: () => JSON.parse(body) }) as unknown as UpstreamResponse;

describe('api.postalpincode.in', () => {
  it('asks for the PIN under /pincode/', () => {
    expect(request('http://127.0.0.1:1', '110099').url).toBe('http://127.0.0.1:1/pincode/110099');
  });

  it('reads each post office with its branch type and delivery status', () => {
    const offices = parse(res(fixtureText('postalpincode-110001-constructed.json')), '110099');
    expect(offices).toHaveLength(2);
    expect(offices[1]).toEqual({
      pin: '110099',
      name: 'Test Office B',
      branch_type: 'Head Post Office',
      delivery: 'Delivery',
      division: 'New Delhi GPO',
      region: 'Delhi',
      circle: 'Delhi',
      district: 'New Delhi',
      state: 'Delhi',
    });
  });

  it('answers no offices for an unknown PIN', () => {
    expect(parse(res(fixtureText('postalpincode-not-found-constructed.json')), '999999')).toEqual([]);
  });

  it('fails on an answer of another shape', () => {
    expect(() => parse(res('{"error":"x"}'), '110099')).toThrow(/unknown shape/);
    expect(() => parse(res('[{"Status":"Success","PostOffice":null}]'), '110099')).toThrow(/without post offices/);
  });
});
