// The core numbers: life path from the date, destiny (expression), soul urge, personality
// and balance from the name, maturity from both; karmic debts; missing numbers.
//
// Conventions (docs/decisions/numerology-conventions.md):
// - Life path: month, day and year are each reduced keeping 11/22/33, then added and
//   reduced keeping masters (Decoz). 1977-05-04 → 5 + 4 + 6 = 15 → 6, not the 33 a
//   digit sum of the whole date gives.
// - Name numbers: each name (word) is summed and reduced keeping masters, the results are
//   added and reduced keeping masters. Thomas Cruise Mapother → 22 + 3 + 6 = 31 → 4.
// - Each number keeps its compound (the total before the final reduction, "31/4"), where
//   karmic debts are read.

import { isMaster, reduceKeepMasters, digitSum } from './reduce.js';
import type { CalendarDate } from './dates.js';
import type { NameReading, WordSums } from './letters.js';

/** A number with the compound it was reduced from: 31/4 is { compound: 31, value: 4 }. */
export interface Compound {
  readonly compound: number;
  readonly value: number;
}

const compound = (total: number): Compound => ({ compound: total, value: reduceKeepMasters(total) });

/** The date's month, day and year, each reduced keeping masters (also the pinnacle inputs). */
export function dateParts(d: CalendarDate): { month: number; day: number; year: number } {
  return { month: reduceKeepMasters(d.month), day: reduceKeepMasters(d.day), year: reduceKeepMasters(d.year) };
}

export function lifePath(d: CalendarDate): Compound {
  const p = dateParts(d);
  return compound(p.month + p.day + p.year);
}

/** A name number: each word's sum of `pick` reduced keeping masters, added, reduced again. */
function byWord(words: readonly WordSums[], pick: (w: WordSums) => number): Compound {
  // A single name has no sum of names: its own total is the compound (SARAH = 12/3).
  if (words.length === 1) return compound(pick(words[0]));
  let total = 0;
  for (const w of words) total += reduceKeepMasters(pick(w));
  return compound(total);
}

export const destiny = (n: NameReading): Compound => byWord(n.words, (w) => w.pythagorean);
export const destinyChaldean = (n: NameReading): Compound => byWord(n.words, (w) => w.chaldean);
export const soulUrge = (n: NameReading): Compound => byWord(n.words, (w) => w.vowels);
export const personality = (n: NameReading): Compound => byWord(n.words, (w) => w.consonants);

/** Balance: the initials of the names added (J + P + H = 16/7 for John Peter Hancock). */
export function balance(n: NameReading): Compound {
  let total = 0;
  for (const w of n.words) total += w.initial;
  return compound(total);
}

/** Maturity: life path plus destiny, reduced keeping masters. */
export const maturity = (lifePathValue: number, destinyValue: number): number => reduceKeepMasters(lifePathValue + destinyValue);

/** Birthday number: the day of birth as it is (1-31), as Decoz reads it. */
export const birthday = (d: CalendarDate): Compound => compound(d.day);

/** Digits 1-9 that no letter of the name has (the karmic lessons), ascending. */
export function missingNumbers(n: NameReading): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if ((n.digitsPresent & (1 << d)) === 0) out.push(d);
  return out;
}

/** The karmic debt numbers, as the unreduced total a core number passes through. */
const KARMIC_DEBTS: readonly number[] = [13, 14, 16, 19];
export type KarmicField = 'life_path' | 'destiny_number' | 'soul_urge' | 'personality_number' | 'birthday_number';
export interface KarmicDebt {
  number: number;
  found_in: KarmicField[];
}

const isKarmic = (n: number): boolean => KARMIC_DEBTS.includes(n);

/** The karmic debt a compound passes through on its way down (49 → 13 → 4 carries 13), if any. */
export function karmicDebtOf(c: Compound): number | undefined {
  let n = c.compound;
  while (n > 9 && !isMaster(n)) {
    if (isKarmic(n)) return n;
    n = digitSum(n);
  }
  return undefined;
}

/** The karmic debts (KARMIC_DEBTS) in the core numbers, one entry per debt with where it was found. */
export function karmicDebts(cores: ReadonlyArray<readonly [KarmicField, Compound]>): KarmicDebt[] {
  // One pass over the cores (each carries at most one debt), not one per debt: most reports
  // have none, and this runs on every request.
  const out: KarmicDebt[] = [];
  for (const [field, c] of cores) {
    const debt = karmicDebtOf(c);
    if (debt === undefined) continue;
    const entry = out.find((e) => e.number === debt);
    if (entry) entry.found_in.push(field);
    else out.push({ number: debt, found_in: [field] });
  }
  // Listed by debt, ascending.
  return out.sort((a, b) => a.number - b.number);
}
