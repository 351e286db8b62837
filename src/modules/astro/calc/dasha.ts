// Vimshottari dasha (BPHS ch. 46): the Moon's nakshatra gives the first lord, the part of the
// nakshatra still to run gives the balance; antardashas and pratyantaras divide each period in the
// same order in proportion to the lords' years. Year = sidereal year of 365.256364 days (Jagannatha
// Hora's and PyJHora's default; the book's dates agree within a day).
// The cached part is only the seed (first lord, start, balance): the 9 × 9 × 9 tree and the
// "current" flags are expanded per response, which is cheap and keeps cache entries small.

import { GRAHA_NAMES, NAKSHATRA_SPAN, VIMSHOTTARI, norm360, type Graha } from './names.js';
import { localDate } from './time.js';

export const DASHA_YEAR_DAYS = 365.256364;

export interface DashaBalance {
  lord: Graha;
  years: number;
  months: number;
  days: number;
  /** The remaining part in years (decimal). */
  decimal_years: number;
}

export interface DashaSeed {
  /** Index in VIMSHOTTARI of the lord running at birth. */
  first: number;
  /** JD (UT) the first mahadasha began (before birth). */
  startJd: number;
  offsetMin: number;
  balance: DashaBalance;
}

/**
 * A balance quoted as years, months and days the way the book (and Jagannatha Hora, PyJHora) do:
 * whole days between the birth date and the date the first mahadasha ends, divided into dasha
 * years and twelfths of them, the remaining days rounded.
 */
export function balanceYmd(birthDate: string, endDate: string): { years: number; months: number; days: number } {
  let d = Math.round((Date.parse(endDate) - Date.parse(birthDate)) / 86_400_000);
  const years = Math.floor(d / DASHA_YEAR_DAYS);
  d -= years * DASHA_YEAR_DAYS;
  const months = Math.floor(d / (DASHA_YEAR_DAYS / 12));
  d -= months * (DASHA_YEAR_DAYS / 12);
  return { years, months, days: Math.round(d) };
}

export function dashaSeed(moonLon: number, jdBirth: number, offsetMin: number): DashaSeed {
  const l = norm360(moonLon);
  const nak = Math.floor(l / NAKSHATRA_SPAN);
  const first = nak % 9;
  const elapsed = (l - nak * NAKSHATRA_SPAN) / NAKSHATRA_SPAN;
  const years = VIMSHOTTARI[first]!.years;
  const startJd = jdBirth - elapsed * years * DASHA_YEAR_DAYS;
  const endJd = startJd + years * DASHA_YEAR_DAYS;
  const ymd = balanceYmd(localDate(jdBirth, offsetMin), localDate(endJd, offsetMin));
  return {
    first,
    startJd,
    offsetMin,
    balance: { lord: VIMSHOTTARI[first]!.lord, ...ymd, decimal_years: Math.round((1 - elapsed) * years * 1e6) / 1e6 },
  };
}

export interface Pratyantara {
  pratyantara: Graha;
  start: string;
  end: string;
}
export interface Antardasha {
  antardasha: Graha;
  lord: string;
  start: string;
  end: string;
  current: boolean;
  pratyantaras: Pratyantara[];
}
export interface Mahadasha {
  mahadasha: Graha;
  lord: string;
  years: number;
  start: string;
  end: string;
  current: boolean;
  antardashas: Antardasha[];
}
export interface Current {
  mahadasha: Graha;
  antardasha: Graha;
  pratyantara: Graha;
}

/** The full tree with the periods running at jdNow marked. */
export function expandDasha(seed: DashaSeed, jdNow: number): { mahadashas: Mahadasha[]; current: Current | null } {
  const date = (jd: number) => localDate(jd, seed.offsetMin);
  const mahadashas: Mahadasha[] = [];
  let current: Current | null = null;
  let start = seed.startJd;
  let startStr = date(start);
  for (let i = 0; i < 9; i++) {
    const m = VIMSHOTTARI[(seed.first + i) % 9]!;
    const mdLen = m.years * DASHA_YEAR_DAYS;
    const mdEnd = start + mdLen;
    const mdCurrent = start <= jdNow && jdNow < mdEnd;
    const antardashas: Antardasha[] = [];
    let aStart = start;
    let aStartStr = startStr;
    for (let j = 0; j < 9; j++) {
      const a = VIMSHOTTARI[(seed.first + i + j) % 9]!;
      const adLen = (mdLen * a.years) / 120;
      const aEnd = aStart + adLen;
      const adCurrent = aStart <= jdNow && jdNow < aEnd;
      const pratyantaras: Pratyantara[] = [];
      let pStart = aStart;
      let pStartStr = aStartStr;
      for (let k = 0; k < 9; k++) {
        const p = VIMSHOTTARI[(seed.first + i + j + k) % 9]!;
        const pEnd = pStart + (adLen * p.years) / 120;
        const pEndStr = date(pEnd);
        pratyantaras.push({ pratyantara: p.lord, start: pStartStr, end: pEndStr });
        if (adCurrent && pStart <= jdNow && jdNow < pEnd) current = { mahadasha: m.lord, antardasha: a.lord, pratyantara: p.lord };
        pStart = pEnd;
        pStartStr = pEndStr;
      }
      // The last pratyantara's end is the antardasha's end (same instant, same string).
      antardashas.push({ antardasha: a.lord, lord: GRAHA_NAMES[a.lord], start: aStartStr, end: pStartStr, current: adCurrent, pratyantaras });
      aStart = aEnd;
      aStartStr = pStartStr;
    }
    mahadashas.push({ mahadasha: m.lord, lord: GRAHA_NAMES[m.lord], years: m.years, start: startStr, end: aStartStr, current: mdCurrent, antardashas });
    start = mdEnd;
    startStr = aStartStr;
  }
  return { mahadashas, current };
}
