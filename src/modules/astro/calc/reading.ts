// The readings an astrologer makes from a computed chart (yogas, strengths; doshas alongside),
// from the ephemeris core the chart cache holds: no ephemeris call of their own.

import type { ChartCore } from './chart.js';
import { bhavaBala } from './bhava-bala.js';
import { chartFacts, SEVEN, signOf, type ChartFacts } from './facts.js';
import { GRAHA_NAMES, RASHIS } from './names.js';
import { shadbala } from './shadbala.js';
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

const r2 = (x: number) => Math.round(x * 100) / 100;

/** Rank 1 for the largest of the values. */
const ranks = (values: number[]) => values.map((v) => 1 + values.filter((w) => w > v).length);

/**
 * Shadbala and bhava bala of a chart, rounded to 0.01 virupa. The core must hold the planets, the
 * lagna, the midheaven and the day frame; `facts` are the core's, when the caller has them already.
 */
export function strengthReport(core: ChartCore, facts: ChartFacts = factsOfCore(core)) {
  const { pos, mc, frame } = core;
  if (!pos || mc === undefined || !frame) throw new Error('strengths need the planets, the midheaven and the day frame');
  const latitude = {
    Su: pos.Su.lat ?? 0,
    Mo: pos.Mo.lat ?? 0,
    Ma: pos.Ma.lat ?? 0,
    Me: pos.Me.lat ?? 0,
    Ju: pos.Ju.lat ?? 0,
    Ve: pos.Ve.lat ?? 0,
    Sa: pos.Sa.lat ?? 0,
  };
  const sb = shadbala(facts, { jdUt: core.jdUt, offsetMin: core.offsetMin, mc, ayanamsaDeg: core.ayanamsaDegrees, frame, latitude });
  const grahaRank = ranks(SEVEN.map((g) => sb[g].ratio));
  const grahas = SEVEN.map((g, i) => {
    const { sthana: st, kala: k, ...s } = sb[g];
    return {
      graha: g,
      name: GRAHA_NAMES[g],
      sthana: {
        uchcha: r2(st.uchcha),
        saptavargaja: r2(st.saptavargaja),
        ojhayugma: r2(st.ojhayugma),
        kendradi: r2(st.kendradi),
        drekkana: r2(st.drekkana),
        total: r2(st.total),
      },
      dig: r2(s.dig),
      kala: {
        nathonnatha: r2(k.nathonnatha),
        paksha: r2(k.paksha),
        tribhaga: r2(k.tribhaga),
        abda: r2(k.abda),
        masa: r2(k.masa),
        vara: r2(k.vara),
        hora: r2(k.hora),
        ayana: r2(k.ayana),
        yuddha: r2(k.yuddha),
        total: r2(k.total),
      },
      chesta: r2(s.chesta),
      naisargika: r2(s.naisargika),
      drik: r2(s.drik),
      virupas: r2(s.virupas),
      rupas: r2(s.rupas),
      required_rupas: s.required_rupas,
      ratio: r2(s.ratio),
      strong: s.ratio >= 1,
      rank: grahaRank[i]!,
      ishta_phala: r2(s.ishta_phala),
      kashta_phala: r2(s.kashta_phala),
    };
  });
  const totals = { Su: sb.Su.virupas, Mo: sb.Mo.virupas, Ma: sb.Ma.virupas, Me: sb.Me.virupas, Ju: sb.Ju.virupas, Ve: sb.Ve.virupas, Sa: sb.Sa.virupas };
  const bb = bhavaBala(facts, mc, totals);
  const bhavaRank = ranks(bb.map((b) => b.virupas));
  const bhavas = bb.map((b, i) => ({
    bhava: b.bhava,
    madhya: r2(b.madhya),
    rashi: signOf(b.madhya) + 1,
    rashi_name: RASHIS[signOf(b.madhya)]!,
    lord: b.lord,
    adhipati: r2(b.adhipati),
    dig: r2(b.dig),
    drishti: r2(b.drishti),
    virupas: r2(b.virupas),
    rupas: r2(b.rupas),
    rank: bhavaRank[i]!,
  }));
  return { unit: 'virupas (60 to a rupa)' as const, grahas, bhavas };
}
export type StrengthReport = ReturnType<typeof strengthReport>;
