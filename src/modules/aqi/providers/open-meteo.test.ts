import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UpstreamError, type UpstreamResponse } from '../../../core/upstream/index.js';
import { parse, request } from './open-meteo.js';

const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/open-meteo-48h.json', import.meta.url), 'utf8'));

function answer(body: unknown): UpstreamResponse {
  const buf = Buffer.from(JSON.stringify(body));
  return {
    status: 200,
    url: 'https://air-quality-api.open-meteo.com/v1/air-quality',
    hops: [],
    headers: { 'content-type': 'application/json' },
    body: buf,
    text: () => buf.toString(),
    json: () => JSON.parse(buf.toString()),
  };
}

describe('open-meteo air-quality request', () => {
  it('asks for the seven pollutants, yesterday and today, in India time', () => {
    const u = new URL(request('http://aq.test', { lat: 28.65195, lon: 77.23149 }).url);
    expect(u.origin + u.pathname).toBe('http://aq.test/v1/air-quality');
    expect(u.searchParams.get('latitude')).toBe('28.65195');
    expect(u.searchParams.get('longitude')).toBe('77.23149');
    expect(u.searchParams.get('hourly')!.split(',').sort()).toEqual([
      'ammonia',
      'carbon_monoxide',
      'nitrogen_dioxide',
      'ozone',
      'pm10',
      'pm2_5',
      'sulphur_dioxide',
    ]);
    expect(u.searchParams.get('past_days')).toBe('1');
    expect(u.searchParams.get('forecast_days')).toBe('1');
    expect(u.searchParams.get('timezone')).toBe('Asia/Kolkata');
  });
});

describe('open-meteo air-quality parse', () => {
  it('reads 48 hours as instants, CO converted to mg/m³, and ammonia absent outside Europe', () => {
    const r = parse(answer(FIXTURE));
    expect(r.kind).toBe('model');
    expect(r.grid).toEqual({ lat: 28.6, lon: 77.2 });
    expect(r.times).toHaveLength(48);
    // "2024-11-19T00:00" at +05:30 is 2024-11-18T18:30Z.
    expect(new Date(r.times[0]).toISOString()).toBe('2024-11-18T18:30:00.000Z');
    expect(new Date(r.times[47]).toISOString()).toBe('2024-11-20T17:30:00.000Z');
    expect(r.series.co![18]).toBe(1.5);
    expect(r.series.co![0]).toBe(9);
    expect(r.series.pm2_5![36]).toBe(60);
    expect(r.series.pm10![13]).toBeNull();
    expect(r.series.nh3).toBeNull();
  });

  it('keeps null for negative or missing values rather than inventing one', () => {
    const f = structuredClone(FIXTURE);
    f.hourly.ozone[5] = -3;
    f.hourly.ozone[6] = null;
    const r = parse(answer(f));
    expect(r.series.o3!.slice(4, 8)).toEqual([60, null, null, 60]);
  });

  it('refuses an error body, an answer without values, and an answer in other units', () => {
    expect(() => parse(answer({ error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 91.0.' }))).toThrow(UpstreamError);
    const empty = structuredClone(FIXTURE);
    for (const k of ['pm10', 'pm2_5', 'carbon_monoxide', 'nitrogen_dioxide', 'sulphur_dioxide', 'ozone']) empty.hourly[k] = empty.hourly[k].map(() => null);
    expect(() => parse(answer(empty))).toThrow(/no pollutant values/);
    const ppm = structuredClone(FIXTURE);
    ppm.hourly_units.carbon_monoxide = 'ppm';
    expect(() => parse(answer(ppm))).toThrow(/ppm, not μg\/m³/);
  });

  it('refuses times that are not consecutive hours, or a series that does not match them', () => {
    const gap = structuredClone(FIXTURE);
    gap.hourly.time[10] = gap.hourly.time[11];
    expect(() => parse(answer(gap))).toThrow(/consecutive hours/);
    const short = structuredClone(FIXTURE);
    short.hourly.pm10.pop();
    expect(() => parse(answer(short))).toThrow(/does not match its times/);
    try {
      parse(answer(short));
    } catch (err) {
      expect((err as UpstreamError).kind).toBe('bad_response');
    }
  });
});
