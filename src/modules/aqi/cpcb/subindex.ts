// CPCB's sub-index arithmetic: a concentration rounded to the precision of the breakpoint table, then
// linear interpolation inside its band, Ip = (IHi − ILo) / (BPHi − BPLo) · (Cp − BPLo) + ILo, rounded to
// a whole number; and the overall AQI, the largest sub-index, given only when at least three pollutants,
// one of them PM10 or PM2.5, have one (CPCB, "How is AQI calculated?").

import { BREAKPOINTS, CATEGORY_INFO, CATEGORIES, type Averaging, type Category, type Pollutant } from './breakpoints.js';

/** A band ready for interpolation: both breakpoints and both index ends known. */
export interface Band {
  category: Category;
  averaging: Averaging;
  bpLo: number;
  bpHi: number;
  iLo: number;
  iHi: number;
}

const roundTo = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

/**
 * The interpolation bands of a pollutant. The report leaves the Severe row open ("430+"); CPCB's own AQI
 * calculator closes it as wide as the Very Poor row (PM10 431–510, PM2.5 251–380, …), and so do we.
 */
export function bandsOf(pollutant: Pollutant): Band[] {
  const t = BREAKPOINTS[pollutant];
  return t.bands.map((b, i) => {
    const { iLo, iHi } = CATEGORY_INFO[b.category];
    if (b.bpHi !== null) return { category: b.category, averaging: b.averaging, bpLo: b.bpLo, bpHi: b.bpHi, iLo, iHi };
    const before = t.bands[i - 1];
    const width = before.bpHi! - before.bpLo;
    return { category: b.category, averaging: b.averaging, bpLo: b.bpLo, bpHi: roundTo(b.bpLo + width, t.decimals), iLo, iHi };
  });
}

export interface SubIndex {
  /** The concentration as looked up: rounded to the table's precision. */
  concentration: number;
  sub_index: number;
  category: Category;
  averaging: Averaging;
}

/** Ip for a concentration (≥ 0, in the table's unit). Above the last band the index stays at 500. */
export function subIndex(pollutant: Pollutant, concentration: number): SubIndex {
  const c = roundTo(Math.max(0, concentration), BREAKPOINTS[pollutant].decimals);
  const bands = bandsOf(pollutant);
  const top = bands[bands.length - 1];
  if (c > top.bpHi) return { concentration: c, sub_index: 500, category: 'Severe', averaging: top.averaging };
  const b = bands.find((x) => c >= x.bpLo && c <= x.bpHi)!;
  const ip = ((b.iHi - b.iLo) / (b.bpHi - b.bpLo)) * (c - b.bpLo) + b.iLo;
  return { concentration: c, sub_index: Math.round(ip), category: b.category, averaging: b.averaging };
}

/** The category an index value falls in (0–50 Good … 401–500 Severe). */
export function categoryOf(index: number): Category {
  return CATEGORIES.find((c) => index <= CATEGORY_INFO[c].iHi) ?? 'Severe';
}

export interface OverallAqi {
  value: number | null;
  category: Category | null;
  prominent_pollutant: Pollutant | null;
  pollutants_counted: number;
  /** Why there is no value, when there is none. */
  note: string | null;
}

/** The overall AQI from the sub-indices that could be computed, by CPCB's validity rule. */
export function overallAqi(subIndices: Partial<Record<Pollutant, number>>): OverallAqi {
  const entries = Object.entries(subIndices) as [Pollutant, number][];
  const counted = entries.length;
  if (counted < 3 || !('pm10' in subIndices || 'pm2_5' in subIndices)) {
    return {
      value: null,
      category: null,
      prominent_pollutant: null,
      pollutants_counted: counted,
      note: `CPCB computes the AQI only from at least three pollutants, one of them PM10 or PM2.5; ${counted} ${counted === 1 ? 'has' : 'have'} a sub-index${'pm10' in subIndices || 'pm2_5' in subIndices ? '' : ', neither of them PM'}`,
    };
  }
  // The first of equal sub-indices in the table's order (PM10, PM2.5, NO2, …) is named.
  const [prominent, value] = entries.reduce((best, e) => (e[1] > best[1] ? e : best));
  return { value, category: categoryOf(value), prominent_pollutant: prominent, pollutants_counted: counted, note: null };
}
