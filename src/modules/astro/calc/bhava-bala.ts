// Bhava bala, the strength of the twelve houses (BPHS 27.36-40; Raman, *Graha and Bhava Balas*
// ch. IX): the shadbala of the bhava's lord, the bhava's dig bala by the kind of its sign, and the
// aspects it receives. Bhavas are Sripati's, as Raman computes them: the lagna, nadir, descendant
// and midheaven as the middles of the 1st, 4th, 7th and 10th, the arcs between trisected.

import { drishtiValue } from './drishti.js';
import { isBenefic, SEVEN, SIGN_LORD, signOf, type ChartFacts, type Seven } from './facts.js';
import { norm360 } from './names.js';

/** The twelve bhava madhyas of Sripati (index 0 = the 1st). */
export function sripatiMadhyas(asc: number, mc: number): number[] {
  const cusps = [asc, mc + 180, asc + 180, mc].map(norm360);
  const out: number[] = [];
  for (let q = 0; q < 4; q++) {
    const from = cusps[q]!;
    const arc = norm360(cusps[(q + 1) % 4]! - from);
    for (let k = 0; k < 3; k++) out.push(norm360(from + (arc * k) / 3));
  }
  return out;
}

/**
 * Where a bhava madhya's sign is strongest, as a bhava (Raman ch. IX): human signs (Mithuna, Kanya,
 * Tula, Kumbha, the first half of Dhanu) in the 1st; watery (Karka, Meena, the second half of
 * Makara) in the 4th; the insect Vrishchika in the 7th; quadrupeds (Mesha, Vrishabha, Simha, the
 * second half of Dhanu, the first half of Makara) in the 10th.
 */
function strongestIn(lon: number): number {
  const s = signOf(lon);
  const firstHalf = norm360(lon) - s * 30 < 15;
  if ([2, 5, 6, 10].includes(s) || (s === 8 && firstHalf)) return 1;
  if (s === 3 || s === 11 || (s === 9 && !firstHalf)) return 4;
  if (s === 7) return 7;
  return 10;
}

export interface BhavaStrength {
  bhava: number;
  madhya: number;
  lord: Seven;
  adhipati: number;
  dig: number;
  drishti: number;
  virupas: number;
  rupas: number;
}

/**
 * Bhava bala from the grahas' shadbala totals (virupas). Dig: 10 virupas for each bhava between the
 * bhava and the one opposite its strongest (60 at the strongest). Drishti: each graha's aspect
 * value on the madhya; Jupiter's and Mercury's are added in full, whatever company Mercury keeps
 * (BPHS 27.29, Santhanam: "If Jupiter or Mercury aspect a bhava, add that planet's aspectual
 * strength"); a quarter of each other graha's, benefics adding and malefics taking away. Mercury's
 * company still decides his sign in the grahas' own drik bala (shadbala.ts), where Raman's table
 * counts him a malefic beside the Sun.
 */
export function bhavaBala(f: ChartFacts, mc: number, shadbalaVirupas: Record<Seven, number>): BhavaStrength[] {
  return sripatiMadhyas(f.asc, mc).map((madhya, i) => {
    const bhava = i + 1;
    const lord = SIGN_LORD[signOf(madhya)]!;
    const apart = Math.abs(bhava - strongestIn(madhya));
    const dig = 60 - 10 * Math.min(apart, 12 - apart);
    let drishti = 0;
    for (const g of SEVEN) {
      const v = drishtiValue(g, madhya - f.lon[g]);
      if (g === 'Ju' || g === 'Me') drishti += v;
      else drishti += isBenefic(f, g) ? v / 4 : -v / 4;
    }
    const adhipati = shadbalaVirupas[lord];
    const virupas = adhipati + dig + drishti;
    return { bhava, madhya, lord, adhipati, dig, drishti, virupas, rupas: virupas / 60 };
  });
}
