import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../../core/upstream/index.js';
import { fixtureText } from '../fixtures/index.js';
import { parse, request } from './razorpay-api.js';

const res = (status: number, body: string): UpstreamResponse =>
  ({ status, url: 'http://x', hops: [], headers: {}, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) }) as unknown as UpstreamResponse;

describe('razorpay IFSC API', () => {
  it('asks for the code under the base URL', () => {
    expect(request('http://127.0.0.1:1', 'HDFC0000060').url).toBe('http://127.0.0.1:1/HDFC0000060');
  });

  it('reads a branch, NA and empty strings as null', () => {
    const b = parse(res(200, fixtureText('razorpay-api-constructed.json')), 'HDFC0000060');
    expect(b).toMatchObject({
      ifsc: 'HDFC0000060',
      bank_code: 'HDFC',
      bank: 'HDFC Bank',
      branch: 'TEST FORT',
      city: 'MUMBAI',
      micr: null,
      contact: null,
      swift: null,
      neft: true,
      upi: true,
    });
  });

  it('answers null for an unknown code (404 "Not Found")', () => {
    expect(parse(res(404, 'Not Found'), 'HDFC0000060')).toBeNull();
  });

  it('fails on a server error, an answer without an IFSC, or one for another code', () => {
    expect(() => parse(res(503, 'down'), 'HDFC0000060')).toThrow(/HTTP 503/);
    expect(() => parse(res(200, '{}'), 'HDFC0000060')).toThrow(/without an IFSC/);
    expect(() => parse(res(200, fixtureText('razorpay-api-constructed.json')), 'HDFC0000061')).toThrow(/another code/);
  });
});
