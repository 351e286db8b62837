// Manglik (kuja) dosha of one birth chart: Mars's house counted by whole signs from the lagna, the
// Moon and Venus, and the cancellations tradition names, each reported whether or not it applies.
// The pair-level cancellation (both partners manglik) is decided by the caller.

import { RASHIS } from '../calc/names.js';

/** The houses that make Mars a dosha: with the 2nd (South Indian and most software) or without (North). */
export const KUJA_HOUSES = {
  with_2nd: [1, 2, 4, 7, 8, 12],
  without_2nd: [1, 4, 7, 8, 12],
} as const;
export type KujaHouses = keyof typeof KUJA_HOUSES;

export interface ChartPoints {
  /** Sidereal longitudes. */
  lagna: number;
  moon: number;
  mars: number;
  venus: number;
  jupiter: number;
}

const sign = (lon: number): number => Math.floor((((lon % 360) + 360) % 360) / 30);
const house = (from: number, to: number): number => ((to - from + 12) % 12) + 1;

const MESHA = 0,
  VRISHABHA = 1,
  MITHUNA = 2,
  KARKA = 3,
  SIMHA = 4,
  KANYA = 5,
  TULA = 6,
  VRISHCHIKA = 7,
  DHANU = 8,
  MAKARA = 9,
  KUMBHA = 10,
  MEENA = 11;

/** Mars in these signs in that house (from the lagna or the Moon) raises no dosha: B. V. Raman's list, widely reprinted. */
const HOUSE_SIGN_EXCEPTIONS: Record<number, readonly number[]> = {
  1: [MESHA],
  2: [MITHUNA, KANYA],
  4: [MESHA, VRISHCHIKA],
  7: [KARKA, MAKARA],
  8: [DHANU, MEENA],
  12: [VRISHABHA, TULA],
};

export function manglik(p: ChartPoints, houses: KujaHouses) {
  const mars = sign(p.mars);
  const set: readonly number[] = KUJA_HOUSES[houses];
  const from = {
    lagna: house(sign(p.lagna), mars),
    moon: house(sign(p.moon), mars),
    venus: house(sign(p.venus), mars),
  };
  const dosha_from = (Object.keys(from) as (keyof typeof from)[]).filter((k) => set.includes(from[k]));
  const present = dosha_from.length > 0;
  const jupiter = sign(p.jupiter);
  const jupiterAspects = [1, 5, 7, 9].includes(house(jupiter, mars)); // conjunct, or its 5th, 7th, 9th aspect
  const rules = [
    {
      rule: 'mars_own_or_exalted',
      description: 'Mars in its own sign (Mesha, Vrishchika) or exalted (Makara)',
      applies: [MESHA, VRISHCHIKA, MAKARA].includes(mars),
    },
    { rule: 'mars_in_simha_or_kumbha', description: 'Mars in Simha or Kumbha', applies: mars === SIMHA || mars === KUMBHA },
    {
      rule: 'house_sign_exception',
      description:
        'Mars in the 1st in Mesha, 2nd in Mithuna or Kanya, 4th in Mesha or Vrishchika, 7th in Karka or Makara, 8th in Dhanu or Meena, 12th in Vrishabha or Tula (from every point that raises the dosha)',
      applies: present && dosha_from.every((k) => HOUSE_SIGN_EXCEPTIONS[from[k]]?.includes(mars) ?? false),
    },
    {
      rule: 'jupiter_joins_or_aspects_mars',
      description: 'Jupiter in the same sign as Mars or aspecting it (5th, 7th or 9th from Jupiter)',
      applies: jupiterAspects,
    },
    { rule: 'mars_with_moon', description: 'Mars with the Moon in one sign (Chandra-Mangala yoga)', applies: mars === sign(p.moon) },
    { rule: 'jupiter_or_venus_in_lagna', description: 'Jupiter or Venus in the lagna', applies: jupiter === sign(p.lagna) || sign(p.venus) === sign(p.lagna) },
  ];
  const cancellations = present ? rules : [];
  const cancelled = cancellations.some((c) => c.applies);
  return {
    computed: true as const,
    mars: { rashi: mars + 1, rashi_name: RASHIS[mars]! },
    houses: from,
    dosha_houses: [...set],
    dosha_from,
    present,
    cancellations,
    cancelled,
    manglik: present && !cancelled,
  };
}
export type Manglik = ReturnType<typeof manglik>;

export const NOT_COMPUTED = {
  computed: false as const,
  reason: 'needs the birth chart (Mars, the lagna, the Moon and Venus): it cannot be computed from a nakshatra and pada alone',
};
