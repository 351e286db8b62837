// Shadbala, the six strengths of the seven grahas (BPHS 27), worked as B. V. Raman's *Graha and
// Bhava Balas* works them: virupas (60 to a rupa), the required minimum of each graha, ishta and
// kashta phala. Pure arithmetic on the chart's facts, the midheaven and the day frame; the
// conventions chosen where schools differ are in docs/decisions/astro-yogas-strengths.md.

import type { DayFrame } from './day.js';
import { drishtiValue } from './drishti.js';
import { compoundRelation, EXALTATION, inMoolatrikona, isBenefic, SEVEN, SIGN_LORD, signOf, type ChartFacts, type Seven } from './facts.js';
import { norm360 } from './names.js';
import { ayanaBala, nathonnatha, timeLords, tribhagaLord } from './time-strengths.js';
import { vargaSign } from './varga.js';

export interface StrengthMoment {
  jdUt: number;
  offsetMin: number;
  /** Sidereal midheaven (the 10th bhava madhya of Sripati's houses). */
  mc: number;
  ayanamsaDeg: number;
  frame: DayFrame;
  /** Ecliptic latitude of each graha: the northern one wins a war (0 where unknown). */
  latitude: Record<Seven, number>;
}

/** Required minimum in rupas (BPHS 27.33-34; Raman ch. I). */
export const REQUIRED_RUPAS: Record<Seven, number> = { Su: 6.5, Mo: 6, Ma: 5, Me: 7, Ju: 6.5, Ve: 5.5, Sa: 5 };
/** Naisargika bala: 60 x n/7 in the order Saturn 1 … Sun 7 (BPHS 27.22). */
export const NAISARGIKA: Record<Seven, number> = { Su: 60, Mo: 360 / 7, Ve: 300 / 7, Ju: 240 / 7, Me: 180 / 7, Ma: 120 / 7, Sa: 60 / 7 };
/** Apparent disc diameters (Raman, after Surya Siddhanta) that divide the yuddha bala. */
const DISC: Partial<Record<Seven, number>> = { Ma: 9.4, Me: 6.6, Ju: 190.4, Ve: 16.6, Sa: 158 };
/** The seven vargas of saptavargaja bala. */
const SAPTAVARGA = ['D1', 'D2', 'D3', 'D7', 'D9', 'D12', 'D30'] as const;
/** Virupas for the compound relation -2..2 with the varga sign's lord (BPHS 27.3-4). */
const RELATION_VIRUPAS: Record<number, number> = { [-2]: 1.875, [-1]: 3.75, 0: 7.5, 1: 15, 2: 22.5 };
/** Where each graha has no dig bala, as a point: Sun and Mars the nadir, Jupiter and Mercury the descendant, Moon and Venus the midheaven, Saturn the lagna. */
const POWERLESS_AT: Record<Seven, 'ic' | 'desc' | 'mc' | 'asc'> = { Su: 'ic', Ma: 'ic', Ju: 'desc', Me: 'desc', Mo: 'mc', Ve: 'mc', Sa: 'asc' };
/** Male, neuter and female grahas: strong in the 1st, 2nd, 3rd drekkana of a sign. */
const DREKKANA_OF: Record<Seven, number> = { Su: 0, Ma: 0, Ju: 0, Me: 1, Sa: 1, Mo: 2, Ve: 2 };

/** Distance of two longitudes, 0..180. */
export const separation = (a: number, b: number): number => {
  const d = norm360(a - b);
  return d > 180 ? 360 - d : d;
};

export interface Sthana {
  uchcha: number;
  saptavargaja: number;
  ojhayugma: number;
  kendradi: number;
  drekkana: number;
  total: number;
}

/** Uchcha bala: the distance from the deep debilitation point, over 3 (60 at deep exaltation). */
export const uchchaBala = (g: Seven, lon: number): number => separation(lon, EXALTATION[g].sign * 30 + EXALTATION[g].degree + 180) / 3;

function saptavargaja(f: ChartFacts, g: Seven): number {
  let sum = 0;
  for (const v of SAPTAVARGA) {
    const sign = vargaSign(v, f.lon[g]) - 1;
    const lord = SIGN_LORD[sign]!;
    // Moolatrikona is a rashi dignity: counted in the rashi chart only.
    if (v === 'D1' && inMoolatrikona(g, f.lon[g])) sum += 45;
    else if (lord === g) sum += 30;
    else sum += RELATION_VIRUPAS[compoundRelation(f, g, lord)]!;
  }
  return sum;
}

function sthana(f: ChartFacts, g: Seven): Sthana {
  const femaleOdd = g === 'Mo' || g === 'Ve';
  const strongSign = (s: number) => (s % 2 === 1) === femaleOdd; // 0-based: odd signs are even indices
  const house = f.house[g];
  const deg = norm360(f.lon[g]) - signOf(f.lon[g]) * 30;
  const parts = {
    uchcha: uchchaBala(g, f.lon[g]),
    saptavargaja: saptavargaja(f, g),
    ojhayugma: (strongSign(f.sign[g]) ? 15 : 0) + (strongSign(f.navamsa[g]) ? 15 : 0),
    // Kendras 1, 4, 7, 10; panapharas 2, 5, 8, 11; apoklimas the rest.
    kendradi: house % 3 === 1 ? 60 : house % 3 === 2 ? 30 : 15,
    drekkana: Math.floor(deg / 10) === DREKKANA_OF[g] ? 15 : 0,
  };
  return { ...parts, total: parts.uchcha + parts.saptavargaja + parts.ojhayugma + parts.kendradi + parts.drekkana };
}

function digBala(f: ChartFacts, g: Seven, mc: number): number {
  const points = { asc: f.asc, desc: f.asc + 180, mc, ic: mc + 180 };
  return separation(f.lon[g], points[POWERLESS_AT[g]]) / 3;
}

export interface Kala {
  nathonnatha: number;
  paksha: number;
  tribhaga: number;
  abda: number;
  masa: number;
  vara: number;
  hora: number;
  ayana: number;
  yuddha: number;
  total: number;
}

/**
 * Paksha bala: a benefic gains as the Moon moves from the Sun, a malefic as it nears it; the
 * elongation (0..180) over 3. The Moon's is doubled and taken as a benefic's (Raman).
 */
function paksha(f: ChartFacts, g: Seven): number {
  const bright = separation(f.lon.Mo, f.lon.Su) / 3;
  if (g === 'Mo') return 2 * bright;
  return isBenefic(f, g) ? bright : 60 - bright;
}

/**
 * Mean sidereal longitudes of Raman's tables (*Graha and Bhava Balas*, tables IV-IX): the place at
 * the epoch (mean midnight at Ujjain, 76° E, beginning 1 January 1900), the mean daily motion, and
 * the secular correction a + b x years since 1900 with its sign. Mercury's and Venus' are their
 * sighrochchas (heliocentric), the others the graha's own mean place. Taken as transcribed in
 * PyJHora (naturalstupid/PyJHora, horoscope/chart/strength.py; the book's numbers only). The daily
 * motion is the tables' own motion for 90,000 days over 90,000 (the 9 x 10,000-day entry, whole
 * turns added back), not the 4-5 digit figure PyJHora keeps beside them: the rounding alone moved
 * Mercury's sighrochcha 0.7° and Mars 0.7° a century from the book. Jupiter's correction is 3.33°,
 * as two independent readings of the book give it (PyJHora has 3.3). Modern mean elements (Meeus)
 * put Mercury's about 12-15° and Venus' about 1-3° behind these: with them Raman's and Jain's
 * Mercury chesta came out 4.3 virupas off; with these, all five within 0.02 in both books.
 */
const MEAN: Record<'Su' | 'Ma' | 'Me' | 'Ju' | 'Ve' | 'Sa', { epoch: number; daily: number; sign: number; a: number; b: number }> = {
  Su: { epoch: 257.4568, daily: 88704.2389 / 90000, sign: 1, a: 0, b: 0 },
  Ma: { epoch: 270.22, daily: 47161.74 / 90000, sign: 1, a: 0, b: 0 },
  Me: { epoch: 164, daily: 368308.63 / 90000, sign: 1, a: 6.67, b: -0.00133 },
  Ju: { epoch: 220.04, daily: 7478.67 / 90000, sign: -1, a: 3.33, b: 0.0067 },
  Ve: { epoch: 328.51, daily: 144193.18 / 90000, sign: -1, a: 5, b: 0.0001 },
  Sa: { epoch: 236.74, daily: 3009.54 / 90000, sign: 1, a: 5, b: 0.001 },
};
/** Raman's epoch: Ujjain mean midnight starting 1 January 1900, as a UT Julian day. */
const RAMAN_EPOCH_JD = 2415020.5 - 76 / 360;
/** Mean sidereal longitude of Raman's tables at a UT Julian day (the sighrochcha for Mercury and Venus). */
export const meanLon = (g: keyof typeof MEAN, jdUt: number) => {
  const m = MEAN[g];
  const days = jdUt - RAMAN_EPOCH_JD;
  return norm360(m.epoch + m.daily * days + m.sign * (m.a + m.b * (days / 365.25)));
};

/**
 * Chesta bala of the taras (BPHS 27.23-24): the chesta kendra is the sighrochcha less the mean of
 * the true and the mean graha, reduced to 0..180, over 3. The sighrochcha of Mars, Jupiter and
 * Saturn is the Sun's mean place; Mercury and Venus have their own sighrochcha and the Sun's mean
 * place as their mean. Mean places from Raman's tables (MEAN above).
 */
export function chestaBala(g: Exclude<Seven, 'Su' | 'Mo'>, trueLon: number, jdUt: number): number {
  const sun = meanLon('Su', jdUt);
  const own = meanLon(g, jdUt);
  const inner = g === 'Me' || g === 'Ve';
  const sighrochcha = inner ? own : sun;
  const mean = inner ? sun : own;
  const half = norm360(trueLon - mean);
  const average = mean + (half > 180 ? half - 360 : half) / 2;
  return separation(sighrochcha, average) / 3;
}

/** Drik bala: the benefics' aspects on the graha less the malefics', a quarter of the sum (Raman ch. VIII). */
function drikBala(f: ChartFacts, g: Seven): number {
  let sum = 0;
  for (const h of SEVEN) {
    if (h === g) continue;
    const v = drishtiValue(h, f.lon[g] - f.lon[h]);
    sum += isBenefic(f, h) ? v : -v;
  }
  return sum / 4;
}

export interface GrahaStrength {
  sthana: Sthana;
  dig: number;
  kala: Kala;
  /** 0 for the Sun and the Moon, as Raman's totals have it: their ayana and paksha bala stand for it. */
  chesta: number;
  naisargika: number;
  drik: number;
  virupas: number;
  rupas: number;
  required_rupas: number;
  /** Rupas over the required minimum: 1 or more is strong. */
  ratio: number;
  ishta_phala: number;
  kashta_phala: number;
}

/**
 * Yuddha bala (BPHS 27.21): two taras within a degree are at war; the difference of their sums of
 * sthana, dig and kala bala (to hora and ayana) over the difference of their disc diameters goes
 * to the victor and is taken from the other. The victor is the one further north (Surya Siddhanta
 * 7.22; V. P. Jain's worked chart gives it to Jupiter, north of Mercury, though Mercury's sum is
 * larger); with no latitude known, the larger sum.
 */
function yuddha(f: ChartFacts, before: Record<Seven, number>, latitude: Record<Seven, number>): Record<Seven, number> {
  const out = Object.fromEntries(SEVEN.map((g) => [g, 0])) as Record<Seven, number>;
  const taras = SEVEN.filter((g) => DISC[g] !== undefined);
  for (let i = 0; i < taras.length; i++) {
    for (let j = i + 1; j < taras.length; j++) {
      const a = taras[i]!;
      const b = taras[j]!;
      if (separation(f.lon[a], f.lon[b]) >= 1) continue;
      const diameters = Math.abs(DISC[a]! - DISC[b]!);
      const v = Math.abs(before[a] - before[b]) / diameters;
      const north = latitude[a] - latitude[b];
      const aWins = north !== 0 ? north > 0 : before[a] >= before[b];
      const [winner, loser] = aWins ? [a, b] : [b, a];
      out[winner] += v;
      out[loser] -= v;
    }
  }
  return out;
}

/** The six strengths of the seven grahas. */
export function shadbala(f: ChartFacts, m: StrengthMoment): Record<Seven, GrahaStrength> {
  const lords = timeLords(m.jdUt, m.frame, m.offsetMin);
  const tribhaga = tribhagaLord(m.jdUt, m.frame);
  const parts = {} as Record<Seven, { sthana: Sthana; dig: number; kala: Omit<Kala, 'yuddha' | 'total'> }>;
  const beforeWar = {} as Record<Seven, number>;
  for (const g of SEVEN) {
    const kala = {
      nathonnatha: nathonnatha(g, m.jdUt, m.frame),
      paksha: paksha(f, g),
      tribhaga: g === 'Ju' || g === tribhaga ? 60 : 0,
      abda: lords.abda === g ? 15 : 0,
      masa: lords.masa === g ? 30 : 0,
      vara: lords.vara === g ? 45 : 0,
      hora: lords.hora === g ? 60 : 0,
      ayana: ayanaBala(g, f.lon[g], m.ayanamsaDeg),
    };
    parts[g] = { sthana: sthana(f, g), dig: digBala(f, g, m.mc), kala };
    const kalaSum = kala.nathonnatha + kala.paksha + kala.tribhaga + kala.abda + kala.masa + kala.vara + kala.hora + kala.ayana;
    beforeWar[g] = parts[g].sthana.total + parts[g].dig + kalaSum;
  }
  const war = yuddha(f, beforeWar, m.latitude);
  const out = {} as Record<Seven, GrahaStrength>;
  for (const g of SEVEN) {
    const { sthana: st, dig } = parts[g];
    const kala: Kala = { ...parts[g].kala, yuddha: war[g], total: beforeWar[g] - st.total - dig + war[g] };
    const chesta = g === 'Su' || g === 'Mo' ? 0 : chestaBala(g, f.lon[g], m.jdUt);
    const drik = drikBala(f, g);
    const virupas = st.total + dig + kala.total + chesta + NAISARGIKA[g] + drik;
    // The luminaries' chesta for the phalas: the Sun's ayana bala, the Moon's paksha bala (BPHS 27.24), single.
    const chestaForPhala = g === 'Su' ? Math.min(60, kala.ayana / 2) : g === 'Mo' ? Math.min(60, kala.paksha / 2) : chesta;
    out[g] = {
      sthana: st,
      dig,
      kala,
      chesta,
      naisargika: NAISARGIKA[g],
      drik,
      virupas,
      rupas: virupas / 60,
      required_rupas: REQUIRED_RUPAS[g],
      ratio: virupas / 60 / REQUIRED_RUPAS[g],
      ishta_phala: Math.sqrt(st.uchcha * chestaForPhala),
      kashta_phala: Math.sqrt((60 - st.uchcha) * (60 - chestaForPhala)),
    };
  }
  return out;
}
