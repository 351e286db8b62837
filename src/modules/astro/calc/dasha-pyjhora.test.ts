// Dasha start dates against independent software: PyJHora's Vimshottari and Ashtottari mahadashas
// and antardashas and its Yogini mahadashas for 15 births (fixtures/dasha-pyjhora.json, computed by
// running PyJHora on this machine; PROVENANCE.md says how). Each of its periods must start, in ours,
// within a day of its date. Two stated differences, in docs/decisions/astro-yogas-strengths.md:
// PyJHora divides a Yogini mahadasha into eight equal antardashas (we divide in proportion to the
// yoginis' years), so only Yogini mahadashas are kept; and for a Moon in Rahu's four Ashtottari
// stars its balance wraps wrongly (below), so those charts are checked against the rule instead.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ASHTOTTARI, YOGINIS, ashtottariSeed, expandTree, nakshatraMahas, proportional, yoginiSeed, type Lord } from './dasha-systems.js';
import { DASHA_YEAR_DAYS, dashaSeed } from './dasha.js';
import { julday } from './ephemeris.js';
import { GRAHA_NAMES, NAKSHATRA_SPAN, VIMSHOTTARI } from './names.js';
import { type Birth, factsOfBirth } from '../../../../test/helpers/yoga-charts.js';

type Row = [string, string, string, number] | [string, string, number];
interface RefChart {
  id: string;
  birth: Birth;
  vimshottari: Row[];
  ashtottari: Row[];
  yogini: Row[];
}
const fx = JSON.parse(readFileSync(new URL('./fixtures/dasha-pyjhora.json', import.meta.url), 'utf8')) as { charts: RefChart[] };
const V: Lord[] = VIMSHOTTARI.map((v) => ({ lord: v.lord, name: GRAHA_NAMES[v.lord], years: v.years }));
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Our periods of a system as "maha/antar" -> start dates (local), from the code /astro/dashas runs. */
function ours(c: RefChart, system: 'vimshottari' | 'ashtottari' | 'yogini') {
  const b = c.birth;
  const moon = factsOfBirth(b).lon.Mo;
  const jdUt = julday(b.year, b.month, b.day, b.hour + b.min / 60 + (b.sec ?? 0) / 3600 - b.tz_hours);
  const v = dashaSeed(moon, jdUt, b.tz_hours * 60);
  const [cycle, seed] =
    system === 'vimshottari'
      ? [V, { first: v.first, elapsed: (jdUt - v.startJd) / (V[v.first]!.years * DASHA_YEAR_DAYS) }]
      : system === 'yogini'
        ? [YOGINIS, yoginiSeed(moon)]
        : [ASHTOTTARI, ashtottariSeed(moon)];
  const { mahas, startJd } = nakshatraMahas(cycle, seed, jdUt, 120);
  const tree = expandTree(mahas, startJd, b.tz_hours * 60, jdUt, proportional(cycle));
  const starts = new Map<string, number[]>();
  const put = (k: string, iso: string) => starts.set(k, [...(starts.get(k) ?? []), day(iso)]);
  for (const m of tree.mahadashas) {
    put(m.lord, m.start);
    for (const a of m.antardashas) put(`${m.lord}/${a.lord}`, a.start);
  }
  return { starts, moon, tree };
}

/** Days between PyJHora's start of each period and ours (the nearest of that name); null if none within a year. */
function gaps(c: RefChart, system: 'vimshottari' | 'ashtottari' | 'yogini') {
  const { starts } = ours(c, system);
  return c[system].map((r) => {
    const key = r.length === 4 ? `${r[0]}/${r[1]}` : r[0];
    const theirs = day(r[r.length - 2] as string);
    const near = (starts.get(key) ?? []).map((d) => Math.abs(d - theirs)).filter((d) => d < 366);
    return { key, gap: near.length ? Math.min(...near) : null };
  });
}

// PyJHora takes Rahu's Ashtottari stars as running from Uttara Bhadrapada (26) to Bharani (2) and
// measures the Moon's way from star 26 over (2 - 26 + 1) stars, a negative span: for a Moon in
// Uttara Bhadrapada or Revati the part gone comes out negative (Rahu starts after birth), in Ashwini
// or Bharani above one (Rahu starts more than its 12 years before birth).
const wrapsInPyJHora = (c: RefChart) => {
  const nak = Math.floor(ours(c, 'ashtottari').moon / NAKSHATRA_SPAN);
  return nak >= 25 || nak <= 1;
};

describe('dasha start dates against PyJHora (dasha-pyjhora.json)', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: Vimshottari mahadashas and antardashas start within a day of PyJHora’s', (_id, c) => {
    const g = gaps(c, 'vimshottari');
    expect(g.length).toBeGreaterThanOrEqual(81);
    expect(g.filter((x) => x.gap === null || x.gap > 1)).toEqual([]);
  });

  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: Yogini mahadashas start within a day of PyJHora’s', (_id, c) => {
    const g = gaps(c, 'yogini');
    expect(g.length).toBe(24);
    expect(g.filter((x) => x.gap === null || x.gap > 1)).toEqual([]);
  });

  const ashtottari = fx.charts.filter((c) => !wrapsInPyJHora(c));
  it.each(ashtottari.map((c) => [c.id, c] as const))('%s: Ashtottari mahadashas and antardashas start within a day of PyJHora’s', (_id, c) => {
    const g = gaps(c, 'ashtottari');
    expect(g.length).toBeGreaterThanOrEqual(64);
    expect(g.filter((x) => x.gap === null || x.gap > 1)).toEqual([]);
  });

  it('where PyJHora’s Ashtottari balance wraps (Moon in Rahu’s stars), ours has Rahu running at birth, as the rule gives', () => {
    const wrapped = fx.charts.filter(wrapsInPyJHora);
    expect(wrapped.map((c) => c.id)).toEqual(['gujral-kn-rao', 'pv-narasimha-rao', 'seed47-04']);
    for (const c of wrapped) {
      const first = ours(c, 'ashtottari').tree.mahadashas[0]!;
      expect(first.lord).toBe('Ra');
      const birth = Date.UTC(c.birth.year, c.birth.month - 1, c.birth.day) / 86_400_000;
      expect(birth - day(first.start)).toBeLessThan(12 * DASHA_YEAR_DAYS);
      // PyJHora's Rahu begins after birth, or more than its 12 years before it.
      const gone = birth - day(c.ashtottari.find((r) => r[0] === 'Ra')![2] as string);
      expect(gone < 0 || gone > 12 * DASHA_YEAR_DAYS).toBe(true);
    }
  });
});
