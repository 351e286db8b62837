// The forecast request and parser of the Open-Meteo provider, on the constructed fixture.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../../core/upstream/index.js';
import { forecastRequest, parseForecast } from './open-meteo.js';

const FORECAST = JSON.parse(readFileSync(new URL('../fixtures/open-meteo-forecast.json', import.meta.url), 'utf8'));
const OLD_NAMES = JSON.parse(readFileSync(new URL('../fixtures/open-meteo-forecast-old-names.json', import.meta.url), 'utf8'));

function answer(body: unknown): UpstreamResponse {
  const buf = Buffer.from(JSON.stringify(body));
  return {
    status: 200,
    url: 'https://api.open-meteo.com/v1/forecast',
    hops: [],
    headers: { 'content-type': 'application/json' },
    body: buf,
    text: () => buf.toString(),
    json: () => JSON.parse(buf.toString()),
  };
}

describe('open-meteo forecast request', () => {
  it('asks for 48 hours and 7 days of the four variables in °C and km/h, in the place’s own time zone', () => {
    const u = new URL(forecastRequest('http://meteo.test', { lat: 19.07283, lon: 72.88261 }).url);
    expect(u.origin + u.pathname).toBe('http://meteo.test/v1/forecast');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      latitude: '19.07283',
      longitude: '72.88261',
      forecast_hours: '48',
      forecast_days: '7',
      temperature_unit: 'celsius',
      wind_speed_unit: 'kmh',
      timezone: 'auto',
    });
  });
});

describe('open-meteo forecast parse', () => {
  it('zips the parallel arrays into hours and days, keeping nulls as null', () => {
    const f = parseForecast(answer(FORECAST));
    expect(f.timezone).toBe('Asia/Kolkata');
    expect(f.hourly).toHaveLength(48);
    expect(f.hourly[1]).toEqual({ time: '2026-03-26T17:00', temperature_c: 25.7, precipitation_probability_pct: 0, wind_kmh: 9.3, wmo_code: 1 });
    expect(f.hourly[47].precipitation_probability_pct).toBeNull();
    expect(f.daily).toHaveLength(7);
    expect(f.daily[2]).toEqual({
      date: '2026-03-28',
      temperature_max_c: 30.9,
      temperature_min_c: 24,
      precipitation_probability_max_pct: 45,
      wind_max_kmh: 18.9,
      wmo_code: 61,
    });
  });

  it('reads an answer in the older spelling: weathercode, windspeed_10m and windspeed_10m_max', () => {
    const f = parseForecast(answer(OLD_NAMES));
    expect(f.daily[1]).toEqual({
      date: '2023-06-02',
      temperature_max_c: 19.9,
      temperature_min_c: 10.4,
      precipitation_probability_max_pct: 26,
      wind_max_kmh: 17.6,
      wmo_code: 3,
    });
    expect(f.hourly[1]).toEqual({ time: '2026-03-26T17:00', temperature_c: 25.7, precipitation_probability_pct: 0, wind_kmh: 9.3, wmo_code: 1 });
    // The older unit keys are checked too.
    const mph = structuredClone(OLD_NAMES);
    mph.daily_units.windspeed_10m_max = 'mp/h';
    expect(() => parseForecast(answer(mph))).toThrow(/unexpected units/);
  });

  it('asks for the current variable names, which the API echoes in its answer', () => {
    const u = new URL(forecastRequest('http://meteo.test', { lat: 19.07, lon: 72.88 }).url);
    expect(u.searchParams.get('daily')).toBe('weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,wind_speed_10m_max');
    expect(u.searchParams.get('hourly')).toBe('temperature_2m,precipitation_probability,wind_speed_10m,weather_code');
  });

  it('keeps at most 48 hours and 7 days when the answer holds more', () => {
    const long = structuredClone(FORECAST);
    for (const k of Object.keys(long.hourly)) long.hourly[k] = [...long.hourly[k], ...long.hourly[k]];
    long.hourly.time = long.hourly.time.map(
      (_: string, i: number) => `2026-03-${String(26 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00`,
    );
    expect(parseForecast(answer(long)).hourly).toHaveLength(48);
  });

  it('refuses an answer without hourly or daily blocks, such as an error body', () => {
    expect(() => parseForecast(answer({ error: true, reason: 'Cannot initialize WeatherVariable from invalid String value x' }))).toThrow(
      /without a hourly forecast/,
    );
    const noDaily = structuredClone(FORECAST);
    delete noDaily.daily;
    expect(() => parseForecast(answer(noDaily))).toThrow(/without a daily forecast/);
  });

  it('refuses a variable that is missing or whose array does not match the times', () => {
    const missing = structuredClone(FORECAST);
    delete missing.hourly.precipitation_probability;
    expect(() => parseForecast(answer(missing))).toThrow(/without hourly precipitation_probability/);
    const short = structuredClone(FORECAST);
    short.daily.temperature_2m_max.pop();
    expect(() => parseForecast(answer(short))).toThrow(/without daily temperature_2m_max/);
  });

  it('refuses an answer in units it did not ask for rather than mislabel it', () => {
    const f = structuredClone(FORECAST);
    f.daily_units.wind_speed_10m_max = 'mp/h';
    expect(() => parseForecast(answer(f))).toThrow(/unexpected units/);
  });
});
