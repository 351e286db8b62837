// /lab/weather through the app, with Open-Meteo faked on 127.0.0.1: the 48-hour and 7-day
// forecast for a city or coordinates, its own cache, the stale copy, and /weather's input rules.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { weatherModule } from './index.js';

const FORECAST = JSON.parse(readFileSync(new URL('./fixtures/open-meteo-forecast.json', import.meta.url), 'utf8'));
const CURRENT = JSON.parse(readFileSync(new URL('./fixtures/open-meteo.json', import.meta.url), 'utf8')).response_with_all_four_vars_example;

describe('GET /lab/weather', () => {
  let meteo: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let failing = false;

  beforeAll(async () => {
    meteo = await fakeUpstream({
      // One upstream path for both: a forecast ask has `hourly`, a current one `current`.
      'GET /v1/forecast': (req) => {
        if (failing) return { status: 503, body: 'maintenance' };
        return { body: req.query.has('hourly') ? FORECAST : CURRENT };
      },
    });
    t = await testApp({ OPEN_METEO_URL: meteo.url }, { modules: [weatherModule] });
  });
  afterAll(async () => {
    await t.close();
    await meteo.close();
  });
  beforeEach(() => {
    failing = false;
    meteo.requests.length = 0;
  });

  const get = (url: string) => t.app.inject({ url });

  it('answers 48 hours and 7 days for a city, with units, WMO descriptions, the time zone and the source', async () => {
    const res = await get('/lab/weather?city=mumbai');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      api: 'weather',
      experimental: true,
      city: 'Mumbai',
      location: { lat: 19.07283, lon: 72.88261 },
      timezone: 'Asia/Kolkata',
      units: { temperature: '°C', precipitation_probability: '%', wind_speed: 'km/h' },
      source: expect.stringContaining('Open-Meteo'),
      cached: false,
      stale: false,
    });
    expect(body.hourly).toHaveLength(48);
    expect(body.hourly[0]).toEqual({
      time: '2026-03-26T16:00',
      temperature: 25.5,
      precipitation_probability: 0,
      wind_speed: 8,
      condition: { code: 0, description: 'Clear sky' },
    });
    expect(body.hourly[23].condition).toEqual({ code: 95, description: 'Thunderstorm' });
    expect(body.hourly[47].precipitation_probability).toBeNull();
    expect(body.daily).toHaveLength(7);
    expect(body.daily[0]).toEqual({
      date: '2026-03-26',
      temperature_max: 31.2,
      temperature_min: 24.1,
      precipitation_probability_max: 20,
      wind_speed_max: 15.8,
      condition: { code: 95, description: 'Thunderstorm' },
    });
    expect(body.daily[6]).toMatchObject({ date: '2026-04-01', condition: { code: 63, description: 'Rain' } });
    const q = meteo.requests[0].query;
    expect(q.get('latitude')).toBe('19.07283');
    expect(q.get('hourly')!.split(',').sort()).toEqual(['precipitation_probability', 'temperature_2m', 'weather_code', 'wind_speed_10m']);
    expect(q.get('daily')!.split(',').sort()).toEqual([
      'precipitation_probability_max',
      'temperature_2m_max',
      'temperature_2m_min',
      'weather_code',
      'wind_speed_10m_max',
    ]);
    expect([q.get('forecast_hours'), q.get('forecast_days'), q.get('timezone')]).toEqual(['48', '7', 'auto']);
  });

  it('answers for coordinates with city null; lon, lan and lng are the same parameter', async () => {
    for (const name of ['lon', 'lan', 'lng']) {
      const res = await get(`/lab/weather?lat=10.5&${name}=76.25`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ experimental: true, city: null, location: { lat: 10.5, lon: 76.25 } });
    }
  });

  it('keeps its own cache, apart from /weather, and serves a repeat from it', async () => {
    await get('/weather?city=pune');
    const first = await get('/lab/weather?city=pune');
    expect(first.json()).toMatchObject({ cached: false, experimental: true });
    expect((await get('/lab/weather?city=pune')).json().cached).toBe(true);
    expect(meteo.requests.map((r) => r.query.has('hourly'))).toEqual([false, true]);
  });

  it('refuses what /weather refuses: unknown cities, coordinates out of range, half a pair', async () => {
    const city = await get('/lab/weather?city=atlantis');
    expect(city.statusCode).toBe(400);
    expect(city.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
    expect(city.json().suggestions).toEqual(expect.any(Array));
    expect((await get('/lab/weather?lat=91&lon=10')).json()).toMatchObject({ param: 'lat' });
    expect((await get('/lab/weather?lat=10&lng=-180.5')).json()).toMatchObject({ param: 'lng' });
    expect((await get('/lab/weather?lat=10')).json()).toMatchObject({ param: 'lon' });
    expect((await get('/lab/weather?lat=10&lon=20&lng=21')).json().message).toMatch(/same parameter/);
    expect(meteo.requests).toHaveLength(0);
  });

  it('serves an expired copy flagged stale when Open-Meteo fails, and 502 when nothing is cached', async () => {
    expect((await get('/lab/weather?city=jaipur')).json().stale).toBe(false);
    // Age the cached entry past its 30 minutes, as the clock would.
    const ns = t.ctx.cache.namespace('weather-forecast', { ttlMs: 1_800_000, staleMs: 6 * 3600_000 });
    const entry = await t.ctx.cache.read('weather-forecast:26.9196,75.7878');
    await ns.set('26.9196,75.7878', entry!.v, -1000);
    failing = true;
    const res = await get('/lab/weather?city=jaipur');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Jaipur', cached: true, stale: true, daily: expect.any(Array) });
    const down = await get('/lab/weather?city=bhopal');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/weather forecast/) });
  });
});
