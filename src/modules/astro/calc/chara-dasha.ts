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

const SAVYA = new Set([0, 1, 2, 6, 7, 8]);
const step = (sign: number) => (SAVYA.has(sign) ? 1 : -1);

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
  const first: Lord[] = [];
  for (let i = 0; i < 12; i++) {
    const sign = (((f.lagna + dir * i) % 12) + 12) % 12;
    first.push({ lord: RASHIS[sign]!, name: RASHIS[sign]!, years: charaYears(f, sign) });
  }
  const second = first.map((l) => ({ ...l, years: 12 - l.years })).filter((l) => l.years > 0);
  return [...first, ...second];
}

/** Antardashas (and pratyantaras) of a sign: the twelve signs in equal parts, as described above. */
export const charaDivide: Divide = (md) => {
  const sign = RASHIS.indexOf(md.lord as (typeof RASHIS)[number]);
  const dir = step(sign);
  return Array.from({ length: 12 }, (_, i) => {
    const s = (((sign + dir * (i + 1)) % 12) + 12) % 12;
    return { lord: { lord: RASHIS[s]!, name: RASHIS[s]!, years: 0 }, share: 1 / 12 };
  });
};
