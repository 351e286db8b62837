// /astro/dashas through the app: each system's dates against published or cross-checked figures
// (fixtures/dasha-systems.json, PROVENANCE.md beside it), within a day, and the tree's shape.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { astroApp } from '../../../test/helpers/astro-app.js';

interface Birth {
  latitude: number;
  longitude: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  tz: string;
}
interface Ref {
  id: string;
  birth: Birth;
  yogini?: [string, string][];
  ashtottari?: [string, string][];
  chara?: [string, string, number][];
  ashtottari_at_birth?: string;
  ashtottari_antardashas?: [string, string, string][];
  ashtottari_running?: [string, string][];
}
const refs = (JSON.parse(readFileSync(new URL('./fixtures/dasha-systems.json', import.meta.url), 'utf8')) as { charts: Ref[] }).charts;
const chart = (id: string) => refs.find((r) => r.id === id)!;
const qs = (b: Birth) => new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)])).toString();
const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

const { get, inject } = astroApp();

describe('GET /astro/dashas against published dates', () => {
  const c = chart('chennai-1996');

  it('starts the Yogini mahadashas on Jagannatha Hora’s dates, within a day', async () => {
    const b = await get(`/astro/dashas?${qs(c.birth)}&system=yogini&years=40`);
    c.yogini!.forEach(([lord, start], i) => {
      expect(b.mahadashas[i].lord).toBe(lord);
      expect(days(b.mahadashas[i].start, start), `${lord} ${start} vs ${b.mahadashas[i].start}`).toBeLessThanOrEqual(1);
    });
  });

  it('starts the Ashtottari mahadashas on Jagannatha Hora’s dates, within a day (the chart meets the BPHS condition)', async () => {
    const b = await get(`/astro/dashas?${qs(c.birth)}&system=ashtottari`);
    // Rahu in Kanya is the 7th from Saturn, the lagna lord of Makara, in Meena.
    expect(b.applicability).toMatchObject({ applies: true, forced: false });
    c.ashtottari!.forEach(([lord, start], i) => {
      expect(b.mahadashas[i].lord).toBe(lord);
      expect(days(b.mahadashas[i].start, start), `${lord} ${start} vs ${b.mahadashas[i].start}`).toBeLessThanOrEqual(1);
    });
  });

  it('gives the Chara (K. N. Rao) signs, years and start dates of Jagannatha Hora', async () => {
    const b = await get(`/astro/dashas?${qs(c.birth)}&system=chara`);
    c.chara!.forEach(([sign, start, years], i) => {
      expect(b.mahadashas[i]).toMatchObject({ lord: sign, years });
      expect(days(b.mahadashas[i].start, start), `${sign} ${start} vs ${b.mahadashas[i].start}`).toBeLessThanOrEqual(1);
    });
    // The second cycle gives each sign 12 less its first years.
    expect(b.mahadashas[12]).toMatchObject({ lord: 'Makara', years: 2 });
  });

  it('reads the Ashtottari lord at birth of P.V.R. Narasimha Rao’s Examples 60 to 62 and the periods the book names', async () => {
    for (const id of ['pvr-example-60', 'pvr-example-61', 'pvr-example-62']) {
      const r = chart(id);
      const b = await get(`/astro/dashas?${qs(r.birth)}&system=ashtottari&ashtottari=always&date=${r.ashtottari_running?.[0]?.[1] ?? '2000-01-01'}`);
      expect(b.mahadashas[0].lord, id).toBe(r.ashtottari_at_birth);
      for (const [lord] of r.ashtottari_running ?? []) expect(b.current.mahadasha, id).toBe(lord);
      for (const [md, ad, start] of r.ashtottari_antardashas ?? []) {
        const a = b.mahadashas.find((m: { lord: string }) => m.lord === md).antardashas.find((x: { lord: string }) => x.lord === ad);
        expect(days(a.start, start), `${md}-${ad} ${start} vs ${a.start}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('GET /astro/dashas', () => {
  const c = chart('chennai-1996');

  it('gives Vimshottari the same dates as /astro (and goes on past the nine to cover 120 years from birth)', async () => {
    const d = await get(`/astro/dashas?${qs(c.birth)}&date=2026-01-01`);
    const a = await get(`/astro?${qs(c.birth)}&needs=dasha&date=2026-01-01`);
    const ad = a.vimshottari_dasha ?? a.chart?.vimshottari_dasha;
    expect(d.mahadashas.slice(0, 9).map((m: { lord: string; start: string }) => [m.lord, m.start])).toEqual(
      ad.mahadashas.map((m: { mahadasha: string; start: string }) => [m.mahadasha, m.start]),
    );
  });

  it('divides every period into parts that meet end to start and marks the chain running on the date', async () => {
    for (const system of ['vimshottari', 'yogini', 'ashtottari', 'chara', 'narayana']) {
      const b = await get(`/astro/dashas?${qs(c.birth)}&system=${system}&ashtottari=always&date=2026-01-01`);
      const flat = b.mahadashas.flatMap((m: { antardashas: { pratyantaras: { start: string; end: string }[] }[] }) =>
        m.antardashas.flatMap((a) => a.pratyantaras),
      );
      for (let i = 1; i < flat.length; i++) expect(flat[i].start, system).toBe(flat[i - 1].end);
      const md = b.mahadashas.filter((m: { current: boolean }) => m.current);
      expect(md, system).toHaveLength(1);
      expect(b.current.mahadasha, system).toBe(md[0].lord);
      expect(md[0].antardashas.find((a: { current: boolean }) => a.current).lord).toBe(b.current.antardasha);
      expect(md[0].start <= '2026-01-01' && '2026-01-01' < md[0].end, system).toBe(true);
    }
  });

  it('gives no Ashtottari periods when the chart fails its condition unless forced, and says so', async () => {
    const birth = qs(chart('pvr-example-60').birth);
    const b = await get(`/astro/dashas?${birth}&system=ashtottari`);
    // Kumbha lagna: Rahu in Meena is the 11th from Saturn, the lagna lord, in Vrishabha.
    expect(b.applicability).toMatchObject({ applies: false, forced: false });
    expect(b.mahadashas).toEqual([]);
    expect(b.current).toBeNull();
    const forced = await get(`/astro/dashas?${birth}&system=ashtottari&ashtottari=always`);
    expect(forced.applicability).toMatchObject({ applies: false, forced: true });
    expect(forced.mahadashas[0].lord).toBe('Ve');
  });

  it('names the parameter of bad input', async () => {
    const r = await inject(`/astro/dashas?${qs(c.birth)}&system=kalachakra`);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('system');
    const d = await inject(`/astro/dashas?${qs(c.birth)}&date=2026-13-01`);
    expect(d.statusCode).toBe(400);
    expect(d.body).toContain('date');
  });
});
