// The readings an astrologer makes from a computed chart (yogas; doshas and strengths alongside),
// from the ephemeris core the chart cache holds: no ephemeris call of their own.

import type { ChartCore } from './chart.js';
import { chartFacts, type ChartFacts } from './facts.js';
import { findYogas, YOGA_COUNT, type Yoga } from './yogas.js';

/** The chart's facts, from a core computed with the planets and the lagna. */
export function factsOfCore(core: ChartCore): ChartFacts {
  const { pos, asc } = core;
  if (!pos || asc === undefined) throw new Error('a reading needs the planets and the lagna');
  const lon = { Su: pos.Su.lon, Mo: pos.Mo.lon, Ma: pos.Ma.lon, Me: pos.Me.lon, Ju: pos.Ju.lon, Ve: pos.Ve.lon, Sa: pos.Sa.lon, Ra: pos.Ra.lon };
  const speed = {
    Su: pos.Su.speed,
    Mo: pos.Mo.speed,
    Ma: pos.Ma.speed,
    Me: pos.Me.speed,
    Ju: pos.Ju.speed,
    Ve: pos.Ve.speed,
    Sa: pos.Sa.speed,
    Ra: pos.Ra.speed,
  };
  return chartFacts(lon, speed, asc);
}

export interface YogaReport {
  evaluated: number;
  count: number;
  yogas: Yoga[];
}

export function yogaReport(f: ChartFacts): YogaReport {
  const yogas = findYogas(f);
  return { evaluated: YOGA_COUNT, count: yogas.length, yogas };
}
