// /astro/transits through the app: the day's positions against the birth chart, and ingress dates
// against published Lahiri ingresses (fixtures/transit-ingresses.json, PROVENANCE.md beside it).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { astroApp } from '../../../test/helpers/astro-app.js';

const DELHI_1990 = 'latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30';
const ref = JSON.parse(readFileSync(new URL('./fixtures/transit-ingresses.json', import.meta.url), 'utf8')) as {
  ingresses: { graha: string; rashi: number; date: string; what: string }[];
};

const { get, inject } = astroApp();

describe('GET /astro/transits', () => {
  it('dates the published Lahiri ingresses to the day (IST)', async () => {
    for (const [from, to] of [
      ['2024-04-20', '2024-05-10'],
      ['2025-01-01', '2025-05-31'],
    ]) {
      const b = await get(`/astro/transits?${DELHI_1990}&from=${from}&to=${to}`);
      for (const r of ref.ingresses.filter((x) => x.date >= from && x.date <= to)) {
        const e = b.events.find((x: { graha: string; kind: string; rashi: number }) => x.graha === r.graha && x.kind === 'ingress' && x.rashi === r.rashi);
        expect(e, r.what).toBeDefined();
        expect(e.at.slice(0, 10), r.what).toBe(r.date);
      }
    }
  });

  it('reads the day’s grahas from the natal lagna and Moon, with the bindus of the transited sign', async () => {
    const natal = await get(`/astro?${DELHI_1990}&needs=graha,lagna,ashtakavarga`);
    const b = await get(`/astro/transits?${DELHI_1990}&date=2025-06-01`);
    expect(b.as_of).toBe('2025-06-01');
    expect(b.events).toBeNull();
    // Saturn entered Meena on 2025-03-29 (the fixture above); Jupiter was in Mithuna from 2025-05-14.
    expect(b.grahas.Sa.rashi).toBe(12);
    expect(b.grahas.Ju.rashi).toBe(3);
    const lagna = natal.chart.lagna.Lg.rashi;
    const moon = natal.chart.graha.Mo.rashi;
    for (const g of ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke']) {
      const x = b.grahas[g];
      expect(x.house_from_lagna).toBe(((x.rashi - lagna + 12) % 12) + 1);
      expect(x.house_from_moon).toBe(((x.rashi - moon + 12) % 12) + 1);
    }
    expect(b.natal).toMatchObject({ lagna: { rashi: lagna }, moon: { rashi: moon } });
    // The bindus are the natal chart's ashtakavarga, read at the sign transited.
    const av = natal.ashtakavarga;
    for (const g of ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa']) {
      const x = b.grahas[g];
      expect(x.bindus, g).toBe(av.bhinna[g][x.rashi - 1]);
      expect(x.sarva_bindus, g).toBe(av.sarvashtakavarga[x.rashi - 1]);
    }
    expect(b.grahas.Ra.bindus).toBeNull();
    expect(b.saturn.house_from_moon).toBe(b.grahas.Sa.house_from_moon);
  });

  it('gives the Sade Sati phase /astro/doshas gives for the same day', async () => {
    const d = await get(`/astro/doshas?${DELHI_1990}&date=2025-06-01`);
    const b = await get(`/astro/transits?${DELHI_1990}&date=2025-06-01`);
    expect(b.saturn.sade_sati).toBe(d.sade_sati.current);
  });

  it('finds Mercury’s stations in a year, turning retrograde and direct in turn', async () => {
    const b = await get(`/astro/transits?${DELHI_1990}&from=2025-01-01&to=2025-12-31`);
    const me = b.events.filter((e: { graha: string; kind: string }) => e.graha === 'Me' && e.kind !== 'ingress');
    expect(me.length).toBeGreaterThanOrEqual(6);
    for (let i = 1; i < me.length; i++) expect(me[i].kind).not.toBe(me[i - 1].kind);
    // The Moon changes sign about every 2.3 days.
    expect(b.events.filter((e: { graha: string }) => e.graha === 'Mo').length).toBeGreaterThan(150);
  });

  it('names the parameter of a bad range', async () => {
    const one = await inject(`/astro/transits?${DELHI_1990}&from=2025-01-01`);
    expect(one.statusCode).toBe(400);
    expect(one.body).toContain('to');
    const long = await inject(`/astro/transits?${DELHI_1990}&from=2025-01-01&to=2026-06-01`);
    expect(long.statusCode).toBe(400);
    const back = await inject(`/astro/transits?${DELHI_1990}&from=2025-02-01&to=2025-01-01`);
    expect(back.statusCode).toBe(400);
  });
});
