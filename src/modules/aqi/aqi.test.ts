// /aqi through the app, with Open-Meteo and WAQI faked on 127.0.0.1 and the clock at 2024-11-20
// 12:30 India time: the record computed from the 48-hour fixture (expected values worked by hand in
// fixtures/PROVENANCE.md and cpcb/subindex.test.ts), CPCB's validity rule, the cache, failover to
// WAQI only with a token, the stale copy, and every 400.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeResponse, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { aqiModule } from './index.js';
import { STALE_MS, TTL_MS } from './service.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const NOW = () => new Date('2024-11-20T07:00:00Z'); // 12:30 IST

describe('GET /aqi', () => {
  let meteo: FakeUpstream;
  let waqi: FakeUpstream;
  let plain: Awaited<ReturnType<typeof testApp>>;
  let withToken: Awaited<ReturnType<typeof testApp>>;
  let meteoAnswer: () => FakeResponse;

  beforeAll(async () => {
    meteo = await fakeUpstream({ 'GET /v1/air-quality': () => meteoAnswer() });
    waqi = await fakeUpstream((req) => (req.path.startsWith('/feed/geo:') ? { body: fixture('waqi-feed-geo.json') } : { status: 404, body: 'no' }));
    // The budget at its most: every answer here comes, so it ends only a hang, never a busy machine's slow answer.
    plain = await testApp({ AQI_OPEN_METEO_URL: meteo.url, AQI_WAQI_URL: waqi.url, AQI_TIMEOUT_MS: '60000' }, { modules: [aqiModule], now: NOW });
    withToken = await testApp(
      { AQI_OPEN_METEO_URL: meteo.url, AQI_WAQI_URL: waqi.url, AQI_WAQI_TOKEN: 'test-token', AQI_TIMEOUT_MS: '60000' },
      { modules: [aqiModule], now: NOW },
    );
  });
  afterAll(async () => {
    await plain.close();
    await withToken.close();
    await meteo.close();
    await waqi.close();
  });
  beforeEach(() => {
    meteoAnswer = () => ({ body: fixture('open-meteo-48h.json') });
    meteo.requests.length = 0;
    waqi.requests.length = 0;
  });

  const get = (url: string, t = plain) => t.app.inject({ url });
  /** The fixture with some hourly series changed. */
  const serve = (change: (hourly: Record<string, (number | null)[]>) => void) => {
    meteoAnswer = () => {
      const f = fixture('open-meteo-48h.json');
      change(f.hourly);
      return { body: f };
    };
  };

  it('answers the Indian AQI of a city from the model, with every pollutant, window and source', async () => {
    const res = await get('/aqi?city=delhi');
    expect(res.statusCode).toBe(200);
    const na = (name: string, unit: string, averaging: string, hours: number, note: string) => ({
      name,
      concentration: null,
      unit,
      averaging,
      hours,
      sub_index: null,
      category: null,
      note,
    });
    expect(res.json()).toEqual({
      status: 'ok',
      api: 'aqi',
      city: 'Delhi',
      location: { lat: 28.65195, lon: 77.23149 },
      location_source: 'GeoNames (geonames.org, CC-BY-4.0)',
      source: {
        provider: 'open-meteo',
        kind: 'model',
        description: expect.stringContaining("not readings of CPCB's monitoring stations"),
        attribution: expect.stringContaining('Open-Meteo.com (CC BY 4.0)'),
      },
      aqi: {
        standard: 'Indian National AQI (CPCB, 2014)',
        value: 153,
        category: 'Moderate',
        colour: 'yellow',
        health_impact: 'Breathing discomfort to the people with lungs, asthma and heart diseases',
        prominent_pollutant: 'pm10',
        pollutants_counted: 5,
        note: null,
      },
      pollutants: {
        // 16 × 180 among 8 nulls: mean 180 → 99/149 · 79 + 101 = 153.49 → 153.
        pm10: { name: 'PM10', concentration: 180, unit: 'µg/m³', averaging: '24h_mean', hours: 16, sub_index: 153, category: 'Moderate', note: null },
        // (12 × 40 + 12 × 60) / 24 = 50 → 49/29 · 19 + 51 = 83.10 → 83; the 500s before and 999s after do not count.
        pm2_5: { name: 'PM2.5', concentration: 50, unit: 'µg/m³', averaging: '24h_mean', hours: 24, sub_index: 83, category: 'Satisfactory', note: null },
        // 95 → 14 + 101 = 115.
        no2: { name: 'NO2', concentration: 95, unit: 'µg/m³', averaging: '24h_mean', hours: 24, sub_index: 115, category: 'Moderate', note: null },
        // Best 8-hour mean (4 × 120 + 4 × 60) / 8 = 90 → 49/49 · 39 + 51 = 90.
        o3: { name: 'O3', concentration: 90, unit: 'µg/m³', averaging: '8h_max_mean', hours: 24, sub_index: 90, category: 'Satisfactory', note: null },
        // Best 8-hour mean 1500 µg/m³ = 1.5 mg/m³ (the latest would be 0.5) → 73.
        co: { name: 'CO', concentration: 1.5, unit: 'mg/m³', averaging: '8h_max_mean', hours: 24, sub_index: 73, category: 'Satisfactory', note: null },
        so2: na('SO2', 'µg/m³', '24h_mean', 15, 'only 15 of the 24 hourly values (CPCB needs 16)'),
        nh3: na('NH3', 'µg/m³', '24h_mean', 0, 'open-meteo gave no NH3 values here (it models ammonia for Europe only)'),
      },
      window: { from: '2024-11-19T13:00+05:30', to: '2024-11-20T12:00+05:30' },
      grid: { lat: 28.6, lon: 77.2 },
      station: null,
      observed_at: '2024-11-20T12:00+05:30',
      cached: false,
      stale: false,
    });
    const q = meteo.requests[0].query;
    expect([q.get('latitude'), q.get('longitude'), q.get('timezone')]).toEqual(['28.65195', '77.23149', 'Asia/Kolkata']);
  });

  it('serves a second ask for the same place from the cache, recomputed at the same hour', async () => {
    const first = (await get('/aqi?city=pune')).json();
    const again = (await get('/aqi?city=Pune')).json();
    expect(again).toMatchObject({ cached: true, stale: false, aqi: { value: first.aqi.value } });
    expect(meteo.requests).toHaveLength(1);
  });

  it('withholds the AQI but keeps the sub-indices when fewer than three pollutants, or no PM, qualify', async () => {
    serve((h) => {
      h.pm10 = h.pm10.map(() => null);
      h.pm2_5 = h.pm2_5.map(() => null);
    });
    const noPm = (await get('/aqi?lat=10&lon=76')).json();
    expect(noPm.aqi).toMatchObject({ value: null, category: null, prominent_pollutant: null, pollutants_counted: 3 });
    expect(noPm.aqi.note).toMatch(/neither of them PM/);
    expect(noPm.pollutants.no2.sub_index).toBe(115);

    serve((h) => {
      h.ozone = h.ozone.map(() => null);
      h.carbon_monoxide = h.carbon_monoxide.map(() => null);
      h.nitrogen_dioxide = h.nitrogen_dioxide.map(() => null);
    });
    const two = (await get('/aqi?lat=11&lon=76')).json();
    expect(two.aqi).toMatchObject({ value: null, pollutants_counted: 2 });
    expect(two.pollutants.pm10.sub_index).toBe(153);
  });

  it('reads ozone above the 8-hour rows on the one-hour rows, from the highest hour', async () => {
    // 250 µg/m³ for the 24 hours with one hour of 400: the 8-hour mean exceeds 208, so the highest
    // hour, 400, is looked up on the one-hour rows: 99/539 · 191 + 301 = 336.08 → 336 (Very Poor).
    serve((h) => {
      h.ozone = h.ozone.map((_, i) => (i === 30 ? 400 : 250));
    });
    const r = (await get('/aqi?lat=12&lon=76')).json();
    expect(r.pollutants.o3).toMatchObject({ concentration: 400, averaging: '1h_max', sub_index: 336, category: 'Very Poor' });
    expect(r.aqi).toMatchObject({ value: 336, category: 'Very Poor', prominent_pollutant: 'o3' });
  });

  it('answers for coordinates with city null; lon, lan and lng are the same parameter', async () => {
    for (const name of ['lon', 'lan', 'lng']) {
      const res = await get(`/aqi?lat=22.5&${name}=88.25`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ city: null, location: { lat: 22.5, lon: 88.25 }, aqi: { value: 153 } });
    }
    expect(meteo.requests).toHaveLength(1);
  });

  it('refuses an unknown city with 400 and the closest known towns, and accepts the other names of the 12', async () => {
    const res = await get('/aqi?city=hydrabad');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param: 'city', suggestions: ['Hyderabad, Telangana'] });
    expect((await get('/aqi?city=')).json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
    expect((await get('/aqi?city=Bengaluru')).json().city).toBe('Bengaluru');
    expect((await get('/aqi?city=bombay')).json().city).toBe('Mumbai');
    expect((await get('/aqi?city=Bengaluru')).json().location_source).toMatch(/GeoNames/);
    expect(res.json().hint).toMatch(/town of India/);
  });

  it('answers for a fuel or commodity city by name or alias, crediting where its coordinates come from', async () => {
    for (const asked of ['visakhapatnam', 'Vizag', 'NAGPUR']) {
      const res = await get(`/aqi?city=${asked}`);
      expect(res.statusCode, asked).toBe(200);
      expect(res.json().location_source, asked).toMatch(/DB-IP/);
    }
    const vizag = (await get('/aqi?city=vizag')).json();
    expect(vizag.city).toBe('Visakhapatnam');
    // Within a few km of the city's centre (17.69 N, 83.22 E): the model's grid is about 11 km.
    expect(Math.abs(vizag.location.lat - 17.69)).toBeLessThan(0.05);
    expect(Math.abs(vizag.location.lon - 83.22)).toBeLessThan(0.05);
    expect((await get('/aqi?lat=17.7&lon=83.2')).json().location_source).toBeNull();
  });

  it('refuses coordinates out of range, half a pair and two different longitudes, naming the parameter', async () => {
    const lat = await get('/aqi?lat=90.5&lon=10');
    expect(lat.statusCode).toBe(400);
    expect(lat.json()).toMatchObject({ param: 'lat', message: expect.stringContaining('-90 to 90') });
    expect((await get('/aqi?lat=10&lan=181')).json()).toMatchObject({ param: 'lan', message: expect.stringContaining('-180 to 180') });
    expect((await get('/aqi?lat=10&lng=-180.5')).json()).toMatchObject({ param: 'lng' });
    expect((await get('/aqi?lat=abc&lon=1')).statusCode).toBe(400);
    expect((await get('/aqi?lat=1e999&lon=1')).json()).toMatchObject({ param: 'lat' });
    expect((await get('/aqi?lat=10')).json()).toMatchObject({ param: 'lon' });
    expect((await get('/aqi?lon=10')).json()).toMatchObject({ param: 'lat' });
    const two = await get('/aqi?lat=10&lon=20&lng=21');
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/same parameter/);
    expect(meteo.requests).toHaveLength(0);
  });

  it('without a WAQI token asks only Open-Meteo, and answers 502 naming it when it fails', async () => {
    meteoAnswer = () => ({ status: 503, body: 'maintenance' });
    const res = await get('/aqi?city=bhopal');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: 'error', code: 'UPSTREAM_FAILED', tried: [{ provider: 'open-meteo' }] });
    expect(waqi.requests).toHaveLength(0);
  });

  it('with a token, asks the model first and WAQI not at all while the model answers', async () => {
    const r = (await get('/aqi?city=lucknow', withToken)).json();
    expect(r).toMatchObject({ source: { kind: 'model' }, aqi: { value: 153 } });
    expect(waqi.requests).toHaveLength(0);
  });

  it('with a token, fails over to the WAQI station and reports its own index, not an Indian AQI', async () => {
    meteoAnswer = () => ({ body: { error: true, reason: 'Cannot initialize' }, status: 400 });
    const res = await get('/aqi?city=chennai', withToken);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      city: 'Chennai',
      source: { provider: 'waqi', kind: 'station', attribution: expect.stringContaining('CPCB - India Central Pollution Control Board') },
      aqi: { value: null, category: null, pollutants_counted: 0, note: expect.stringContaining('needs concentrations') },
      window: null,
      station: {
        name: 'ITO, Delhi, India',
        index: 168,
        index_scale: expect.stringContaining('not the Indian AQI'),
        dominant_pollutant: 'pm25',
        sub_indices: { pm25: 168 },
      },
      observed_at: '2024-11-20T12:00:00+05:30',
      stale: false,
    });
    expect(r.pollutants.pm2_5).toMatchObject({ concentration: null, sub_index: null, note: expect.stringContaining('not concentrations') });
    expect(waqi.requests[0].path).toBe('/feed/geo:13.08784;80.27847/');
    expect(waqi.requests[0].query.get('token')).toBe('test-token');
  });

  it('answers 504 when the model hangs past the budget and nothing else can answer', async () => {
    meteoAnswer = () => ({ hang: true });
    // Its own app with the least budget: the model never answers, so only the budget ends the call.
    const hurried = await testApp({ AQI_OPEN_METEO_URL: meteo.url, AQI_WAQI_URL: waqi.url, AQI_TIMEOUT_MS: '800' }, { modules: [aqiModule], now: NOW });
    try {
      const res = await get('/aqi?lat=20&lon=80', hurried);
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    } finally {
      await hurried.close();
    }
  });

  it('serves an expired copy flagged stale when every source fails', async () => {
    const first = (await get('/aqi?city=jaipur')).json();
    expect(first.stale).toBe(false);
    // Age the cached reading past its 30 minutes, as the clock would.
    const ns = plain.ctx.cache.namespace('aqi', { ttlMs: TTL_MS, staleMs: STALE_MS });
    const entry = await plain.ctx.cache.read('aqi:26.9196,75.7878');
    await ns.set('26.9196,75.7878', entry!.v, -1000);
    meteoAnswer = () => ({ status: 500, body: 'down' });
    const res = await get('/aqi?city=jaipur');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Jaipur', cached: true, stale: true, aqi: { value: 153 }, source: { kind: 'model' } });
  });

  it('is listed in OpenAPI with its bounded parameters', async () => {
    const doc = (await get('/openapi.json')).json();
    const params = doc.paths['/aqi'].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(params).toEqual(['city', 'lan', 'lat', 'latitude', 'lng', 'lon', 'longitude']);
  });
});
