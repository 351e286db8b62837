// The attribute tables of marriage matching: what each Moon nakshatra and rasi "is" (varna, vashya
// group, yoni animal, gana, nadi, rajju, vedha partner) and the point tables between them. Which
// table of several a school uses is recorded in docs/decisions/astro-match-conventions.md; indices
// are 0-based (nakshatra 0 = Ashwini, rasi 0 = Mesha), as in calc/names.ts.

import type { Graha } from '../calc/names.js';

/** Sign lords, Mesha first. */
export const RASI_LORDS: readonly Graha[] = ['Ma', 'Ve', 'Me', 'Mo', 'Su', 'Me', 'Ve', 'Ma', 'Ju', 'Sa', 'Sa', 'Ju'];

// ---- Varna (by rasi): water signs Brahmin, fire Kshatriya, earth Vaishya, air Shudra ----
export const VARNAS = ['Shudra', 'Vaishya', 'Kshatriya', 'Brahmin'] as const; // ascending rank
export type Varna = (typeof VARNAS)[number];
const VARNA_BY_ELEMENT: readonly Varna[] = ['Kshatriya', 'Vaishya', 'Shudra', 'Brahmin']; // fire, earth, air, water
export const varnaOf = (rasi: number): Varna => VARNA_BY_ELEMENT[rasi % 4]!;
export const varnaRank = (v: Varna): number => VARNAS.indexOf(v);

// ---- Vashya groups (by rasi; Dhanu and Makara split at 15 degrees) ----
export const VASHYAS = ['Chatushpada', 'Manava', 'Jalachara', 'Vanachara', 'Keeta'] as const;
export type Vashya = (typeof VASHYAS)[number];
const VASHYA_WHOLE: readonly Vashya[] = [
  'Chatushpada',
  'Chatushpada',
  'Manava',
  'Jalachara',
  'Vanachara',
  'Manava',
  'Manava',
  'Keeta',
  'Manava',
  'Chatushpada',
  'Manava',
  'Jalachara',
];
/** Vashya group of a Moon at `degree` (0..30) of `rasi`: Dhanu's second half and Makara's second half change group. */
export function vashyaOf(rasi: number, degree: number): Vashya {
  if (rasi === 8 && degree >= 15) return 'Chatushpada';
  if (rasi === 9 && degree >= 15) return 'Jalachara';
  return VASHYA_WHOLE[rasi]!;
}
/**
 * Points, boy's group (row) against girl's (column): 2 the same group, 1 when one is vashya
 * (controllable) to the other, 1/2 when one is the other's prey, 0 when hostile.
 */
export const VASHYA_POINTS: readonly (readonly number[])[] = [
  [2, 1, 1, 0.5, 1],
  [1, 2, 0.5, 0, 1],
  [1, 0.5, 2, 1, 1],
  [0.5, 0, 1, 2, 0],
  [1, 1, 1, 0, 2],
];

// ---- Tara: counting 1..27 from one star to the other, remainder by 9 ----
export const TARAS = ['Janma', 'Sampat', 'Vipat', 'Kshema', 'Pratyak', 'Sadhana', 'Vadha', 'Mitra', 'Ati-mitra'] as const;
/** Taras 3, 5 and 7 (Vipat, Pratyak, Vadha) are the inauspicious ones. */
export const BAD_TARAS = new Set([3, 5, 7]);

// ---- Yoni animals (by nakshatra) and their points ----
export const YONIS = ['Horse', 'Elephant', 'Sheep', 'Serpent', 'Dog', 'Cat', 'Rat', 'Cow', 'Buffalo', 'Tiger', 'Deer', 'Monkey', 'Mongoose', 'Lion'] as const;
export type Yoni = (typeof YONIS)[number];
const Y = (n: Yoni) => YONIS.indexOf(n);
export const YONI_OF: readonly number[] = [
  Y('Horse'),
  Y('Elephant'),
  Y('Sheep'),
  Y('Serpent'),
  Y('Serpent'),
  Y('Dog'),
  Y('Cat'),
  Y('Sheep'),
  Y('Cat'),
  Y('Rat'),
  Y('Rat'),
  Y('Cow'),
  Y('Buffalo'),
  Y('Tiger'),
  Y('Buffalo'),
  Y('Tiger'),
  Y('Deer'),
  Y('Deer'),
  Y('Dog'),
  Y('Monkey'),
  Y('Mongoose'),
  Y('Monkey'),
  Y('Lion'),
  Y('Horse'),
  Y('Lion'),
  Y('Cow'),
  Y('Elephant'),
];
/** 4 same animal, 3 friendly, 2 neutral, 1 unfriendly, 0 sworn enemies (symmetric). */
export const YONI_POINTS: readonly (readonly number[])[] = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 3, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [3, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

// ---- Graha maitri: natural (naisargika) relationships of BPHS ch. 3 ----
export type Relation = 'friend' | 'neutral' | 'enemy';
type Seven = Exclude<Graha, 'Ra' | 'Ke'>;
const FRIENDS: Record<Seven, readonly Seven[]> = {
  Su: ['Mo', 'Ma', 'Ju'],
  Mo: ['Su', 'Me'],
  Ma: ['Su', 'Mo', 'Ju'],
  Me: ['Su', 'Ve'],
  Ju: ['Su', 'Mo', 'Ma'],
  Ve: ['Me', 'Sa'],
  Sa: ['Me', 'Ve'],
};
const ENEMIES: Record<Seven, readonly Seven[]> = {
  Su: ['Ve', 'Sa'],
  Mo: [],
  Ma: ['Me'],
  Me: ['Mo'],
  Ju: ['Me', 'Ve'],
  Ve: ['Su', 'Mo'],
  Sa: ['Su', 'Mo', 'Ma'],
};
/** How `a` regards `b` (the relation need not be mutual: the Moon has no enemies). */
export function relation(a: Graha, b: Graha): Relation {
  const x = a as Seven;
  const y = b as Seven;
  if (FRIENDS[x].includes(y)) return 'friend';
  if (ENEMIES[x].includes(y)) return 'enemy';
  return 'neutral';
}
/** 5 same lord or mutual friends; 4 friend and neutral; 3 both neutral; 1 friend and enemy; 1/2 neutral and enemy; 0 mutual enemies. */
export function maitriPoints(a: Graha, b: Graha): number {
  if (a === b) return 5;
  const rs = [relation(a, b), relation(b, a)].sort().join('+');
  const table: Record<string, number> = {
    'friend+friend': 5,
    'friend+neutral': 4,
    'neutral+neutral': 3,
    'enemy+friend': 1,
    'enemy+neutral': 0.5,
    'enemy+enemy': 0,
  };
  return table[rs]!;
}

// ---- Gana (by nakshatra) ----
export const GANAS = ['Deva', 'Manushya', 'Rakshasa'] as const;
export type Gana = (typeof GANAS)[number];
export const GANA_OF: readonly Gana[] = [
  'Deva',
  'Manushya',
  'Rakshasa',
  'Manushya',
  'Deva',
  'Manushya',
  'Deva',
  'Deva',
  'Rakshasa',
  'Rakshasa',
  'Manushya',
  'Manushya',
  'Deva',
  'Rakshasa',
  'Deva',
  'Rakshasa',
  'Deva',
  'Rakshasa',
  'Rakshasa',
  'Manushya',
  'Manushya',
  'Deva',
  'Rakshasa',
  'Rakshasa',
  'Manushya',
  'Manushya',
  'Deva',
];
/** Points, boy's gana (row) against girl's (column). */
export const GANA_POINTS: readonly (readonly number[])[] = [
  [6, 5, 1],
  [6, 6, 0],
  [0, 0, 6],
];

// ---- Nadi (by nakshatra): the three run zig-zag, six stars a turn ----
export const NADIS = ['Adi', 'Madhya', 'Antya'] as const;
export type Nadi = (typeof NADIS)[number];
const NADI_TURN = [0, 1, 2, 2, 1, 0] as const;
export const nadiOf = (nak: number): Nadi => NADIS[NADI_TURN[nak % 6]!]!;

// ---- Bhakoot: the pair of counts between the two rasis ----
/** Counts (1..12) from the girl's rasi to the boy's and back; 2/12, 5/9 and 6/8 are the doshas. */
export const BAD_BHAKOOT = new Set(['2/12', '12/2', '5/9', '9/5', '6/8', '8/6']);

// ---- South Indian poruthams ----
export const RAJJUS = ['Pada', 'Kati', 'Nabhi', 'Kantha', 'Siro'] as const;
export type Rajju = (typeof RAJJUS)[number];
/** Foot, waist, navel, neck, head, then back down: nine stars a turn. */
const RAJJU_TURN = [0, 1, 2, 3, 4, 3, 2, 1, 0] as const;
export const rajjuOf = (nak: number): Rajju => RAJJUS[RAJJU_TURN[nak % 9]!]!;

/** Mutually afflicting stars (vedha): pairs, and the triple Mrigashira–Chitra–Dhanishta. */
const VEDHA_GROUPS: readonly (readonly number[])[] = [
  [0, 17],
  [1, 16],
  [2, 15],
  [3, 14],
  [5, 21],
  [6, 20],
  [7, 19],
  [8, 18],
  [9, 26],
  [10, 25],
  [11, 24],
  [12, 23],
  [4, 13, 22],
];
export const isVedha = (a: number, b: number): boolean => a !== b && VEDHA_GROUPS.some((g) => g.includes(a) && g.includes(b));

/** The rasis each rasi holds in vashya (South Indian vasya porutham), Mesha first. */
export const VASYA_SOUTH: readonly (readonly number[])[] = [[4, 7], [3, 6], [5], [7, 8], [6], [2, 11], [5, 9], [3], [11], [0, 10], [0], [9]];

/** Sworn-enemy yonis (0 points): the pairs that fail yoni porutham. */
export const isYoniEnemy = (a: number, b: number): boolean => YONI_POINTS[a]![b] === 0;
