// Charts for the yoga tests: a birth cast as /astro casts it, and a sign-placement chart as a book
// prints it. Shared by the published-chart and the independent-software comparisons.

import { chartFacts, type ChartFacts } from '../../src/modules/astro/calc/facts.js';
import { factsOfCore } from '../../src/modules/astro/calc/reading.js';
import { ephemerisCore } from '../../src/modules/astro/calc/chart.js';
import { julday } from '../../src/modules/astro/calc/ephemeris.js';
import { GRAHAS, type Graha } from '../../src/modules/astro/calc/names.js';

export const SIGNS = ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'];

export interface Birth {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec?: number;
  tz_hours: number;
  lat: number;
  lon: number;
}

/** The chart of a birth as /astro casts it (Lahiri; the mean node by default, as /astro does). */
export function factsOfBirth(b: Birth, node: 'mean' | 'true' = 'mean'): ChartFacts {
  const jdUt = julday(b.year, b.month, b.day, b.hour + b.min / 60 + (b.sec ?? 0) / 3600 - b.tz_hours);
  const core = ephemerisCore(
    { jdUt, offsetMin: b.tz_hours * 60, timezoneSource: 'explicit', lat: b.lat, lon: b.lon, ayanamsa: 'lahiri', node },
    { planets: true, asc: true, frame: false },
  );
  return factsOfCore(core);
}

/** Lagna and graha signs by the two-letter names the fixtures use. */
export const signsOf = (f: ChartFacts) => ({
  lagna: SIGNS[f.lagna]!,
  ...Object.fromEntries(GRAHAS.map((g) => [g, SIGNS[f.sign[g]]!])),
});

/** A sign-placement chart as Raman prints it: each graha a few degrees into its sign, the lagna at 15°. */
export function signChart(signs: string[]): ChartFacts {
  const codes = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke'] as const;
  const lon: Partial<Record<Graha, number>> = {};
  let asc = 0;
  signs.forEach((cell, s) =>
    cell
      .split('/')
      .filter(Boolean)
      .forEach((x, k) => {
        if (x === 'L') asc = s * 30 + 15;
        else lon[codes[Number(x)]!] = s * 30 + 12 + 2 * k;
      }),
  );
  const speed = { Su: 1, Mo: 13, Ma: 0.5, Me: 1, Ju: 0.1, Ve: 1, Sa: 0.05, Ra: -0.05 };
  return chartFacts(lon as Parameters<typeof chartFacts>[0], speed, asc);
}
