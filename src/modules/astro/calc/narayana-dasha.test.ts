// Narayana dasha's rules on hand-built positions, against the examples of P. V. R. Narasimha Rao's
// "Computing Narayana Dasa" notes (orders and years) and the rules of strength.

import { describe, expect, it } from 'vitest';
import { narayanaDivide, narayanaMahas, narayanaOrder, narayanaYears, signAspects, strongerSign } from './narayana-dasha.js';
import { charaYears } from './chara-dasha.js';
import { chartFacts } from './facts.js';
import { RASHIS } from './names.js';

const still = { Su: 1, Mo: 13, Ma: 0.5, Me: 1, Ju: 0.1, Ve: 1, Sa: 0.05, Ra: -0.05 };
const at = (sign: number, deg = 10) => sign * 30 + deg;
const SHORT = ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'];
const names = (signs: number[]) => signs.map((s) => SHORT[s]);
const base = { Su: at(0), Mo: at(3), Ma: at(9), Me: at(5), Ju: at(8), Ve: at(2), Sa: at(11), Ra: at(1) };
// Saturn in Meena, Rahu in Vrishabha and Ketu in Vrishchika: none of them in the seeds tried below.
const f = chartFacts(base, still, at(0, 1));

describe('Narayana dasha order', () => {
  it('follows the 9th from the seed and the seed’s nature, as PVR’s examples give them', () => {
    expect(names(narayanaOrder(f, 0)).slice(0, 4)).toEqual(['Ar', 'Ta', 'Ge', 'Cn']);
    expect(names(narayanaOrder(f, 3)).slice(0, 4)).toEqual(['Cn', 'Ge', 'Ta', 'Ar']);
    expect(names(narayanaOrder(f, 4)).slice(0, 5)).toEqual(['Le', 'Cp', 'Ge', 'Sc', 'Ar']);
    expect(names(narayanaOrder(f, 5)).slice(0, 8)).toEqual(['Vi', 'Cp', 'Ta', 'Ge', 'Li', 'Aq', 'Pi', 'Cn']);
    expect(names(narayanaOrder(f, 2)).slice(0, 8)).toEqual(['Ge', 'Aq', 'Li', 'Vi', 'Ta', 'Cp', 'Sg', 'Le']);
    expect(new Set(narayanaOrder(f, 1)).size).toBe(12);
    expect(names(narayanaOrder(f, 1)).slice(0, 6)).toEqual(['Ta', 'Sg', 'Cn', 'Aq', 'Vi', 'Ar']);
  });

  it('goes sign by sign forward with Saturn in the seed, and reverses with Ketu there', () => {
    const saturn = chartFacts({ ...base, Sa: at(1) }, still, at(1, 1));
    expect(names(narayanaOrder(saturn, 1)).slice(0, 3)).toEqual(['Ta', 'Ge', 'Cn']);
    // Ketu in Simha (Rahu in Kumbha): Simha's every-6th order runs backward.
    const ketu = chartFacts({ ...base, Ra: at(10) }, still, at(4, 1));
    expect(names(narayanaOrder(ketu, 4)).slice(0, 3)).toEqual(['Le', 'Pi', 'Li']);
  });
});

describe('Narayana dasha years and strength', () => {
  it('counts years as PVR’s examples do: Mesha 2, 6, 10, 12 for Mars in Mithuna, Tula, Kumbha, Mesha; 10 exalted, 2 debilitated', () => {
    const mesha = (sign: number) => narayanaYears(chartFacts({ ...base, Ma: at(sign) }, still, at(0, 1)), 0);
    expect([2, 6, 10, 0, 9, 3].map(mesha)).toEqual([2, 6, 10, 12, 10, 2]);
    // Simha (even-footed, counted backward): the Sun in Mithuna 2, Kumbha 6, Vrishchika 9, Simha 12, Mesha 4 + 1.
    const simha = (sign: number) => narayanaYears(chartFacts({ ...base, Su: at(sign) }, still, at(0, 1)), 4);
    expect([2, 10, 7, 4, 0].map(simha)).toEqual([2, 6, 9, 12, 5]);
  });

  it('takes Mercury in Kanya as in its own sign: Kanya 12 (Chara adds the exaltation year)', () => {
    expect(narayanaYears(f, 5)).toBe(12);
    expect(charaYears(f, 5)).toBe(13);
    // Mithuna counted to Mercury in Kanya: 3, no year added.
    expect(narayanaYears(f, 2)).toBe(3);
  });

  it('reads Jaimini’s sign aspects: movable on fixed but the next, fixed on movable but the one before, dual on dual', () => {
    expect([4, 7, 10, 1].map((s) => signAspects(0, s))).toEqual([true, true, true, false]);
    expect([3, 6, 9, 0].map((s) => signAspects(1, s))).toEqual([true, true, true, false]);
    expect([5, 8, 11, 2].map((s) => signAspects(2, s))).toEqual([true, true, true, false]);
  });

  it('finds the stronger sign by grahas, then Jupiter, Mercury or the lord with it, then the later rules', () => {
    // Mesha holds the Sun, Tula nothing: Mesha.
    expect(strongerSign(f, 0, 6)).toBe(0);
    // Karka holds the Moon, its lord; Makara holds Mars, not its lord, with no Jupiter or Mercury aspect.
    expect(strongerSign(f, 9, 3)).toBe(3);
    // Both empty, no helpers, lords on the same oddity: the dual sign over the fixed.
    const g = chartFacts({ ...base, Mo: at(0) }, still, at(0, 1));
    expect(strongerSign(g, 10, 11)).toBe(11);
  });
});

describe('Narayana dasha periods', () => {
  it('starts from the stronger of the lagna and the 7th and runs two cycles, the second 12 less the first', () => {
    const { seed, mahas } = narayanaMahas(f);
    // Mesha lagna holding the Sun; Tula empty.
    expect(seed).toBe(0);
    expect(mahas[0]).toMatchObject({ lord: 'Mesha', years: narayanaYears(f, 0) });
    expect(mahas.slice(12).every((m) => m.years > 0)).toBe(true);
  });

  it('divides a dasha into twelve equal parts from the stronger sign holding the lords of the dasha sign and its 7th', () => {
    // Mesha: Mars in Makara; Tula's lord Venus in Mithuna. Makara and Mithuna each hold one graha;
    // Mercury (in Kanya) aspects Mithuna: Mithuna, odd, so forward.
    const a = narayanaDivide(f)({ lord: RASHIS[0], name: RASHIS[0], years: 10 }, 0);
    expect(names(a.map((x) => RASHIS.indexOf(x.lord.lord as (typeof RASHIS)[number])).slice(0, 3))).toEqual(['Ge', 'Cn', 'Le']);
    expect(a.every((x) => x.share === 1 / 12)).toBe(true);
  });
});
