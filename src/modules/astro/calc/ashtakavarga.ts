// Ashtakavarga (BPHS ch. 66–67): for each of the seven grahas, the houses counted from each of
// the eight contributors (seven grahas and the lagna) where that contributor gives a bindu.
// Bhinna (BAV) totals are fixed: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52,
// Saturn 39; the Sarva (SAV) is their sum per sign, 337 in all. Rahu and Ketu take no part.
// The rows are those of P.V.R. Narasimha Rao's "Vedic Astrology: An Integrated Approach" (which
// reproduces its worked examples exactly; see ashtakavarga.test.ts).

const CONTRIBUTORS = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Lg'] as const;
export type Contributor = (typeof CONTRIBUTORS)[number];
export const BAV_GRAHAS = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const;
type BavGraha = (typeof BAV_GRAHAS)[number];

/** Houses (1..12) from each contributor, in the order of CONTRIBUTORS. */
const TABLE: Record<BavGraha, readonly (readonly number[])[]> = {
  Su: [
    [1, 2, 4, 7, 8, 9, 10, 11],
    [3, 6, 10, 11],
    [1, 2, 4, 7, 8, 9, 10, 11],
    [3, 5, 6, 9, 10, 11, 12],
    [5, 6, 9, 11],
    [6, 7, 12],
    [1, 2, 4, 7, 8, 9, 10, 11],
    [3, 4, 6, 10, 11, 12],
  ],
  Mo: [
    [3, 6, 7, 8, 10, 11],
    [1, 3, 6, 7, 9, 10, 11],
    [2, 3, 5, 6, 10, 11],
    [1, 3, 4, 5, 7, 8, 10, 11],
    [1, 2, 4, 7, 8, 10, 11],
    [3, 4, 5, 7, 9, 10, 11],
    [3, 5, 6, 11],
    [3, 6, 10, 11],
  ],
  Ma: [
    [3, 5, 6, 10, 11],
    [3, 6, 11],
    [1, 2, 4, 7, 8, 10, 11],
    [3, 5, 6, 11],
    [6, 10, 11, 12],
    [6, 8, 11, 12],
    [1, 4, 7, 8, 9, 10, 11],
    [1, 3, 6, 10, 11],
  ],
  Me: [
    [5, 6, 9, 11, 12],
    [2, 4, 6, 8, 10, 11],
    [1, 2, 4, 7, 8, 9, 10, 11],
    [1, 3, 5, 6, 9, 10, 11, 12],
    [6, 8, 11, 12],
    [1, 2, 3, 4, 5, 8, 9, 11],
    [1, 2, 4, 7, 8, 9, 10, 11],
    [1, 2, 4, 6, 8, 10, 11],
  ],
  Ju: [
    [1, 2, 3, 4, 7, 8, 9, 10, 11],
    [2, 5, 7, 9, 11],
    [1, 2, 4, 7, 8, 10, 11],
    [1, 2, 4, 5, 6, 9, 10, 11],
    [1, 2, 3, 4, 7, 8, 10, 11],
    [2, 5, 6, 9, 10, 11],
    [3, 5, 6, 12],
    [1, 2, 4, 5, 6, 7, 9, 10, 11],
  ],
  Ve: [
    [8, 11, 12],
    [1, 2, 3, 4, 5, 8, 9, 11, 12],
    [3, 4, 6, 9, 11, 12],
    [3, 5, 6, 9, 11],
    [5, 8, 9, 10, 11],
    [1, 2, 3, 4, 5, 8, 9, 10, 11],
    [3, 4, 5, 8, 9, 10, 11],
    [1, 2, 3, 4, 5, 8, 9, 11],
  ],
  Sa: [
    [1, 2, 4, 7, 8, 10, 11],
    [3, 6, 11],
    [3, 5, 6, 10, 11, 12],
    [6, 8, 9, 10, 11, 12],
    [5, 6, 11, 12],
    [6, 11, 12],
    [3, 5, 6, 11],
    [1, 3, 4, 6, 10, 11],
  ],
};

export interface Ashtakavarga {
  /** Bindus per sign (Aries first) for each graha. */
  bhinna: Record<BavGraha, number[]>;
  bhinna_totals: Record<BavGraha, number>;
  sarvashtakavarga: number[];
  total_bindus: number;
}

/** From the signs (1..12) the seven grahas and the lagna occupy in the rashi chart. */
export function ashtakavarga(signs: Record<Contributor, number>): Ashtakavarga {
  const bhinna = {} as Record<BavGraha, number[]>;
  const totals = {} as Record<BavGraha, number>;
  const sarva = new Array<number>(12).fill(0);
  for (const g of BAV_GRAHAS) {
    const row = new Array<number>(12).fill(0);
    TABLE[g].forEach((houses, c) => {
      const from = signs[CONTRIBUTORS[c]!] - 1;
      for (const h of houses) row[(from + h - 1) % 12]! += 1;
    });
    bhinna[g] = row;
    totals[g] = row.reduce((a, b) => a + b, 0);
    row.forEach((n, i) => (sarva[i]! += n));
  }
  return { bhinna, bhinna_totals: totals, sarvashtakavarga: sarva, total_bindus: sarva.reduce((a, b) => a + b, 0) };
}
