// Further dashas beside Vimshottari (issue 47): Yogini and Ashtottari (nakshatra dashas read from the
// Moon) and Jaimini's Chara dasha (a sign dasha read from the lagna), each as mahadasha, antardasha
// and pratyantara with dates, and the periods running on a date. The year is the sidereal year
// Vimshottari uses (DASHA_YEAR_DAYS), as Jagannatha Hora and PyJHora do for these dashas too.
// Conventions and their sources: docs/decisions/astro-yogas-strengths.md.

import { DASHA_YEAR_DAYS } from './dasha.js';
import { GRAHA_NAMES, NAKSHATRA_SPAN, norm360, type Graha } from './names.js';
import { localDate } from './time.js';

/** One period of a dasha system: a graha (by its code) or a sign (by its name), and its years. */
export interface Lord {
  lord: string;
  name: string;
  years: number;
}

export interface SubPeriod {
  lord: string;
  name: string;
  start: string;
  end: string;
}
export interface DashaAntar extends SubPeriod {
  current: boolean;
  pratyantaras: SubPeriod[];
}
export interface DashaMaha extends SubPeriod {
  years: number;
  current: boolean;
  antardashas: DashaAntar[];
}
export interface DashaCurrent {
  mahadasha: string;
  antardasha: string;
  pratyantara: string;
}
export interface DashaTree {
  mahadashas: DashaMaha[];
  current: DashaCurrent | null;
}

/** How a mahadasha divides: the sub-periods' lords in order, each with its share of the whole. */
export type Divide = (md: Lord, mdIndex: number) => { lord: Lord; share: number }[];

/**
 * Expands mahadashas (already placed in time from `startJd`) into three levels: each mahadasha
 * divided by `divide`, each antardasha divided again by the same rule applied to its own lord.
 */
export function expandTree(mahas: Lord[], startJd: number, offsetMin: number, jdNow: number, divide: Divide): DashaTree {
  const date = (jd: number) => localDate(jd, offsetMin);
  let current: DashaCurrent | null = null;
  let start = startJd;
  const mahadashas: DashaMaha[] = mahas.map((m, i) => {
    const len = m.years * DASHA_YEAR_DAYS;
    const end = start + len;
    const mdCurrent = start <= jdNow && jdNow < end;
    let a0 = start;
    const antardashas: DashaAntar[] = divide(m, i).map(({ lord: a, share }) => {
      const aLen = len * share;
      const aEnd = a0 + aLen;
      const adCurrent = a0 <= jdNow && jdNow < aEnd;
      let p0 = a0;
      const pratyantaras: SubPeriod[] = divide(a, i).map(({ lord: p, share: ps }) => {
        const pEnd = p0 + aLen * ps;
        if (adCurrent && p0 <= jdNow && jdNow < pEnd) current = { mahadasha: m.lord, antardasha: a.lord, pratyantara: p.lord };
        const out = { lord: p.lord, name: p.name, start: date(p0), end: date(pEnd) };
        p0 = pEnd;
        return out;
      });
      const out = { lord: a.lord, name: a.name, start: date(a0), end: date(aEnd), current: adCurrent, pratyantaras };
      a0 = aEnd;
      return out;
    });
    const out = { lord: m.lord, name: m.name, years: round6(m.years), start: date(start), end: date(end), current: mdCurrent, antardashas };
    start = end;
    return out;
  });
  return { mahadashas, current };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Sub-periods of a graha dasha: the cycle's lords from the period's own lord, each by its years over the cycle's total. */
export function proportional(cycle: readonly Lord[]): Divide {
  const total = cycle.reduce((s, l) => s + l.years, 0);
  return (md) => {
    const k = cycle.findIndex((l) => l.lord === md.lord);
    return cycle.map((_, j) => {
      const l = cycle[(k + j) % cycle.length]!;
      return { lord: l, share: l.years / total };
    });
  };
}

const graha = (g: Graha, years: number, name = GRAHA_NAMES[g]): Lord => ({ lord: g, name, years });

// ---- Yogini (36 years) ----

/** The eight yoginis in order with their grahas and years (Mangala 1 … Sankata 8). */
export const YOGINIS: readonly Lord[] = [
  graha('Mo', 1, 'Mangala (Moon)'),
  graha('Su', 2, 'Pingala (Sun)'),
  graha('Ju', 3, 'Dhanya (Jupiter)'),
  graha('Ma', 4, 'Bhramari (Mars)'),
  graha('Me', 5, 'Bhadrika (Mercury)'),
  graha('Sa', 6, 'Ulka (Saturn)'),
  graha('Ve', 7, 'Siddha (Venus)'),
  graha('Ra', 8, 'Sankata (Rahu)'),
];

export interface NakshatraSeed {
  /** Index of the first mahadasha's lord in its cycle. */
  first: number;
  /** The part of that mahadasha gone at birth (0..1). */
  elapsed: number;
}

/** Yogini: the birth nakshatra's number (Ashwini 1) plus 3, counted round the eight yoginis from Mangala. */
export function yoginiSeed(moonLon: number): NakshatraSeed {
  const l = norm360(moonLon);
  const nak = Math.floor(l / NAKSHATRA_SPAN);
  return { first: (nak + 1 + 3 - 1) % 8, elapsed: (l - nak * NAKSHATRA_SPAN) / NAKSHATRA_SPAN };
}

// ---- Ashtottari (108 years) ----

/**
 * The eight Ashtottari lords with their years and the nakshatras each rules, from Ardra (0-based
 * 5). Abhijit is not counted as a 28th star: Saturn rules Purva Ashadha, Uttara Ashadha and
 * Shravana, so each lord holds 3 or 4 whole nakshatras (Jagannatha Hora's and PyJHora's reckoning).
 */
export const ASHTOTTARI: readonly (Lord & { stars: number })[] = [
  { ...graha('Su', 6), stars: 4 },
  { ...graha('Mo', 15), stars: 3 },
  { ...graha('Ma', 8), stars: 4 },
  { ...graha('Me', 17), stars: 3 },
  { ...graha('Sa', 10), stars: 3 },
  { ...graha('Ju', 19), stars: 3 },
  { ...graha('Ra', 12), stars: 4 },
  { ...graha('Ve', 21), stars: 3 },
];
const ARDRA = 5;

/** Ashtottari: the lord whose group of nakshatras holds the Moon; the part gone is the Moon's way through the whole group. */
export function ashtottariSeed(moonLon: number): NakshatraSeed {
  const fromArdra = norm360(norm360(moonLon) - ARDRA * NAKSHATRA_SPAN);
  let at = 0;
  for (let i = 0; i < ASHTOTTARI.length; i++) {
    const arc = ASHTOTTARI[i]!.stars * NAKSHATRA_SPAN;
    if (fromArdra < at + arc) return { first: i, elapsed: (fromArdra - at) / arc };
    at += arc;
  }
  return { first: 0, elapsed: 0 };
}

/**
 * BPHS 46.17-18 (Santhanam): Ashtottari applies when Rahu, not in the lagna, is in a kendra or a
 * trikona from the lagna lord. Signs 0-based.
 */
export function ashtottariApplies(lagna: number, lagnaLordSign: number, rahuSign: number): boolean {
  if (rahuSign === lagna) return false;
  const h = ((rahuSign - lagnaLordSign + 12) % 12) + 1;
  return [1, 4, 7, 10, 5, 9].includes(h);
}

/** Mahadashas of a nakshatra dasha from the seed, enough cycles to cover `years` after birth, and the JD the first began. */
export function nakshatraMahas(cycle: readonly Lord[], seed: NakshatraSeed, jdBirth: number, years: number): { mahas: Lord[]; startJd: number } {
  const first = cycle[seed.first]!;
  const startJd = jdBirth - seed.elapsed * first.years * DASHA_YEAR_DAYS;
  const mahas: Lord[] = [];
  let run = -seed.elapsed * first.years;
  for (let i = 0; run < years; i++) {
    const l = cycle[(seed.first + i) % cycle.length]!;
    mahas.push({ lord: l.lord, name: l.name, years: l.years });
    run += l.years;
  }
  return { mahas, startJd };
}
