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

/** Last age of the first pinnacle: 36 − the life path taken to one digit. */
const firstPinnacleEnd = (lifePathValue: number): number => 36 - reduceToDigit(lifePathValue);

/** Ages (inclusive) of the four pinnacles; the last one is open-ended. */
export function pinnacleAges(lifePathValue: number): [number, number][] {
  const end1 = firstPinnacleEnd(lifePathValue);
  return [
    [0, end1],
    [end1 + 1, end1 + 9],
    [end1 + 10, end1 + 18],
    [end1 + 19, Infinity],
  ];
}

// The report builds the periods from the first pinnacle's end directly rather than from
// pinnacleAges(): no tuples to allocate on every request (this is the hot path of the route).
const span = (from: number, to: number): string => `${from}-${to}`;
const onwards = (from: number): string => `${from}+`;

export function pinnacles(d: CalendarDate, lifePathValue: number): Pinnacle[] {
  const { month, day, year } = dateParts(d);
  const p1 = reduceKeepMasters(month + day);
  const p2 = reduceKeepMasters(day + year);
  const end1 = firstPinnacleEnd(lifePathValue);
  return [
    { pinnacle: 1, number: p1, period: span(0, end1) },
    { pinnacle: 2, number: p2, period: span(end1 + 1, end1 + 9) },
    { pinnacle: 3, number: reduceKeepMasters(p1 + p2), period: span(end1 + 10, end1 + 18) },
    { pinnacle: 4, number: reduceKeepMasters(month + year), period: onwards(end1 + 19) },
  ];
}

/** The main challenge is felt through the whole life. */
const MAIN_PERIOD = onwards(0);

export function challenges(d: CalendarDate, lifePathValue: number): Challenge[] {
  const m = reduceToDigit(d.month);
  const dd = reduceToDigit(d.day);
  const y = reduceToDigit(d.year);
  const early = Math.abs(m - dd);
  const middle = Math.abs(dd - y);
  const end1 = firstPinnacleEnd(lifePathValue);
  return [
    { challenge: 1, name: 'early', number: early, period: span(0, end1) },
    { challenge: 2, name: 'middle', number: middle, period: span(end1 + 1, end1 + 9) },
    // From the third pinnacle on: the rest of life once the early and middle ones end.
    { challenge: 3, name: 'later', number: Math.abs(m - y), period: onwards(end1 + 10) },
    { challenge: 4, name: 'main', number: Math.abs(early - middle), period: MAIN_PERIOD },
  ];
}
