// Jaimini Chara dasha as K. N. Rao teaches it (*Predicting through Jaimini's Chara Dasha*), the
// reckoning Jagannatha Hora calls "K.N. Rao" and PyJHora's chara_method=2:
// - the dasha starts from the lagna and runs forward through the zodiac when the 9th from the
//   lagna is a savya sign (Mesha, Vrishabha, Mithuna, Tula, Vrishchika, Dhanu), backward otherwise;
// - a sign's years: count from it to its lord's sign, forward for a savya sign, backward for the
//   others, the sign itself not counted; the lord in its own sign gives 12; an exalted lord adds a
//   year, a debilitated one takes a year away;
// - Vrishchika (Mars, Ketu) and Kumbha (Saturn, Rahu) take the stronger lord: the one outside the
//   sign when the other is in it (both in it: 12 years); else the one with more grahas; else the
//   exalted one; else the one further on in its sign;
// - the second cycle gives each sign 12 less its first years (periods of 0 years are left out);
// - antardashas: the 12 signs in equal parts, from the sign after the mahadasha's sign, in the
//   direction of that sign (forward for savya), the mahadasha's own sign last; pratyantaras the same.

import { isDebilitated, isExalted, SIGN_LORD, type ChartFacts } from './facts.js';
import { RASHIS, type Graha } from './names.js';
import type { Divide, Lord } from './dasha-systems.js';

/** Savya (odd-footed) signs: Mesha, Vrishabha, Mithuna, Tula, Vrishchika, Dhanu. */
const SAVYA = new Set([0, 1, 2, 6, 7, 8]);
/** +1 for a savya sign, -1 for the others: the direction the sign dashas count in. */
export const step = (sign: number) => (SAVYA.has(sign) ? 1 : -1);
/** A sign number brought into 0..11. */
export const mod12 = (n: number) => ((n % 12) + 12) % 12;
/** A sign as a dasha period of `years`. */
export const signPeriod = (sign: number, years: number): Lord => ({ lord: RASHIS[sign]!, name: RASHIS[sign]!, years });
/** The two cycles of a sign dasha: the second gives each sign 12 less its first years (periods of 0 left out). */
export const twoCycles = (first: Lord[]): Lord[] => [...first, ...first.map((l) => ({ ...l, years: 12 - l.years })).filter((l) => l.years > 0)];
/** Twelve equal sub-periods of the signs `at(0..11)`. */
export const equalParts = (at: (i: number) => number): ReturnType<Divide> =>
  Array.from({ length: 12 }, (_, i) => ({ lord: signPeriod(at(i), 0), share: 1 / 12 }));

/** The lord of a sign that counts for Chara dasha: the stronger of two for Vrishchika and Kumbha; null when both are in it. */
export function charaLord(f: ChartFacts, sign: number): Graha | null {
  const own = SIGN_LORD[sign]!;
  const other: Graha | undefined = sign === 7 ? 'Ke' : sign === 10 ? 'Ra' : undefined;
  if (!other) return own;
  const inA = f.sign[own] === sign;
  const inB = f.sign[other] === sign;
  if (inA && inB) return null;
  if (inA !== inB) return inA ? other : own;
  const company = (g: Graha) => f.occupants[f.sign[g]]!.length - 1;
  if (company(own) !== company(other)) return company(own) > company(other) ? own : other;
  if (isExalted(own, f.sign[own]) !== isExalted(other, f.sign[other])) return isExalted(own, f.sign[own]) ? own : other;
  const deg = (g: Graha) => f.lon[g] - f.sign[g] * 30;
  return deg(own) >= deg(other) ? own : other;
}

/** Years of a sign in the first cycle. */
export function charaYears(f: ChartFacts, sign: number): number {
  const lord = charaLord(f, sign);
  if (lord === null) return 12;
  const at = f.sign[lord];
  const count = step(sign) === 1 ? (at - sign + 12) % 12 : (sign - at + 12) % 12;
  let years = count === 0 ? 12 : count;
  if (isExalted(lord, at)) years += 1;
  if (isDebilitated(lord, at)) years -= 1;
  return years;
}

/** The mahadashas: two cycles of the twelve signs from the lagna, in the dasha's direction. */
export function charaMahas(f: ChartFacts): Lord[] {
  const dir = step((f.lagna + 8) % 12);
  const first = Array.from({ length: 12 }, (_, i) => mod12(f.lagna + dir * i)).map((sign) => signPeriod(sign, charaYears(f, sign)));
  return twoCycles(first);
}

/** Antardashas (and pratyantaras) of a sign: the twelve signs in equal parts, as described above. */
export const charaDivide: Divide = (md) => {
  const sign = RASHIS.indexOf(md.lord as (typeof RASHIS)[number]);
  const dir = step(sign);
  return equalParts((i) => mod12(sign + dir * (i + 1)));
};
