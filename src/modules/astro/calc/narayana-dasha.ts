// Narayana dasha, as P. V. R. Narasimha Rao teaches it (*Vedic Astrology: An Integrated Approach*,
// ch. 20; his "Computing Narayana Dasa" notes):
// - the dasha seed is the stronger of the lagna and the 7th (rules of strength below);
// - the order runs forward when the 9th from the seed is odd-footed (Mesha, Vrishabha, Mithuna,
//   Tula, Vrishchika, Dhanu), backward otherwise: a movable seed takes the signs one by one, a fixed
//   seed every 6th sign, a dual seed its trines (1st, 5th, 9th) and then the trines of the 10th;
// - exceptions: Saturn in the seed gives the signs one by one, forward; Ketu in it reverses the
//   direction (Ketu is looked at first);
// - years as Chara dasha (count to the lord, forward for odd-footed signs; own sign 12; exalted +1,
//   debilitated -1), but Mercury's exaltation in Kanya counts as its own sign only (PVR's note);
//   the second cycle 12 less the first;
// - antardashas: twelve equal parts from the stronger of the signs holding the lords of the dasha
//   sign and of its 7th, forward from an odd sign and backward from an even one; Saturn there makes
//   it forward, Ketu in the dasha sign reverses it (the reckoning of Jagannatha Hora and PyJHora);
//   pratyantaras the same rule applied to the antardasha's sign.

import { charaLord, charaYears, equalParts, mod12, signPeriod, step, twoCycles } from './chara-dasha.js';
import { EXALTATION, SIGN_LORD, isExalted, type ChartFacts } from './facts.js';
import { RASHIS, type Graha } from './names.js';
import type { Divide, Lord } from './dasha-systems.js';

/** 0 movable, 1 fixed, 2 dual. */
const nature = (sign: number) => sign % 3;

/** Jaimini's rasi drishti: movable signs aspect the fixed ones but the next, fixed the movable but the one before, duals each other. */
export function signAspects(from: number, to: number): boolean {
  if (from === to) return false;
  if (nature(from) === 2) return nature(to) === 2;
  if (nature(from) === 0) return nature(to) === 1 && to !== mod12(from + 1);
  return nature(to) === 0 && to !== mod12(from - 1);
}

/** The signs' rules of strength (PVR, after Sanjay Rath): the first that decides. */
export function strongerSign(f: ChartFacts, a: number, b: number): number {
  const pick = (x: number, y: number) => (x > y ? a : x < y ? b : null);
  const count = (s: number) => f.occupants[s]!.length;
  // Jupiter, Mercury and the sign's own lord, each in the sign or aspecting it.
  const helpers = (s: number) => (['Ju', 'Me', SIGN_LORD[s]!] as Graha[]).filter((g) => f.sign[g] === s || signAspects(f.sign[g], s)).length;
  const exalted = (s: number) => (f.occupants[s]!.some((g) => isExalted(g, s)) ? 1 : 0);
  // A lord in a sign of the other oddity (odd/even) from the sign it owns.
  const otherOddity = (s: number) => (f.sign[SIGN_LORD[s]!] % 2 !== s % 2 ? 1 : 0);
  const degree = (s: number) => {
    const g = charaLord(f, s) ?? SIGN_LORD[s]!;
    return f.lon[g] - f.sign[g] * 30;
  };
  return (
    pick(count(a), count(b)) ??
    pick(helpers(a), helpers(b)) ??
    pick(exalted(a), exalted(b)) ??
    pick(otherOddity(a), otherOddity(b)) ??
    pick(nature(a), nature(b)) ??
    (degree(a) >= degree(b) ? a : b)
  );
}

/** The twelve dasha signs from the seed, in order. */
export function narayanaOrder(f: ChartFacts, seed: number): number[] {
  const ketu = f.sign.Ke === seed;
  if (!ketu && f.sign.Sa === seed) return Array.from({ length: 12 }, (_, i) => mod12(seed + i));
  const dir = step(mod12(seed + 8)) * (ketu ? -1 : 1);
  if (nature(seed) === 0) return Array.from({ length: 12 }, (_, i) => mod12(seed + dir * i));
  if (nature(seed) === 1) return Array.from({ length: 12 }, (_, i) => mod12(seed + dir * 5 * i));
  return Array.from({ length: 12 }, (_, i) => {
    const base = seed + dir * 9 * Math.floor(i / 3);
    return mod12(base + dir * [0, 4, 8][i % 3]!);
  });
}

/** Years of a sign in the first cycle: Chara's, Mercury in Kanya taken as in its own sign only. */
export function narayanaYears(f: ChartFacts, sign: number): number {
  const years = charaYears(f, sign);
  const mercuryInKanya = charaLord(f, sign) === 'Me' && f.sign.Me === EXALTATION.Me.sign;
  return mercuryInKanya ? years - 1 : years;
}

/** The seed and the mahadashas: two cycles, the second 12 less the first (periods of 0 left out). */
export function narayanaMahas(f: ChartFacts): { seed: number; mahas: Lord[] } {
  const seed = strongerSign(f, f.lagna, mod12(f.lagna + 6));
  return { seed, mahas: twoCycles(narayanaOrder(f, seed).map((s) => signPeriod(s, narayanaYears(f, s)))) };
}

/** Antardashas (and pratyantaras) of a sign, as described above. */
export function narayanaDivide(f: ChartFacts): Divide {
  return (md) => {
    const sign = RASHIS.indexOf(md.lord as (typeof RASHIS)[number]);
    const lordSign = (s: number) => f.sign[charaLord(f, s) ?? SIGN_LORD[s]!];
    const start = strongerSign(f, lordSign(sign), lordSign(mod12(sign + 6)));
    let dir = start % 2 === 0 ? 1 : -1;
    if (f.sign.Sa === start) dir = 1;
    if (f.sign.Ke === sign) dir = -dir;
    return equalParts((i) => mod12(start + dir * i));
  };
}
