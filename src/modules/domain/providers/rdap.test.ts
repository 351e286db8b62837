import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamError, UpstreamResponse } from '../../../core/upstream/index.js';
import { parse, rdapName, registryRequest } from './rdap.js';

const GOOGLE = readFileSync(new URL('../fixtures/rdap.verisign.com-domain-google.com.json', import.meta.url), 'utf8');

function res(status: number, body: string): UpstreamResponse {
  return { status, url: 'https://rdap.test/domain/x', hops: [], headers: {}, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) };
}

describe('RDAP server provider', () => {
  it('asks {base}/domain/{name} for RDAP JSON and reads every status itself', () => {
    const r = registryRequest('https://rdap.verisign.com/com/v1/', 'google.com');
    expect(r.url).toBe('https://rdap.verisign.com/com/v1/domain/google.com');
    expect(r.headers?.accept).toMatch(/application\/rdap\+json/);
    expect(r.throwOnStatus).toBe(false);
    expect(rdapName('https://rdap.verisign.com/com/v1/')).toBe('rdap:rdap.verisign.com');
  });

  it('reads a registered domain from the real Verisign answer', () => {
    const a = parse('rdap:test', res(200, GOOGLE));
    expect(a.found).toBe(true);
    if (a.found) expect(a.data.registrar).toBe('MarkMonitor Inc.');
  });

  it('takes HTTP 404, or an RDAP error body with errorCode 404, as not registered', () => {
    expect(parse('rdap:test', res(404, ''))).toEqual({ found: false });
    expect(parse('rdap:test', res(200, JSON.stringify({ errorCode: 404, title: 'Not Found' })))).toEqual({ found: false });
  });

  it('sorts other failures into kinds: 5xx unavailable, 429 rate limited, junk a bad response', () => {
    const kind = (r: UpstreamResponse) => {
      try {
        parse('rdap:test', r);
      } catch (e) {
        return (e as UpstreamError).kind;
      }
      return 'none';
    };
    expect(kind(res(503, 'down'))).toBe('unavailable');
    expect(kind(res(429, ''))).toBe('rate_limited');
    expect(kind(res(200, '{"objectClassName":"entity"}'))).toBe('bad_response');
    expect(kind(res(200, '<html>captcha</html>'))).toBe('bad_response');
  });
});
