import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamError, UpstreamResponse } from '../../../core/upstream/index.js';
import { parse, request } from './waqi.js';

const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/waqi-feed-geo.json', import.meta.url), 'utf8'));

function answer(body: unknown): UpstreamResponse {
  const buf = Buffer.from(JSON.stringify(body));
  return {
    status: 200,
    url: 'https://api.waqi.info/feed/geo:1;2/',
    hops: [],
    headers: { 'content-type': 'application/json' },
    body: buf,
    text: () => buf.toString(),
    json: () => JSON.parse(buf.toString()),
  };
}

const kindOf = (body: unknown) => {
  try {
    parse(answer(body));
  } catch (err) {
    return (err as UpstreamError).kind;
  }
  return 'parsed';
};

describe('waqi geo feed', () => {
  it('asks for the station nearest the point with the token', () => {
    const u = new URL(request('http://waqi.test', 'se cret', { lat: 28.65195, lon: 77.23149 }).url);
    expect(u.pathname).toBe('/feed/geo:28.65195;77.23149/');
    expect(u.searchParams.get('token')).toBe('se cret');
  });

  it('reads the station, its time, its own index and per-pollutant index values, but no weather', () => {
    expect(parse(answer(FIXTURE))).toEqual({
      kind: 'station',
      provider: 'waqi',
      station: { name: 'ITO, Delhi, India', url: 'https://aqicn.org/city/delhi/ito', location: { lat: 28.628624, lon: 77.24106 } },
      observed_at: '2024-11-20T12:00:00+05:30',
      index: 168,
      dominant_pollutant: 'pm25',
      sub_indices: { pm25: 168, pm10: 112, no2: 21.4, so2: 3.1, o3: 12.7, co: 9.6 },
      attributions: ['CPCB - India Central Pollution Control Board', 'World Air Quality Index Project'],
    });
  });

  it('builds the time from s and tz when iso is missing', () => {
    const f = structuredClone(FIXTURE);
    delete f.data.time.iso;
    expect(parse(answer(f)).observed_at).toBe('2024-11-20T12:00:00+05:30');
  });

  it('sorts its refusals into failure kinds, and a station without a reading is a bad response', () => {
    expect(kindOf({ status: 'error', data: 'Invalid key' })).toBe('blocked');
    expect(kindOf({ status: 'error', data: 'Over quota' })).toBe('rate_limited');
    expect(kindOf({ status: 'error', data: 'Unknown station' })).toBe('not_found');
    expect(kindOf({ status: 'error', data: 'something else' })).toBe('bad_response');
    expect(kindOf({ ...FIXTURE, data: { ...FIXTURE.data, aqi: '-' } })).toBe('bad_response');
    expect(kindOf({ status: 'ok' })).toBe('bad_response');
  });
});
