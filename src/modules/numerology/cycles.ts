// Cycles: the personal year, month and day as of a date; the four pinnacles and the four
// challenges with the ages they cover.
//
// Personal year = birth month + birth day + calendar year (each reduced), reduced to one
// digit; personal month = personal year + calendar month; personal day = personal month +
// calendar day — always one digit, masters included (Decoz, janetboyer.com).
//
// Pinnacles (Decoz course 19): P1 = M + D, P2 = D + Y, P3 = P1 + P2, P4 = M + Y with the
// parts reduced keeping masters and each sum reduced keeping masters. P1 lasts from birth
// to age 36 − life path (life path taken to one digit); P2 and P3 nine years each; P4 the
// rest of life.
//
// Challenges (Decoz course 05): the parts reduced to one digit; |M − D| early, |D − Y|
// middle, |M − Y| later, and the main one |early − middle|. The spec lists them in that
// order (early, middle, later, main); Decoz numbers the main one third.

import { reduceKeepMasters, reduceToDigit } from './reduce.js';
import type { CalendarDate } from './dates.js';
import { dateParts } from './core-numbers.js';

export interface PersonalCycle {
  personal_year: number;
  personal_month: number;
  personal_day: number;
  year: number;
}

export function personalCycle(birth: Pick<CalendarDate, 'month' | 'day'>, today: CalendarDate): PersonalCycle {
  const py = reduceToDigit(reduceToDigit(birth.month) + reduceToDigit(birth.day) + reduceToDigit(today.year));
  const pm = reduceToDigit(py + reduceToDigit(today.month));
  const pd = reduceToDigit(pm + reduceToDigit(today.day));
  return { personal_year: py, personal_month: pm, personal_day: pd, year: today.year };
}

export interface Pinnacle {
  pinnacle: number;
  number: number;
  period: string;
}

export interface Challenge {
  challenge: number;
  name: 'early' | 'middle' | 'later' | 'main';
  number: number;
  period: string;
}

/** Ages (inclusive) of the four pinnacles; the last one is open-ended. */
export function pinnacleAges(lifePathValue: number): [number, number][] {
  const end1 = 36 - reduceToDigit(lifePathValue);
  return [
    [0, end1],
    [end1 + 1, end1 + 9],
    [end1 + 10, end1 + 18],
    [end1 + 19, Infinity],
  ];
}

const period = ([from, to]: [number, number]): string => (to === Infinity ? `${from}+` : `${from}-${to}`);

export function pinnacles(d: CalendarDate, lifePathValue: number): Pinnacle[] {
  const { month, day, year } = dateParts(d);
  const p1 = reduceKeepMasters(month + day);
  const p2 = reduceKeepMasters(day + year);
  const p3 = reduceKeepMasters(p1 + p2);
  const p4 = reduceKeepMasters(month + year);
  const ages = pinnacleAges(lifePathValue);
  return [p1, p2, p3, p4].map((number, i) => ({ pinnacle: i + 1, number, period: period(ages[i]) }));
}

export function challenges(d: CalendarDate, lifePathValue: number): Challenge[] {
  const m = reduceToDigit(d.month);
  const dd = reduceToDigit(d.day);
  const y = reduceToDigit(d.year);
  const early = Math.abs(m - dd);
  const middle = Math.abs(dd - y);
  const later = Math.abs(m - y);
  const main = Math.abs(early - middle);
  const ages = pinnacleAges(lifePathValue);
  return [
    { challenge: 1, name: 'early', number: early, period: period(ages[0]) },
    { challenge: 2, name: 'middle', number: middle, period: period(ages[1]) },
    // From the third pinnacle on: the rest of life once the early and middle ones end.
    { challenge: 3, name: 'later', number: later, period: period([ages[2][0], Infinity]) },
    // Felt through the whole life.
    { challenge: 4, name: 'main', number: main, period: period([0, Infinity]) },
  ];
}
