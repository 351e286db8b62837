// Kua (Gua) number of Eight Mansions feng shui, and its directions.
//
// The year is the Chinese solar year, which begins at Li Chun, taken as 4 February: a birth
// before it counts in the previous year. With r = the digit root of that year:
//   male = 11 − r, female = r + 4, reduced to one digit; a 5 becomes 2 for men, 8 for women.
// That is the 1900s rule (male 10 − r', female 5 + r' with r' from the last two digits)
// and the 2000s rule (9 − r', 6 + r') in one formula (learnfengshui.com, tejash.me).

import { reduceToDigit } from './reduce.js';
import type { CalendarDate } from './dates.js';

export type Gender = 'male' | 'female';

/** The Chinese solar year a date falls in (Li Chun taken as 4 February). */
export const solarYear = (d: CalendarDate): number => (d.month < 2 || (d.month === 2 && d.day < 4) ? d.year - 1 : d.year);

export function kuaNumber(year: number, gender: Gender): number {
  const r = reduceToDigit(year);
  const k = gender === 'male' ? reduceToDigit(11 - r) : reduceToDigit(r + 4);
  if (k === 5) return gender === 'male' ? 2 : 8;
  return k;
}

export interface KuaDirections {
  /** The Kua's own trigram direction (its "personal growth", fu wei, direction). */
  direction: string;
  group: 'East' | 'West';
  /** The four favourable directions, best first: sheng chi, tien yi, nien yen, fu wei. */
  favourable: readonly string[];
}

const N = 'North',
  S = 'South',
  E = 'East',
  W = 'West',
  NE = 'North-East',
  NW = 'North-West',
  SE = 'South-East',
  SW = 'South-West';

// Eight Mansions table, by Kua number (5 never occurs after the 5 → 2/8 rule).
const DIRECTIONS: Record<number, KuaDirections> = {
  1: { direction: N, group: 'East', favourable: [SE, E, S, N] },
  2: { direction: SW, group: 'West', favourable: [NE, W, NW, SW] },
  3: { direction: E, group: 'East', favourable: [S, N, SE, E] },
  4: { direction: SE, group: 'East', favourable: [N, S, E, SE] },
  6: { direction: NW, group: 'West', favourable: [W, NE, SW, NW] },
  7: { direction: W, group: 'West', favourable: [NW, SW, NE, W] },
  8: { direction: NE, group: 'West', favourable: [SW, NW, W, NE] },
  9: { direction: S, group: 'East', favourable: [E, SE, N, S] },
};

export const kuaDirections = (kua: number): KuaDirections => DIRECTIONS[kua];
