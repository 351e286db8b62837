// The facts of a rashi chart that yogas, doshas and strengths read: which sign each graha holds,
// the house it makes from the lagna (whole signs), the lord of each sign, dignities (BPHS ch. 3),
// natural friendship (BPHS 3.55), full graha drishti (BPHS 26.2-5) and combustion.
// Signs are 0-based here (0 = Mesha); houses 1-based, as the texts count them.

import { isCombust } from './combustion.js';
import { vargaSign } from './varga.js';
import { norm360, type Graha } from './names.js';

/** The seven visible grahas (the taras and the luminaries): what Nabhasa yogas and shadbala count. */
export const SEVEN = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const;
export type Seven = (typeof SEVEN)[number];
/** The five taras (star-planets), Mars to Saturn: the grahas of the Moon's and Sun's yogas. */
export const TARAS = ['Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const;

/** Lord of each sign, Mesha first. */
export const SIGN_LORD: readonly Seven[] = ['Ma', 'Ve', 'Me', 'Mo', 'Su', 'Me', 'Ve', 'Ma', 'Ju', 'Sa', 'Sa', 'Ju'];
/** Exaltation sign and degree of deep exaltation (BPHS 3.49-50). */
export const EXALTATION: Record<Seven, { sign: number; degree: number }> = {
  Su: { sign: 0, degree: 10 },
  Mo: { sign: 1, degree: 3 },
  Ma: { sign: 9, degree: 28 },
  Me: { sign: 5, degree: 15 },
  Ju: { sign: 3, degree: 5 },
  Ve: { sign: 11, degree: 27 },
  Sa: { sign: 6, degree: 20 },
};
/** Moolatrikona sign and degree range (BPHS 3.51-54). */
export const MOOLATRIKONA: Record<Seven, { sign: number; from: number; to: number }> = {
  Su: { sign: 4, from: 0, to: 20 },
  Mo: { sign: 1, from: 3, to: 30 },
  Ma: { sign: 0, from: 0, to: 12 },
  Me: { sign: 5, from: 15, to: 20 },
  Ju: { sign: 8, from: 0, to: 10 },
  Ve: { sign: 6, from: 0, to: 15 },
  Sa: { sign: 10, from: 0, to: 20 },
};

/** Natural relationship (BPHS 3.55): 1 friend, 0 neutral, -1 enemy; row = the graha, column = the other. */
const NATURAL: Record<Seven, Record<Seven, number>> = {
  Su: { Su: 0, Mo: 1, Ma: 1, Me: 0, Ju: 1, Ve: -1, Sa: -1 },
  Mo: { Su: 1, Mo: 0, Ma: 0, Me: 1, Ju: 0, Ve: 0, Sa: 0 },
  Ma: { Su: 1, Mo: 1, Ma: 0, Me: -1, Ju: 1, Ve: 0, Sa: 0 },
  Me: { Su: 1, Mo: -1, Ma: 0, Me: 0, Ju: 0, Ve: 1, Sa: 0 },
  Ju: { Su: 1, Mo: 1, Ma: 1, Me: -1, Ju: 0, Ve: -1, Sa: 0 },
  Ve: { Su: -1, Mo: -1, Ma: 0, Me: 1, Ju: 0, Ve: 0, Sa: 1 },
  Sa: { Su: -1, Mo: -1, Ma: -1, Me: 1, Ju: 0, Ve: 1, Sa: 0 },
};
export const naturalRelation = (g: Seven, other: Seven): number => NATURAL[g][other];

/** Houses a graha aspects fully, counted from its own sign (BPHS 26: all the 7th; Mars 4, 8; Jupiter 5, 9; Saturn 3, 10). */
const DRISHTI: Record<Graha, readonly number[]> = {
  Su: [7],
  Mo: [7],
  Ma: [4, 7, 8],
  Me: [7],
  Ju: [5, 7, 9],
  Ve: [7],
  Sa: [3, 7, 10],
  Ra: [],
  Ke: [],
};

export const KENDRAS = [1, 4, 7, 10] as const;
export const TRIKONAS = [1, 5, 9] as const;
export const DUSTHANAS = [6, 8, 12] as const;
export const isKendra = (h: number) => h === 1 || h === 4 || h === 7 || h === 10;
export const isTrikona = (h: number) => h === 1 || h === 5 || h === 9;

/** House (1..12) of sign `to` counted from sign `from` (both 0-based). */
export const houseFrom = (from: number, to: number): number => ((to - from + 12) % 12) + 1;
/** The sign `h` houses on from `from` (0-based in, 0-based out). */
export const signAt = (from: number, h: number): number => (from + h - 1) % 12;
export const signOf = (lon: number): number => Math.floor(norm360(lon) / 30);

export interface ChartFacts {
  lon: Record<Graha, number>;
  speed: Record<Graha, number>;
  sign: Record<Graha, number>;
  asc: number;
  lagna: number;
  /** House from the lagna of each graha. */
  house: Record<Graha, number>;
  /** The grahas in each sign, Mesha first. */
  occupants: Graha[][];
  /** Navamsa sign of each graha and of the lagna (0-based). */
  navamsa: Record<Graha | 'Lg', number>;
  /** Waxing Moon: Shukla paksha, the Moon 0°-180° ahead of the Sun. */
  waxing: boolean;
  /** Natural benefic or not (isBenefic's rule), worked out once: yogas and strengths ask it often. */
  benefic: Record<Graha, boolean>;
}

const ALL: readonly Graha[] = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke'];

/** Facts from sidereal longitudes (Rahu given; Ketu opposite) and speeds, and the lagna. */
export function chartFacts(lon: Record<Exclude<Graha, 'Ke'>, number>, speed: Record<Exclude<Graha, 'Ke'>, number>, asc: number): ChartFacts {
  const l = { ...lon, Ke: norm360(lon.Ra + 180) } as Record<Graha, number>;
  const sp = { ...speed, Ke: speed.Ra } as Record<Graha, number>;
  const sign = {} as Record<Graha, number>;
  const house = {} as Record<Graha, number>;
  const navamsa = {} as Record<Graha | 'Lg', number>;
  const occupants: Graha[][] = Array.from({ length: 12 }, () => []);
  const lagna = signOf(asc);
  for (const g of ALL) {
    sign[g] = signOf(l[g]);
    house[g] = houseFrom(lagna, sign[g]);
    navamsa[g] = vargaSign('D9', l[g]) - 1;
    occupants[sign[g]]!.push(g);
  }
  navamsa.Lg = vargaSign('D9', asc) - 1;
  const waxing = norm360(l.Mo - l.Su) < 180;
  const benefic = {} as Record<Graha, boolean>;
  for (const g of ALL) benefic[g] = beneficByRule(g, waxing, occupants[sign.Me]!);
  return { lon: l, speed: sp, sign, asc, lagna, house, occupants, navamsa, waxing, benefic };
}

/** Lord of the house `h` from the lagna. */
export const lordOf = (f: ChartFacts, h: number): Seven => SIGN_LORD[signAt(f.lagna, h)]!;

export const isExalted = (g: Graha, sign: number): boolean => (g in EXALTATION ? EXALTATION[g as Seven].sign === sign : false);
export const isDebilitated = (g: Graha, sign: number): boolean => (g in EXALTATION ? (EXALTATION[g as Seven].sign + 6) % 12 === sign : false);
export const isOwnSign = (g: Graha, sign: number): boolean => SIGN_LORD[sign] === g;
export const inMoolatrikona = (g: Graha, lon: number): boolean => {
  if (!(g in MOOLATRIKONA)) return false;
  const m = MOOLATRIKONA[g as Seven];
  const s = signOf(lon);
  const d = norm360(lon) - s * 30;
  return s === m.sign && d >= m.from && d < m.to;
};

/** Whether `g` casts a full aspect on sign `target`. */
export const aspectsSign = (f: ChartFacts, g: Graha, target: number): boolean => DRISHTI[g].includes(houseFrom(f.sign[g], target));
/** Whether `a` and `b` are in one sign or `a` aspects `b`'s sign. */
export const joinsOrAspects = (f: ChartFacts, a: Graha, b: Graha): boolean => f.sign[a] === f.sign[b] || aspectsSign(f, a, f.sign[b]);
/** Grahas that fully aspect a sign. */
export const aspectersOf = (f: ChartFacts, target: number, among: readonly Graha[] = ALL): Graha[] => among.filter((g) => aspectsSign(f, g, target));

export const combust = (f: ChartFacts, g: Graha): boolean => g !== 'Su' && isCombust(g, f.lon[g], f.lon.Su, f.speed[g] < 0);

/**
 * Natural benefics: Jupiter, Venus, Mercury unless it shares a sign with a natural malefic, and the
 * waxing Moon (BPHS 3.10-11; the Moon counted by paksha, Shukla = benefic, as most software does).
 */
export const isBenefic = (f: ChartFacts, g: Graha): boolean => f.benefic[g];

function beneficByRule(g: Graha, waxing: boolean, withMercury: readonly Graha[]): boolean {
  if (g === 'Ju' || g === 'Ve') return true;
  if (g === 'Mo') return waxing;
  if (g === 'Me') return !withMercury.some((o) => o === 'Su' || o === 'Ma' || o === 'Sa' || o === 'Ra' || o === 'Ke');
  return false;
}

/** Compound friendship of `g` towards `other` from the natural and the temporal (BPHS 3.56-58): -2..2. */
export function compoundRelation(f: ChartFacts, g: Seven, other: Seven): number {
  const h = houseFrom(f.sign[g], f.sign[other]);
  const temporal = h === 2 || h === 3 || h === 4 || h >= 10 ? 1 : -1;
  return naturalRelation(g, other) + temporal;
}

/** A graha in the sign of a natural enemy. */
export const inEnemySign = (f: ChartFacts, g: Seven): boolean => naturalRelation(g, SIGN_LORD[f.sign[g]]!) < 0;
