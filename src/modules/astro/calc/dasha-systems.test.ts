// The rules of the further dashas on hand-built positions: Yogini's and Ashtottari's first lord and
// balance, Ashtottari's condition, Chara dasha's years and stronger lord.

import { describe, expect, it } from 'vitest';
import { ASHTOTTARI, YOGINIS, ashtottariApplies, ashtottariSeed, yoginiSeed } from './dasha-systems.js';
import { charaLord, charaMahas, charaYears, charaDivide } from './chara-dasha.js';
import { chartFacts } from './facts.js';
import { NAKSHATRA_SPAN } from './names.js';

const N = NAKSHATRA_SPAN;
const still = { Su: 1, Mo: 13, Ma: 0.5, Me: 1, Ju: 0.1, Ve: 1, Sa: 0.05, Ra: -0.05 };
/** Longitudes by sign (0-based) and degree. */
const at = (sign: number, deg = 10) => sign * 30 + deg;

describe('Yogini', () => {
  it('counts the nakshatra number plus 3 round the eight yoginis: Ashwini gives Bhramari, Swati Pingala, Ardra Mangala', () => {
    expect(YOGINIS[yoginiSeed(0).first]!.name).toMatch(/Bhramari/);
    expect(YOGINIS[yoginiSeed(14 * N + 1).first]!.name).toMatch(/Pingala/);
    expect(YOGINIS[yoginiSeed(5 * N).first]!.name).toMatch(/Mangala/);
  });
  it('leaves the part of the nakshatra still to run', () => {
    expect(yoginiSeed(14 * N + N / 4).elapsed).toBeCloseTo(0.25, 9);
  });
});

describe('Ashtottari', () => {
  it('gives the Sun from Ardra, Venus over Krittika to Mrigashira and Rahu from Uttara Bhadrapada through Bharani', () => {
    expect(ASHTOTTARI[ashtottariSeed(5 * N).first]!.lord).toBe('Su');
    expect(ASHTOTTARI[ashtottariSeed(4 * N + 1).first]!.lord).toBe('Ve');
    expect(ASHTOTTARI[ashtottariSeed(1 * N).first]!.lord).toBe('Ra');
    expect(ASHTOTTARI[ashtottariSeed(25 * N).first]!.lord).toBe('Ra');
    // Saturn holds three stars (Purva Ashadha, Uttara Ashadha, Shravana): Dhanishta is Jupiter's.
    expect(ASHTOTTARI[ashtottariSeed(21 * N + 1).first]!.lord).toBe('Sa');
    expect(ASHTOTTARI[ashtottariSeed(22 * N + 1).first]!.lord).toBe('Ju');
  });
  it('measures the balance over the whole group: half-way through Rahu’s four stars is Ashwini’s start', () => {
    expect(ashtottariSeed(0).elapsed).toBeCloseTo(0.5, 9);
    expect(ashtottariSeed(1 * N).elapsed).toBeCloseTo(0.75, 9);
    expect(ASHTOTTARI.reduce((s, l) => s + l.years, 0)).toBe(108);
    expect(ASHTOTTARI.reduce((s, l) => s + l.stars, 0)).toBe(27);
  });
  it('applies when Rahu is in a kendra or trikona from the lagna lord, never when Rahu is in the lagna', () => {
    expect(ashtottariApplies(0, 4, 7)).toBe(true); // 4th from the lord
    expect(ashtottariApplies(0, 4, 8)).toBe(true); // 5th
    expect(ashtottariApplies(0, 4, 9)).toBe(false); // 6th
    expect(ashtottariApplies(0, 0, 0)).toBe(false); // Rahu in the lagna with its lord
  });
});

describe('Chara dasha (K. N. Rao)', () => {
  // Mesha lagna; the 9th (Dhanu) is savya, so the dasha runs forward.
  const lon = { Su: at(0), Mo: at(3), Ma: at(9, 5), Me: at(5), Ju: at(8), Ve: at(2), Sa: at(11), Ra: at(1) };
  const f = chartFacts(lon, still, at(0, 1));

  it('counts forward for a savya sign and backward for the others, the lord’s own sign giving 12', () => {
    // Mesha (savya): Mars in Makara is 9 signs on, and exalted there: 9 + 1.
    expect(charaYears(f, 0)).toBe(10);
    // Karka (apasavya): back from Karka to the Moon in Karka: own sign.
    expect(charaYears(f, 3)).toBe(12);
    // Simha (apasavya): back from Simha to the Sun in Mesha, 4 signs, and exalted: 5.
    expect(charaYears(f, 4)).toBe(5);
    // Kanya: Mercury in Kanya, own and exalted: 13.
    expect(charaYears(f, 5)).toBe(13);
  });

  it('takes the lord outside the sign for Kumbha and Vrishchika, then the one with more company', () => {
    const g = chartFacts({ ...lon, Sa: at(10), Ra: at(4) }, still, at(0, 1));
    expect(charaLord(g, 10)).toBe('Ra');
    // Mars alone in Makara, Ketu (opposite Rahu in Vrishabha) in Vrishchika itself: Mars.
    expect(charaLord(f, 7)).toBe('Ma');
    const h = chartFacts({ ...lon, Ra: at(3) }, still, at(0, 1));
    // Ketu in Makara with Mars: both outside, equal company; Mars is exalted there.
    expect(charaLord(h, 7)).toBe('Ma');
  });

  it('runs from the lagna in the dasha’s direction, the second cycle 12 less the first', () => {
    const m = charaMahas(f);
    expect(m.slice(0, 3).map((x) => x.lord)).toEqual(['Mesha', 'Vrishabha', 'Mithuna']);
    const second = m.slice(12);
    expect(second[0]).toMatchObject({ lord: 'Mesha', years: 2 });
    expect(second.every((x) => x.years > 0)).toBe(true);
  });

  it('divides a sign into twelve equal parts from the next sign in its direction, its own last', () => {
    const a = charaDivide({ lord: 'Simha', name: 'Simha', years: 5 }, 0);
    expect(a.map((x) => x.lord.lord).slice(0, 2)).toEqual(['Karka', 'Mithuna']);
    expect(a[11]!.lord.lord).toBe('Simha');
    expect(a.every((x) => x.share === 1 / 12)).toBe(true);
  });
});
