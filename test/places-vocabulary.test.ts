// One place vocabulary (docs/decisions/places-vocabulary.md): every endpoint that takes a city
// knows the same towns and refuses an unknown one with the same answer. No upstream is asked:
// an unknown place is refused before any.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { aqiModule } from '../src/modules/aqi/index.js';
import { astroModule } from '../src/modules/astro/index.js';
import { weatherModule } from '../src/modules/weather/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  // Upstreams on a closed local port: nothing here may reach them.
  t = await testApp(
    { OPEN_METEO_URL: 'http://127.0.0.1:9', AQI_OPEN_METEO_URL: 'http://127.0.0.1:9' },
    { modules: [astroModule, weatherModule, aqiModule], now: () => new Date('2026-11-08T06:00:00Z') },
  );
});
afterAll(() => t.close());

const BIRTH = 'year=1990&month=5&day=15&hour=10&min=30';
const ENDPOINTS = [
  '/panchang',
  '/panchang/month?year=2026&month=11',
  '/panchang/festivals?year=2026',
  `/astro?${BIRTH}`,
  `/astro/chart?${BIRTH}`,
  '/weather',
  '/lab/weather',
  '/aqi',
];

describe('an unknown place', () => {
  it('is the same 400 with the same suggestions on every endpoint that takes a city', async () => {
    const answers = [];
    for (const path of ENDPOINTS) {
      const r = await get(`${path}${path.includes('?') ? '&' : '?'}city=varansi`);
      expect(r.statusCode, path).toBe(400);
      const { status, code, param, message, suggestions, hint } = r.json();
      answers.push({ status, code, param, message, suggestions, hint });
    }
    expect(answers[0]).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city', suggestions: ['Varanasi, Uttar Pradesh'] });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });
});
