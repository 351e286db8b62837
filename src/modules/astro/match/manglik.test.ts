import { describe, expect, it } from 'vitest';
import { manglik, type ChartPoints } from './manglik.js';

// Longitudes by sign: 15 degrees into each, Mesha = 0.
const S = {
  Mesha: 15,
  Vrishabha: 45,
  Mithuna: 75,
  Karka: 105,
  Simha: 135,
  Kanya: 165,
  Tula: 195,
  Vrishchika: 225,
  Dhanu: 255,
  Makara: 285,
  Kumbha: 315,
  Meena: 345,
};
const chart = (p: Partial<ChartPoints>): ChartPoints => ({ lagna: S.Mesha, moon: S.Karka, mars: S.Tula, venus: S.Vrishabha, jupiter: S.Simha, ...p });
const applying = (m: ReturnType<typeof manglik>) => m.cancellations.filter((c) => c.applies).map((c) => c.rule);

describe('manglik dosha of a chart', () => {
  it("counts Mars's house by whole signs from the lagna, the Moon and Venus, and finds the dosha from the lagna (7th) and the Moon (4th)", () => {
    const m = manglik(chart({}), 'with_2nd');
    expect(m.houses).toEqual({ lagna: 7, moon: 4, venus: 6 });
    expect(m.dosha_from).toEqual(['lagna', 'moon']);
    expect(m).toMatchObject({ present: true, cancelled: false, manglik: true });
    expect(m.cancellations).toHaveLength(6);
  });

  it('finds no dosha, and names no cancellation, with Mars in the 3rd, 6th, 11th and so on', () => {
    const m = manglik(chart({ mars: S.Mithuna, moon: S.Simha, venus: S.Mithuna }), 'with_2nd');
    expect(m.houses).toEqual({ lagna: 3, moon: 11, venus: 1 });
    const n = manglik(chart({ mars: S.Mithuna, moon: S.Simha, venus: S.Mesha }), 'with_2nd');
    expect(n).toMatchObject({ present: false, cancellations: [], manglik: false });
  });

  it('counts the 2nd house only with kuja_houses=with_2nd', () => {
    const p = chart({ mars: S.Vrishabha, moon: S.Meena, venus: S.Meena });
    expect(manglik(p, 'with_2nd').dosha_from).toEqual(['lagna']);
    expect(manglik(p, 'without_2nd').present).toBe(false);
  });

  const cases: [string, Partial<ChartPoints>, string][] = [
    [
      'Mars exalted in Makara (4th from a Tula lagna)',
      { lagna: S.Tula, mars: S.Makara, moon: S.Mithuna, venus: S.Mithuna, jupiter: S.Mithuna },
      'mars_own_or_exalted',
    ],
    ['Mars in Simha in the lagna', { lagna: S.Simha, mars: S.Simha, moon: S.Tula, venus: S.Tula, jupiter: S.Tula }, 'mars_in_simha_or_kumbha'],
    [
      'Mars in Karka, 7th from a Makara lagna and Moon',
      { lagna: S.Makara, moon: S.Makara, mars: S.Karka, venus: S.Vrishabha, jupiter: S.Kanya },
      'house_sign_exception',
    ],
    ['Jupiter in Kumbha aspecting Mars in Tula (its 9th)', { jupiter: S.Kumbha, moon: S.Mithuna, venus: S.Mithuna }, 'jupiter_joins_or_aspects_mars'],
    ['Mars with the Moon in Tula', { moon: S.Tula, venus: S.Mithuna, jupiter: S.Karka }, 'mars_with_moon'],
    ['Venus in the lagna', { venus: S.Mesha, moon: S.Mithuna, jupiter: S.Karka }, 'jupiter_or_venus_in_lagna'],
  ];
  for (const [what, p, rule] of cases) {
    it(`cancels the dosha for ${what} (${rule}), and only that rule applies`, () => {
      const m = manglik(chart(p), 'with_2nd');
      expect(m.present).toBe(true);
      expect(applying(m)).toEqual([rule]);
      expect(m).toMatchObject({ cancelled: true, manglik: false });
    });
  }
});
