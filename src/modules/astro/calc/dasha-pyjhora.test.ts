// Dasha start dates against independent software: PyJHora's Vimshottari and Ashtottari mahadashas
// and antardashas and its Yogini mahadashas for 15 births (fixtures/dasha-pyjhora.json, computed by
// running PyJHora on this machine; PROVENANCE.md says how). Each of its periods must start, in ours,
// within a day of its date. Two stated differences, in docs/decisions/astro-yogas-strengths.md:
// PyJHora divides a Yogini mahadasha into eight equal antardashas (we divide in proportion to the
// yoginis' years), so only Yogini mahadashas are kept; and for a Moon in Rahu's four Ashtottari
// stars its balance wraps wrongly (below), so those charts are checked against the rule instead.
// Chara dasha (K. N. Rao; PyJHora's chara_method=2) and Narayana dasha (P. V. R. Narasimha Rao) on
// the same births: the 12 mahadashas' signs, years and start dates (Narayana's antardashas too);
// and Ashtottari's applicability on 264 births
// (fixtures/ashtottari-applicability-pyjhora.json). Each difference is named below with its cause.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ASHTOTTARI, YOGINIS, ashtottariApplies, ashtottariSeed, expandTree, nakshatraMahas, proportional, yoginiSeed, type Lord } from './dasha-systems.js';
import { charaMahas } from './chara-dasha.js';
import { narayanaDivide, narayanaMahas } from './narayana-dasha.js';
import { lordOf } from './facts.js';
import { DASHA_YEAR_DAYS, dashaSeed } from './dasha.js';
import { julday } from './ephemeris.js';
import { GRAHA_NAMES, NAKSHATRA_SPAN, RASHIS, VIMSHOTTARI } from './names.js';
import { type Birth, SIGNS, factsOfBirth, signsOf } from '../../../../test/helpers/yoga-charts.js';

type Row = [string, string, string, number] | [string, string, number];
interface RefChart {
  id: string;
  birth: Birth;
  vimshottari: Row[];
  ashtottari: Row[];
  yogini: Row[];
  /** Sign, local start date, local hour, years. */
  chara: [string, string, number, number][];
  narayana: [string, string, number, number][];
  /** Mahadasha sign, antardasha sign, local start date, local hour. */
  narayana_antar: [string, string, string, number][];
}
const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const fx = read('dasha-pyjhora.json') as { charts: RefChart[] };
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

// Sign years where PyJHora's Chara dasha and ours part (ours, PyJHora's), by cause:
// - PyJHora gives Rahu and Ketu dignities (Rahu exalted in Vrishabha and Mithuna, debilitated in
//   Vrishchika and Dhanu; Ketu the reverse) and applies the year more or less when a node is the
//   stronger lord; our rule adds or takes a year for the seven grahas only;
// - its dignity table holds one state per sign, so Mercury in Kanya is 'own', never exalted: it
//   gives Kanya 12 and Mithuna no added year, where ours adds the year of exaltation (BPHS 3.49);
// - for the stronger lord of Vrishchika or Kumbha it counts the lagna among a graha's companions and,
//   on a tie, follows a longer list (aspects of Jupiter, Mercury and the dispositor, then the sign's
//   nature) than K. N. Rao's (more grahas with it, else further on in its sign).
const CHARA_DIFFERS: Record<string, Record<string, [number, number]>> = {
  // Ketu (Scorpio's stronger lord in both) in Vrishabha: PyJHora takes a year for debilitation.
  vivekananda: { Sc: [6, 5] },
  // Kumbha: Saturn with the lagna in Karka, Rahu with Venus: PyJHora counts the lagna, ties, takes
  // Saturn (7); ours Rahu, joined by a graha (2). Vrishchika: Mars and Ketu alone; PyJHora Ketu
  // (Mithuna, 7, debilitated: 6), ours Mars, further on in its sign (9).
  'indira-gandhi': { Aq: [2, 7], Sc: [9, 6] },
  // Vrishchika: Mars and Ketu alone; PyJHora Ketu (Vrishabha, debilitated: 5), ours Mars (10).
  // Kumbha: Rahu in Vrishchika for both; PyJHora takes a year for Rahu's debilitation.
  'gujral-kn-rao': { Sc: [10, 5], Aq: [3, 2] },
  // Mercury in Kanya: own sign 12 and exalted +1 (ours), 12 (PyJHora); Mithuna 3 +1 (ours), 3.
  'modi-bhambi': { Vi: [13, 12], Ge: [4, 3] },
  'modi-astrolozer': { Vi: [13, 12], Ge: [4, 3] },
};

const sign = (name: string) => SIGNS[RASHIS.indexOf(name as (typeof RASHIS)[number])]!;
const birthJd = (b: Birth) => julday(b.year, b.month, b.day, b.hour + b.min / 60 + (b.sec ?? 0) / 3600 - b.tz_hours);

/** Sign years that part from PyJHora's, as { sign: [ours, PyJHora's] }. */
const partedYears = (mahas: { lord: string; years: number }[], rows: [string, string, number, number][]) =>
  Object.fromEntries(mahas.flatMap((m, i) => (m.years === rows[i]![3] ? [] : [[sign(m.lord), [m.years, rows[i]![3]]] as const])));

/** Days by which each of our starts misses PyJHora's once the year differences before it are allowed for. */
function shiftedMisses(mahas: { start: string; years: number }[], rows: [string, string, number, number][]) {
  let shift = 0;
  return mahas.map((m, i) => {
    const miss = Math.abs(day(m.start) - day(rows[i]![1]) - shift);
    shift += (m.years - rows[i]![3]) * DASHA_YEAR_DAYS;
    return miss;
  });
}

describe('Chara dasha against PyJHora (dasha-pyjhora.json, chara_method=2)', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))(
    '%s: the 12 mahadashas have its signs, and its years and start dates but for the stated differences',
    (id, c) => {
      const jdUt = birthJd(c.birth);
      const mahas = expandTree(charaMahas(factsOfBirth(c.birth, 'true')), jdUt, c.birth.tz_hours * 60, jdUt, () => []).mahadashas.slice(0, 12);
      expect(mahas.map((m) => sign(m.lord))).toEqual(c.chara.map((r) => r[0]));
      expect(partedYears(mahas, c.chara)).toEqual(CHARA_DIFFERS[id] ?? {});
      expect(Math.max(...shiftedMisses(mahas, c.chara))).toBeLessThanOrEqual(1);
    },
  );

  it('part only in the 9 of 180 sign years named, in 5 of the 15 charts', () => {
    expect(Object.values(CHARA_DIFFERS).flatMap((d) => Object.keys(d)).length).toBe(9);
    expect(fx.charts.reduce((n, c) => n + c.chara.length, 0)).toBe(180);
  });
});

// Narayana years part where Chara's do, for the same causes, but for Mercury in Kanya: PVR counts
// its exaltation as its own sign only, as PyJHora's table does, so Modi's chart agrees here.
const NARAYANA_YEARS_DIFFER = Object.fromEntries(Object.entries(CHARA_DIFFERS).filter(([id]) => !id.startsWith('modi')));
// Mahadashas whose antardashas start elsewhere (our first, PyJHora's first). The start is the
// stronger of the signs holding the lords of the dasha sign and of its 7th. Two causes:
// - PyJHora's second rule of strength counts "the sign's lord in it" by comparing the lord's number
//   with the sign's number (so Mars in Vrishchika is not counted, Mars in Mithuna would be): Modi's
//   Vrishchika holding Mars loses to Simha, Gujral's Tula holding Venus to Kanya, seed47-06's Mesha
//   holding Mars to Kumbha, each then by a later rule;
// - Vrishchika's lord is Ketu for PyJHora, Mars for us (the co-lord rule, as in Chara): Gujral's
//   Vrishchika and Vrishabha (whose 7th is Vrishchika).
const NARAYANA_ANTAR_DIFFER: Record<string, Record<string, [string, string]>> = {
  'gujral-kn-rao': { Ar: ['Li', 'Vi'], Li: ['Li', 'Vi'], Sc: ['Li', 'Ta'], Ta: ['Li', 'Ta'] },
  'modi-bhambi': { Cp: ['Sc', 'Le'], Li: ['Sc', 'Le'], Cn: ['Sc', 'Le'], Ar: ['Sc', 'Le'] },
  'modi-astrolozer': { Cp: ['Sc', 'Le'], Li: ['Sc', 'Le'], Cn: ['Sc', 'Le'], Ar: ['Sc', 'Le'] },
  'seed47-06': { Ar: ['Ar', 'Aq'], Li: ['Ar', 'Aq'] },
};

describe('Narayana dasha against PyJHora (dasha-pyjhora.json, narayana_dhasa_for_rasi_chart)', () => {
  const run = (c: RefChart) => {
    const f = factsOfBirth(c.birth, 'true');
    const jdUt = birthJd(c.birth);
    return expandTree(narayanaMahas(f).mahas, jdUt, c.birth.tz_hours * 60, jdUt, narayanaDivide(f)).mahadashas.slice(0, 12);
  };

  it.each(fx.charts.map((c) => [c.id, c] as const))(
    '%s: the seed, order and years of the 12 mahadashas, and their start dates, but for the stated differences',
    (id, c) => {
      const mahas = run(c);
      expect(mahas.map((m) => sign(m.lord))).toEqual(c.narayana.map((r) => r[0]));
      expect(partedYears(mahas, c.narayana)).toEqual(NARAYANA_YEARS_DIFFER[id] ?? {});
      expect(Math.max(...shiftedMisses(mahas, c.narayana))).toBeLessThanOrEqual(1);
    },
  );

  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: the 144 antardashas have its signs and start dates but for the stated differences', (id, c) => {
    const mahas = run(c);
    const parted: Record<string, [string, string]> = {};
    const antars = mahas.flatMap((m, i) => {
      const theirs = c.narayana_antar.slice(i * 12, i * 12 + 12);
      const ours = m.antardashas.map((a) => sign(a.lord));
      if (ours.join() !== theirs.map((r) => r[1]).join()) parted[sign(m.lord)] = [ours[0]!, theirs[0]![1]];
      // An antardasha lasts a twelfth of its mahadasha: its start misses by the shift of its mahadasha's.
      return m.antardashas.map((a, j) => ({
        start: a.start,
        years: m.years / 12,
        row: [theirs[j]![1], theirs[j]![2], 0, c.narayana[i]![3] / 12] as [string, string, number, number],
      }));
    });
    expect(parted).toEqual(NARAYANA_ANTAR_DIFFER[id] ?? {});
    expect(antars).toHaveLength(144);
    expect(
      Math.max(
        ...shiftedMisses(
          antars,
          antars.map((a) => a.row),
        ),
      ),
    ).toBeLessThanOrEqual(1);
  });
});

interface Applicability {
  id: string;
  birth: Birth;
  applies: boolean;
  lagna: string;
  lagna_lord: string;
  Ra: string;
}
const applicability = read('ashtottari-applicability-pyjhora.json') as { charts: Applicability[] };

describe('Ashtottari applicability against PyJHora (ashtottari-applicability-pyjhora.json)', () => {
  const verdicts = applicability.charts.map((c) => {
    const f = factsOfBirth(c.birth, 'true');
    return { c, signs: signsOf(f) as Record<string, string>, ours: ashtottariApplies(f.lagna, f.sign[lordOf(f, 1)], f.sign.Ra) };
  });

  it('casts the same lagna and Rahu in all 264 births', () => {
    expect(verdicts.length).toBe(264);
    expect(verdicts.filter(({ c, signs }) => signs.lagna !== c.lagna || signs.Ra !== c.Ra).map(({ c }) => c.id)).toEqual([]);
  });

  // PyJHora takes the lagna lord of Vrishchika or Kumbha as the stronger co-lord, which can be Ketu
  // or Rahu; Rahu is then in the 7th from Ketu or in its own 1st, so Ashtottari always 'applies'.
  // BPHS 46.17-18 names the lagna lord, the graha that owns the sign (Mars, Saturn): ours.
  it('agrees in 258 of 264; the 6 others are Vrishchika or Kumbha lagnas where PyJHora makes a node the lagna lord', () => {
    const differ = verdicts.filter((v) => v.ours !== v.c.applies);
    expect(verdicts.length - differ.length).toBe(258);
    expect(differ.map(({ c }) => c.id)).toEqual(['seed4747-046', 'seed4747-061', 'seed4747-070', 'seed4747-119', 'seed4747-120', 'seed4747-142']);
    for (const { c, ours } of differ) {
      expect(['Sc', 'Aq']).toContain(c.lagna);
      expect(['Ra', 'Ke']).toContain(c.lagna_lord);
      expect([c.applies, ours]).toEqual([true, false]);
    }
  });
});
