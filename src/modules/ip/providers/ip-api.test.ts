import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../../core/upstream/index.js';
import { parseIp } from '../address.js';
import { ipApi } from './ip-api.js';

const vectors = JSON.parse(readFileSync(new URL('../fixtures/ip-api.json', import.meta.url), 'utf8'));
const res = (body: unknown): UpstreamResponse => {
  const buf = Buffer.from(JSON.stringify(body));
  return {
    status: 200,
    url: 'http://ip-api.com/',
    hops: [],
    headers: {},
    body: buf,
    text: () => buf.toString(),
    json: <T>() => JSON.parse(buf.toString()) as T,
  };
};
const spec = ipApi('http://ip-api.com');

describe('ip-api.com parser', () => {
  it('maps the documented success answer to the spec fields', () => {
    // The vector warns that city, zip and coordinates of 24.48.0.1 change from capture to capture;
    // this checks how we map the body we were given, not where that address is today.
    expect(spec.parse(res(vectors.success_example), parseIp('24.48.0.1')!)).toEqual({
      location: {
        country: 'Canada',
        country_code: 'CA',
        region: 'Quebec',
        region_code: 'QC',
        city: 'Montreal',
        zip: 'H3G',
        lat: 45.4995,
        lon: -73.5848,
        timezone: 'America/Toronto',
      },
      network: { isp: 'Le Groupe Videotron Ltee', org: 'Videotron Ltee', as: 'AS5769 Videotron Telecom Ltee' },
    });
  });
  it('treats "private range" and "reserved range" as no location, and "invalid query" as a bad answer', () => {
    const kind = (body: unknown) => {
      try {
        spec.parse(res(body), parseIp('8.8.8.8')!);
      } catch (e) {
        return (e as { kind: string }).kind;
      }
    };
    expect(kind(vectors.fail_examples[1])).toBe('not_found');
    expect(kind(vectors.fail_examples[2])).toBe('not_found');
    expect(kind(vectors.fail_examples[0])).toBe('bad_response');
  });
  it('asks the documented JSON endpoint for the fields the spec needs', () => {
    const u = new URL(spec.request(parseIp('2001:4860:4860::8888')!).url);
    expect(u.pathname).toBe('/json/2001%3A4860%3A4860%3A%3A8888');
    expect(u.searchParams.get('fields')!.split(',')).toEqual(expect.arrayContaining(['country', 'countryCode', 'regionName', 'timezone', 'isp', 'org', 'as']));
  });
});
