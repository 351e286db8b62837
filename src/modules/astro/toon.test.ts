import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from '@toon-format/toon';
import { testApp } from '../../../test/helpers/app.js';
import { fastEncode } from '../../lib/toon/index.js';
import { astroModule } from './index.js';
import { computeChart } from './calc/chart.js';
import { configureEphemeris, julday } from './calc/ephemeris.js';
import { parseNeeds, present } from './service.js';

/** Real charts from the module's own code: dates over four centuries, places from the tropics to the Arctic. */
function charts(): { label: string; body: Record<string, unknown> }[] {
  configureEphemeris(undefined);
  const needs = [
    'full',
    'graha',
    'bhava',
    'lagna',
    'panchanga',
    'varga',
    'dasha',
    'antardasha',
    'upagrahas',
    'ashtakavarga',
    'd9,d60',
    'graha,d9',
    'lagna,dasha,d2',
  ];
  const places: [number, number][] = [
    [28.6139, 77.209],
    [8.5, 76.9],
    [-33.87, 151.21],
    [69.65, 18.96],
    [78.2, 15.6],
    [0, 0],
    [-54.8, -68.3],
    [40.71, -74.01],
  ];
  const out: { label: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; i < 60; i++) {
    const [lat, lon] = places[i % places.length]!;
    const [y, m, d, h] = [1800 + ((i * 37) % 400), 1 + (i % 12), 1 + ((i * 5) % 28), ((i * 7) % 24) + (i % 60) / 60];
    const n = parseNeeds(needs[i % needs.length]);
    const now = new Date(Date.UTC(1990 + (i % 60), i % 12, 1 + (i % 27)));
    const c = computeChart({
      jdUt: julday(y, m, d, h),
      offsetMin: ((i % 7) - 3) * 90,
      timezoneSource: 'explicit',
      lat,
      lon,
      ayanamsa: i % 3 ? 'lahiri' : 'raman',
      node: i % 2 ? 'mean' : 'true',
      modules: n.modules,
      vargas: n.vargas,
    });
    out.push({ label: `${y}-${m}-${d} at ${lat},${lon} needs=${needs[i % needs.length]}`, body: present(c, i % 2 === 0, now) });
  }
  return out;
}

describe('fastEncode on real charts', () => {
  const all = charts();

  it('writes the same bytes as the library for 60 charts over dates, places and needs', () => {
    for (const { label, body } of all) expect(fastEncode(body), label).toBe(encode(body));
  });

  it('decodes back to the JSON answer for every one of them', () => {
    for (const { label, body } of all) expect(decode(fastEncode(body)), label).toEqual(JSON.parse(JSON.stringify(body)));
  });
});

describe('GET /astro?format=toon', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({}, { modules: [astroModule], now: () => new Date('2026-11-21T12:00:00Z') });
  });
  afterAll(() => t.close());

  it('serves the bytes the library would write for the JSON answer', async () => {
    const q = '/astro?latitude=19.076&longitude=72.8777&year=1985&month=11&day=3&hour=23&min=5&tz=%2B05:30';
    const json = (await t.app.inject({ url: q })).json();
    const toon = await t.app.inject({ url: `${q}&format=toon` });
    expect(toon.statusCode).toBe(200);
    // The second request is a cache hit, so only `cached` differs.
    expect(toon.body).toBe(encode({ ...json, cached: true }));
  });
});
