import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/open-meteo.json', import.meta.url), 'utf8'));
const ANSWER = vectors.response_with_all_four_vars_example;

describe('GET /weather', () => {
  let meteo: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let failing = false;

  beforeAll(async () => {
    meteo = await fakeUpstream({
      'GET /v1/forecast': (req) => {
        if (failing) return { status: 503, body: 'maintenance' };
        // Echo a different code per place so tests can tell answers apart.
        const code = req.query.get('latitude') === '19.07283' ? 63 : 0;
        return { body: { ...ANSWER, current: { ...ANSWER.current, weather_code: code } } };
      },
    });
    t = await testApp({ OPEN_METEO_URL: meteo.url });
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

  it('answers for a named city with its coordinates and the current conditions', async () => {
    const res = await get('/weather?city=mumbai');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      api: 'weather',
      city: 'Mumbai',
      location: { lat: 19.07283, lon: 72.88261 },
      temperature: { value: 18, unit: '°C' },
      humidity: { value: 50, unit: '%' },
      wind_speed: { value: 19, unit: 'km/h' },
      condition: { code: 63, description: 'Rain' },
      observed_at: '2026-03-26T16:15:00Z',
      cached: false,
      stale: false,
    });
    expect(meteo.requests[0].query.get('longitude')).toBe('72.88261');
  });

  it('defaults to Kolkata, and accepts the city in any case', async () => {
    expect((await get('/weather')).json().city).toBe('Kolkata');
    expect((await get('/weather?city=KOLKATA')).json().location).toEqual({ lat: 22.56263, lon: 88.36304 });
  });

  it('serves a second ask for the same city from the cache', async () => {
    await get('/weather?city=pune');
    const again = await get('/weather?city=pune');
    expect(again.json().cached).toBe(true);
    expect(meteo.requests).toHaveLength(1);
  });

  it('answers for coordinates with the same record and city null; lat and latitude, lon, lan, lng and longitude are equivalent', async () => {
    for (const [latName, name] of [
      ['lat', 'lon'],
      ['lat', 'lan'],
      ['lat', 'lng'],
      ['latitude', 'longitude'],
    ]) {
      const res = await get(`/weather?${latName}=10.5&${name}=76.25`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        api: 'weather',
        city: null,
        location: { lat: 10.5, lon: 76.25 },
        condition: { code: 0, description: 'Clear sky' },
      });
    }
    expect(meteo.requests[0].query.get('latitude')).toBe('10.5');
  });

  it('refuses an unknown city with 400 and the closest known towns', async () => {
    const res = await get('/weather?city=varansi');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param: 'city', suggestions: ['Varanasi, Uttar Pradesh'] });
    expect((await get('/weather?city=')).json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
    expect(meteo.requests).toHaveLength(0);
  });

  it('answers for any town of the place vocabulary, as /panchang does', async () => {
    const res = await get('/weather?city=benares');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Varanasi', location: { lat: 25.3167, lon: 83.0104 } });
  });

  it('accepts the other common names of the listed cities', async () => {
    expect((await get('/weather?city=Bengaluru')).json()).toMatchObject({ city: 'Bengaluru', location: { lat: 12.97194, lon: 77.59369 } });
    expect((await get('/weather?city=bombay')).json().city).toBe('Mumbai');
  });

  it('refuses coordinates out of range, naming the parameter and the rule', async () => {
    const lat = await get('/weather?lat=91&lon=10');
    expect(lat.statusCode).toBe(400);
    expect(lat.json()).toMatchObject({ param: 'lat', message: expect.stringContaining('-90 to 90') });
    const lng = await get('/weather?lat=10&lng=-180.5');
    expect(lng.statusCode).toBe(400);
    expect(lng.json()).toMatchObject({ param: 'lng', message: expect.stringContaining('-180 to 180') });
    expect((await get('/weather?lat=abc&lon=1')).statusCode).toBe(400);
    expect((await get('/weather?lat=1e999&lon=1')).json()).toMatchObject({ param: 'lat' });
  });

  it('refuses half a coordinate pair and two different longitudes', async () => {
    expect((await get('/weather?lat=10')).json()).toMatchObject({ param: 'lon' });
    expect((await get('/weather?lng=10')).json()).toMatchObject({ param: 'lat' });
    const two = await get('/weather?lat=10&lon=20&lng=21');
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/same parameter/);
  });

  it('answers 502 naming Open-Meteo when it fails and nothing is cached', async () => {
    failing = true;
    const res = await get('/weather?city=bhopal');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: 'error', code: 'UPSTREAM_FAILED' });
    expect(res.json().message).toMatch(/weather/);
  });

  it('serves an expired copy flagged stale when Open-Meteo fails', async () => {
    const first = await get('/weather?city=jaipur');
    expect(first.json().stale).toBe(false);
    // Age the cached entry past its 10 minutes, as the clock would.
    const ns = t.ctx.cache.namespace('weather', { ttlMs: 600_000, staleMs: 6 * 3600_000 });
    const key = '26.9196,75.7878';
    const entry = await t.ctx.cache.read(`weather:${key}`);
    await ns.set(key, entry!.v, -1000);
    failing = true;
    const res = await get('/weather?city=jaipur');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Jaipur', cached: true, stale: true, temperature: { value: 18, unit: '°C' } });
  });
});
