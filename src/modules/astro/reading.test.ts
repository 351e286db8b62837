// /astro/yogas, /astro/strengths and their parts of /astro, and /astro/doshas, through the app.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { astroModule } from './index.js';

const DELHI_1990 = 'latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2026-11-21T12:00:00Z') });
});
afterAll(() => t.close());

describe('GET /astro/yogas', () => {
  it('answers the yogas present with their sources, grahas and houses', async () => {
    const r = await get(`/astro/yogas?${DELHI_1990}`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.evaluated).toBeGreaterThanOrEqual(80);
    expect(b.count).toBe(b.yogas.length);
    for (const y of b.yogas) {
      expect(y.sources.length).toBeGreaterThan(0);
      expect(y.houses.every((h: number) => h >= 1 && h <= 12)).toBe(true);
    }
  });

  it('names the parameter of bad input', async () => {
    const r = await get(`/astro/yogas?${DELHI_1990.replace('month=5', 'month=13')}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().param ?? r.json().error?.param ?? JSON.stringify(r.json())).toContain('month');
  });

  it('is a needs part of /astro, the same yogas as /astro/yogas, and not part of full', async () => {
    const a = (await get(`/astro?${DELHI_1990}&needs=graha,yogas`)).json();
    const y = (await get(`/astro/yogas?${DELHI_1990}`)).json();
    expect(a.yogas.yogas).toEqual(y.yogas);
    const full = (await get(`/astro?${DELHI_1990}`)).json();
    expect(full.yogas).toBeUndefined();
  });
});

describe('GET /astro/strengths', () => {
  it('answers the shadbala of the seven grahas with minimum and ratio, and twelve bhavas', async () => {
    const r = await get(`/astro/strengths?${DELHI_1990}`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.grahas.map((g: { graha: string }) => g.graha)).toEqual(['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa']);
    for (const g of b.grahas) {
      const parts = g.sthana.total + g.dig + g.kala.total + g.chesta + g.naisargika + g.drik;
      expect(g.virupas).toBeCloseTo(parts, 1);
      expect(g.strong).toBe(g.ratio >= 1);
    }
    expect(b.bhavas).toHaveLength(12);
  });

  it('is a needs part of /astro, the same as /astro/strengths, and not part of full', async () => {
    const a = (await get(`/astro?${DELHI_1990}&needs=graha,strengths`)).json();
    const s = (await get(`/astro/strengths?${DELHI_1990}`)).json();
    expect(a.strengths.grahas).toEqual(s.grahas);
    expect(a.strengths.bhavas).toEqual(s.bhavas);
    expect((await get(`/astro?${DELHI_1990}`)).json().strengths).toBeUndefined();
  });
});

describe('GET /astro/doshas', () => {
  it('answers Sade Sati cycles, the running phase, Kaal Sarp and manglik', async () => {
    const r = await get(`/astro/doshas?${DELHI_1990}&date=2026-01-01`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.sade_sati.as_of).toBe('2026-01-01');
    expect(b.sade_sati.cycles.length).toBeGreaterThan(2);
    for (const c of b.sade_sati.cycles) expect(c.start <= c.end).toBe(true);
    expect(typeof b.kaal_sarp.present).toBe('boolean');
    expect(b.manglik.computed).toBe(true);
  });

  it('gives the manglik dosha /astro/match gives for the same birth (one rule)', async () => {
    const d = (await get(`/astro/doshas?${DELHI_1990}&date=2026-01-01`)).json();
    const m = (
      await get(
        '/astro/match?boy_latitude=28.6139&boy_longitude=77.209&boy_year=1990&boy_month=5&boy_day=15&boy_hour=10&boy_min=30&boy_tz=%2B05:30&girl_nakshatra=13&girl_pada=3',
      )
    ).json();
    expect(d.manglik).toEqual(m.manglik.boy);
  });

  it('names the parameter of a bad date', async () => {
    const r = await get(`/astro/doshas?${DELHI_1990}&date=2026-13-01`);
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('date');
  });
});
