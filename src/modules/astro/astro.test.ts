import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '@toon-format/toon';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { astroModule } from './index.js';

const DELHI_1990 = 'latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });
const answers = documentedAnswers();

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2026-11-21T12:00:00Z'), beforeReady: answers.record });
});
afterAll(() => t.close());

describe('GET /astro input', () => {
  const bad: [string, string, string][] = [
    ['month 13', DELHI_1990.replace('month=5', 'month=13'), 'month'],
    ['31 February', DELHI_1990.replace('month=5&day=15', 'month=2&day=31'), 'day'],
    ['29 February of a common year', DELHI_1990.replace('month=5&day=15', 'month=2&day=29'), 'day'],
    ['hour 24', DELHI_1990.replace('hour=10', 'hour=24'), 'hour'],
    ['latitude beyond 90', DELHI_1990.replace('latitude=28.6139', 'latitude=91'), 'latitude'],
    ['lat alias beyond -90', DELHI_1990.replace('latitude=28.6139', 'lat=-90.5'), 'lat'],
    ['a tz without a colon', DELHI_1990.replace('tz=%2B05:30', 'tz=%2B0530'), 'tz'],
    ['a tz with 75 minutes', DELHI_1990.replace('tz=%2B05:30', 'tz=%2B05:75'), 'tz'],
    ['a missing longitude', DELHI_1990.replace('&longitude=77.209', ''), 'longitude'],
    ['a missing minute', DELHI_1990.replace('&min=30', ''), 'min'],
    ['an unknown ayanamsa', `${DELHI_1990}&ayanamsa=fagan`, 'ayanamsa'],
  ];
  for (const [what, q, param] of bad) {
    it(`rejects ${what} with a 400 naming ${param}`, async () => {
      const r = await get(`/astro?${q}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
      expect(r.json().message).toContain(param);
    });
  }

  it('rejects an unknown needs value and lists the valid ones', async () => {
    const r = await get(`/astro?${DELHI_1990}&needs=graha,horoscope`);
    expect(r.statusCode).toBe(400);
    const b = r.json();
    expect(b.param).toBe('needs');
    expect(b.message).toContain('horoscope');
    expect(b.valid_values).toEqual(expect.arrayContaining(['graha', 'dasha', 'antardasha', 'full', 'd9', 'd60']));
  });

  it('accepts lat and lon as aliases of latitude and longitude', async () => {
    const a = (await get(`/astro?${DELHI_1990}&needs=graha`)).json();
    const b = (await get(`/astro?${DELHI_1990.replace('latitude', 'lat').replace('longitude', 'lon')}&needs=graha`)).json();
    expect(b.chart.graha).toEqual(a.chart.graha);
    expect(b.chart.user.latitude).toBe(28.6139);
  });

  it('takes the birth place as a town of the place vocabulary, the same chart as its coordinates', async () => {
    const birth = DELHI_1990.replace('latitude=28.6139&longitude=77.209&', '');
    const byName = await get(`/astro?city=benares&${birth}&needs=graha,lagna`);
    expect(byName.statusCode, byName.body).toBe(200);
    const byPoint = (await get(`/astro?latitude=25.3167&longitude=83.0104&${birth}&needs=graha,lagna`)).json();
    expect(byName.json().chart).toEqual(byPoint.chart);
    const unknown = await get(`/astro?city=varansi&${birth}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city', suggestions: ['Varanasi, Uttar Pradesh'] });
  });
});

describe('GET /astro output', () => {
  it('computes only what needs names', async () => {
    const b = (await get(`/astro?${DELHI_1990}&needs=graha,d9`)).json();
    expect(Object.keys(b.chart).sort()).toEqual(['graha', 'user', 'varga']);
    expect(Object.keys(b.chart.varga)).toEqual(['D9']);
    expect(b.vimshottari_dasha).toBeUndefined();
    expect(b.upagrahas).toBeUndefined();
    expect(b.ashtakavarga).toBeUndefined();
  });

  it('gives the full chart by default with the spec keys and the settings used', async () => {
    const b = (await get(`/astro?${DELHI_1990}`)).json();
    expect(b.status).toBe('ok');
    expect(b.chart.user).toMatchObject({ datetime: '1990-05-15 10:30:00', timezone: '+05:30' });
    expect(Object.keys(b.chart.graha)).toEqual(['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke']);
    expect(Object.keys(b.chart.bhava)).toHaveLength(12);
    expect(b.chart.bhava['1'].longitude).toBe(b.chart.lagna.Lg.longitude);
    expect(b.chart.lagna.Lg.nakshatra.name).toEqual(expect.any(String));
    expect(Object.keys(b.chart.varga)).toHaveLength(16);
    expect(Object.keys(b.chart.dasha.periods)).toHaveLength(9);
    expect(b.settings).toMatchObject({ ayanamsa: 'lahiri', node: 'mean', house_system: 'parashari_equal', zodiac: 'sidereal' });
    expect(Object.keys(b.upagrahas)).toEqual(['Dhuma', 'Vyatipata', 'Parivesha', 'Indrachapa', 'Upaketu', 'Gulika', 'Mandi']);
    expect(b.ashtakavarga.total_bindus).toBe(337);
    expect(b.chart.panchanga.vara.weekday).toBe('Tuesday');
    // Ketu is opposite Rahu; the mean node always moves backwards.
    expect((b.chart.graha.Ke.longitude - b.chart.graha.Ra.longitude + 360) % 360).toBeCloseTo(180, 6);
    expect(b.chart.graha.Ra.retrograde).toBe(true);
  });

  it('marks the dasha running on the pinned day (2026-11-21) as current, once at each level', async () => {
    const v = (await get(`/astro?${DELHI_1990}&needs=dasha`)).json().vimshottari_dasha;
    const cur = v.mahadashas.filter((m: { current: boolean }) => m.current);
    expect(cur).toHaveLength(1);
    expect(cur[0].start <= '2026-11-21' && '2026-11-21' < cur[0].end).toBe(true);
    const ad = cur[0].antardashas.filter((a: { current: boolean }) => a.current);
    expect(ad).toHaveLength(1);
    expect(ad[0].start <= '2026-11-21' && '2026-11-21' <= ad[0].end).toBe(true);
    expect(v.current).toMatchObject({ as_of: '2026-11-21', mahadasha: cur[0].mahadasha, antardasha: ad[0].antardasha });
  });

  it('honours node=true and the other ayanamsas, and says which were used', async () => {
    const mean = (await get(`/astro?${DELHI_1990}&needs=graha`)).json();
    const tru = (await get(`/astro?${DELHI_1990}&needs=graha&node=true`)).json();
    expect(tru.settings.node).toBe('true');
    expect(tru.chart.graha.Ra.longitude).not.toBe(mean.chart.graha.Ra.longitude);
    expect(Math.abs(tru.chart.graha.Ra.longitude - mean.chart.graha.Ra.longitude)).toBeLessThan(2.5);
    const kp = (await get(`/astro?${DELHI_1990}&needs=graha&ayanamsa=krishnamurti`)).json();
    expect(kp.settings.ayanamsa).toBe('krishnamurti');
    // KP's ayanamsa is about 6' smaller than Lahiri's, so every sidereal longitude is that much larger.
    const d = kp.chart.graha.Su.longitude - mean.chart.graha.Su.longitude;
    expect(d).toBeCloseTo(mean.settings.ayanamsa_degrees - kp.settings.ayanamsa_degrees, 6);
    expect(d).toBeGreaterThan(0.05);
    expect(d).toBeLessThan(0.15);
    for (const a of ['raman', 'true_chitra', 'true_pushya']) {
      const r = await get(`/astro?${DELHI_1990}&needs=graha&ayanamsa=${a}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().settings.ayanamsa).toBe(a);
    }
  });

  it('answers format=toon as text/plain that decodes back to the same chart, and is smaller', async () => {
    const q = `/astro?${DELHI_1990.replace('min=30', 'min=31')}`;
    const json = await get(q);
    const toon = await get(`${q}&format=toon`);
    expect(toon.headers['content-type']).toBe('text/plain; charset=utf-8');
    const back = decode(toon.body) as Record<string, unknown>;
    expect(back.chart).toEqual(json.json().chart);
    expect(back.ashtakavarga).toEqual(json.json().ashtakavarga);
    expect(toon.body.length).toBeLessThan(json.body.length);
  });

  it('serves a repeated chart from the cache, keyed on the normalised input', async () => {
    const q = DELHI_1990.replace('min=30', 'min=32');
    const a = (await get(`/astro?${q}&needs=lagna,graha`)).json();
    // Same moment written differently: aliases, needs reordered and in capitals.
    const b = (await get(`/astro?${q.replace('latitude', 'lat')}&needs=GRAHA,lagna&sec=0`)).json();
    expect(a.cached).toBe(false);
    expect(b.cached).toBe(true);
    expect(b.chart).toEqual(a.chart);
  });
});

describe('GET /astro time zones', () => {
  it('uses the historical Indian war-time offset (+06:30) in 1943 when tz is omitted', async () => {
    const b = (await get('/astro?latitude=28.6139&longitude=77.209&year=1943&month=6&day=1&hour=12&min=0&needs=lagna')).json();
    expect(b.chart.user).toMatchObject({ timezone: '+06:30', timezone_source: 'Asia/Kolkata', datetime: '1943-06-01 12:00:00' });
  });

  it('finds the zone from the coordinates and agrees with the same moment given explicitly', async () => {
    const auto = (await get('/astro?latitude=41.6333&longitude=-89.7833&year=1911&month=2&day=6&hour=2&min=4&needs=graha')).json();
    const explicit = (await get('/astro?latitude=41.6333&longitude=-89.7833&year=1911&month=2&day=6&hour=2&min=4&tz=-06:00&needs=graha')).json();
    expect(auto.chart.user).toMatchObject({ timezone: '-06:00', timezone_source: 'America/Chicago' });
    expect(auto.chart.graha).toEqual(explicit.chart.graha);
  });

  it('adds dst_hour and dst_min to an explicit offset', async () => {
    const shifted = (await get('/astro?latitude=51.5&longitude=0&year=1970&month=7&day=1&hour=13&min=0&tz=%2B00:00&dst_hour=1&needs=lagna')).json();
    const plain = (await get('/astro?latitude=51.5&longitude=0&year=1970&month=7&day=1&hour=12&min=0&tz=%2B00:00&needs=lagna')).json();
    expect(shifted.chart.user.timezone).toBe('+01:00');
    expect(shifted.chart.user.julian_day_ut).toBe(plain.chart.user.julian_day_ut);
  });

  it('does not add dst_hour again when the zone already keeps daylight time at that moment', async () => {
    const b = (await get('/astro?latitude=40.71&longitude=-74.0&year=2000&month=7&day=1&hour=12&min=0&dst_hour=1&needs=lagna')).json();
    expect(b.chart.user.timezone).toBe('-04:00');
  });
});

describe('GET /astro answers as /openapi.json documents them', () => {
  const cases: [string, string, (b: Record<string, any>) => void][] = [
    ['a full chart', DELHI_1990, (b) => expect(Object.keys(b.chart.varga)).toHaveLength(16)],
    ['grahas and one varga', `${DELHI_1990}&needs=graha,d9`, (b) => expect(b).not.toHaveProperty('vimshottari_dasha')],
    ['lagna and bhavas only', `${DELHI_1990}&needs=lagna,bhava`, (b) => expect(Object.keys(b.chart).sort()).toEqual(['bhava', 'lagna', 'user'])],
    [
      'the true node and another ayanamsa',
      `${DELHI_1990}&ayanamsa=raman&node=true`,
      (b) => expect(b.settings).toMatchObject({ ayanamsa: 'raman', node: 'true' }),
    ],
    [
      'a polar birth on a day the Sun does not set',
      'latitude=78.22&longitude=15.65&year=1990&month=6&day=21&hour=12&min=0&tz=%2B01:00',
      (b) => expect(b.chart.panchanga.sunrise_observed).toBe(false),
    ],
    [
      'a birth whose dashas have all run',
      'latitude=28.6139&longitude=77.209&year=1000&month=1&day=1&hour=12&min=0&tz=%2B05:30',
      (b) => expect(b.vimshottari_dasha.current).toBeNull(),
    ],
  ];
  for (const [what, q, also] of cases) {
    it(`${what}: every field sent is in the published schema, with its type`, async () => {
      const { body, serialized } = await answers.check(t.app, `/astro?${q}`);
      // The chart goes out as the service's own JSON text: the schema documents it, never rewrites it.
      expect(serialized).toBe(false);
      also(body as Record<string, any>);
    });
  }
});
