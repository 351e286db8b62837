// The calculations beyond the vectors: masters, karmic debts, cycle ages, Kua, zodiac.

import { describe, expect, it } from 'vitest';
import { reduceKeepMasters, reduceToDigit } from './reduce.js';
import { readName } from './letters.js';
import { balance, birthday, destiny, karmicDebtOf, karmicDebts, lifePath, maturity, missingNumbers } from './core-numbers.js';
import { challenges, personalCycle, pinnacleAges, pinnacles } from './cycles.js';
import { kuaDirections, kuaNumber, solarYear } from './kua.js';
import { zodiacSign } from './zodiac.js';
import { bestMatches, lifePathMeaning } from './meanings.js';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('reduction', () => {
  it('stops at 11, 22 and 33 when masters are kept', () => {
    expect([29, 38, 1939, 33, 44, 1999, 10, 9].map(reduceKeepMasters)).toEqual([11, 11, 22, 33, 8, 1, 1, 9]);
  });
  it('goes to one digit otherwise', () => {
    expect([29, 1939, 33, 19, 0].map(reduceToDigit)).toEqual([2, 4, 6, 1, 0]);
  });
});

describe('life path', () => {
  it('keeps a master in a part and in the total', () => {
    // November (11) kept, day 29 → 11 kept, 1980 → 18 → 9: 11 + 11 + 9 = 31 → 4.
    expect(lifePath(d(1980, 11, 29))).toEqual({ compound: 31, value: 4 });
    // 1942-06-18: 6 + 9 + 7 = 22, kept.
    expect(lifePath(d(1942, 6, 18)).value).toBe(22);
    // 33 as a total: 11 (Nov) + 11 (29th) + 11 (2009) = 33.
    expect(lifePath(d(2009, 11, 29)).value).toBe(33);
  });
});

describe('name numbers', () => {
  it('keeps a master name and adds the names (Thomas = 22)', () => {
    expect(destiny(readName('Thomas John Hancock'))).toEqual({ compound: 25, value: 7 });
  });
  it('reads a one-word name from its own total', () => {
    expect(destiny(readName('Thomas'))).toEqual({ compound: 22, value: 22 });
  });
  it('takes the balance from the initials, keeping masters', () => {
    // B2 + I9 = 11.
    expect(balance(readName('Bob Ian')).value).toBe(11);
  });
  it('adds life path and destiny for maturity, keeping masters', () => {
    expect(maturity(11, 22)).toBe(33);
    expect(maturity(7, 8)).toBe(6);
  });
  it('lists the digits no letter of the name has', () => {
    expect(missingNumbers(readName('Abcdefghi'))).toEqual([]);
    expect(missingNumbers(readName('Ann'))).toEqual([2, 3, 4, 6, 7, 8, 9]);
  });
});

describe('karmic debts', () => {
  it('finds 13, 14, 16 and 19 as compounds and on the way down', () => {
    expect(karmicDebtOf({ compound: 19, value: 1 })).toBe(19);
    expect(karmicDebtOf({ compound: 49, value: 4 })).toBe(13); // 49 → 13 → 4
    expect(karmicDebtOf({ compound: 25, value: 7 })).toBeUndefined();
    expect(karmicDebtOf({ compound: 29, value: 11 })).toBeUndefined(); // stops at the master
  });
  it('reports each debt once with every core number it was found in', () => {
    // Born on the 19th with a life path of 19/1.
    const lp = lifePath(d(1990, 11, 25)); // 11 + 7 + 1 = 19
    expect(
      karmicDebts([
        ['life_path', lp],
        ['birthday_number', birthday(d(1990, 11, 19))],
        ['destiny_number', { compound: 14, value: 5 }],
      ]),
    ).toEqual([
      { number: 14, found_in: ['destiny_number'] },
      { number: 19, found_in: ['life_path', 'birthday_number'] },
    ]);
  });
});

describe('personal cycles', () => {
  it('reduces masters to one digit', () => {
    // Birth 11-29: 2 + 2 + (2029 → 13 → 4) = 8; a master 11 or 22 would be reduced.
    const c = personalCycle({ month: 11, day: 29 }, d(2029, 11, 11));
    expect(c).toEqual({ personal_year: 8, personal_month: 1, personal_day: 3, year: 2029 });
    // 2 + 9 + (2027 → 11 → 2) = 13 → 4, never 11 on the way.
    expect(personalCycle({ month: 2, day: 9 }, d(2027, 1, 1)).personal_year).toBe(4);
  });
});

describe('pinnacle and challenge ages', () => {
  it('ends the first pinnacle at 36 minus the one-digit life path', () => {
    expect(pinnacleAges(7)).toEqual([
      [0, 29],
      [30, 38],
      [39, 47],
      [48, Infinity],
    ]);
    expect(pinnacleAges(22)[0]).toEqual([0, 32]); // 22 counts as 4
  });
  it('gives four pinnacles and four challenges with their periods', () => {
    const dob = d(1949, 5, 15);
    expect(pinnacles(dob, 7).map((p) => p.period)).toEqual(['0-29', '30-38', '39-47', '48+']);
    expect(challenges(dob, 7).map((c) => [c.name, c.period])).toEqual([
      ['early', '0-29'],
      ['middle', '30-38'],
      ['later', '39+'],
      ['main', '0+'],
    ]);
  });
});

describe('Kua number', () => {
  it('counts a birth before 4 February in the previous solar year', () => {
    expect(solarYear(d(1990, 2, 3))).toBe(1989);
    expect(solarYear(d(1990, 2, 4))).toBe(1990);
    expect(solarYear(d(1990, 1, 31))).toBe(1989);
  });
  it('never gives 5: a male 5 is 2 and a female 5 is 8', () => {
    for (let y = 1900; y < 2100; y++) {
      expect(kuaNumber(y, 'male')).not.toBe(5);
      expect(kuaNumber(y, 'female')).not.toBe(5);
    }
    expect(kuaNumber(1995, 'male')).toBe(2); // 11 − 6 = 5 → 2
    expect(kuaNumber(1990, 'female')).toBe(8); // 1990 → 19 → 1; 1 + 4 = 5 → 8
  });
  it('gives each Kua its direction, group and four favourable directions', () => {
    expect(kuaDirections(1)).toEqual({ direction: 'North', group: 'East', favourable: ['South-East', 'East', 'South', 'North'] });
    expect(kuaDirections(8).group).toBe('West');
    for (const k of [1, 2, 3, 4, 6, 7, 8, 9]) {
      const dirs = kuaDirections(k);
      // The own direction is the fourth favourable one (fu wei), and all four are distinct.
      expect(dirs.favourable[3]).toBe(dirs.direction);
      expect(new Set(dirs.favourable).size).toBe(4);
    }
  });
});

describe('zodiac sign', () => {
  it('changes sign on the boundary days', () => {
    expect(zodiacSign(1, 19)).toBe('Capricorn');
    expect(zodiacSign(1, 20)).toBe('Aquarius');
    expect(zodiacSign(3, 20)).toBe('Pisces');
    expect(zodiacSign(3, 21)).toBe('Aries');
    expect(zodiacSign(7, 3)).toBe('Cancer');
    expect(zodiacSign(12, 21)).toBe('Sagittarius');
    expect(zodiacSign(12, 22)).toBe('Capricorn');
  });
});

describe('readings', () => {
  it('has a meaning for every life path, masters included', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 22, 33]) expect(lifePathMeaning(n)).toMatch(/\w/);
    expect(lifePathMeaning(22)).toMatch(/Master Builder/);
  });
  it('matches a life path with its family, masters as their digit', () => {
    expect(bestMatches(1)).toEqual([1, 5, 7]);
    expect(bestMatches(11)).toEqual([2, 4, 8]);
    expect(bestMatches(33)).toEqual([3, 6, 9]);
  });
});
