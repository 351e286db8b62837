// Kaal Sarp (Kala Sarpa) dosha: the seven grahas all on one side of the Rahu-Ketu axis. Named by
// Rahu's house from the lagna (whole signs) in the twelve kinds the almanacs use. Full when every
// graha's longitude lies within the arc; partial when they all do by sign but a graha sharing a
// node's sign lies outside the arc by degree (the "conjoins a node" case). The side is reported:
// from Rahu forward to Ketu (the usual Kaal Sarp) or from Ketu to Rahu (called Kaal Amrit by some).

import { SEVEN, type ChartFacts } from './facts.js';
import { norm360 } from './names.js';

export const KAAL_SARP_KINDS = [
  'Anant',
  'Kulik',
  'Vasuki',
  'Shankhpal',
  'Padma',
  'Mahapadma',
  'Takshak',
  'Karkotak',
  'Shankhachud',
  'Ghatak',
  'Vishdhar',
  'Sheshnag',
] as const;

export interface KaalSarp {
  present: boolean;
  kind: 'full' | 'partial' | null;
  name: (typeof KAAL_SARP_KINDS)[number] | null;
  rahu_house: number;
  side: 'rahu_to_ketu' | 'ketu_to_rahu' | null;
  /** Grahas outside the arc by degree though in a node's sign (the partial case). */
  outside_by_degree: string[];
}

export function kaalSarp(f: ChartFacts): KaalSarp {
  const rahu = f.lon.Ra;
  const rahuHouse = f.house.Ra;
  const ahead = SEVEN.map((g) => ({ g, d: norm360(f.lon[g] - rahu) }));
  // By sign: signs counted from Rahu's sign, 0..11; 0 and 6 are the nodes' own signs.
  const bySign = SEVEN.map((g) => (f.sign[g] - f.sign.Ra + 12) % 12);
  const sides = (['rahu_to_ketu', 'ketu_to_rahu'] as const).map((side) => {
    const inArc = ahead.filter(({ d }) => (side === 'rahu_to_ketu' ? d > 0 && d < 180 : d > 180 && d < 360));
    const signOk = bySign.every((s) => (side === 'rahu_to_ketu' ? s >= 0 && s <= 6 : s === 0 || s >= 6));
    const outside = ahead.filter(({ d }) => !(side === 'rahu_to_ketu' ? d > 0 && d < 180 : d > 180 && d < 360)).map(({ g }) => g);
    return { side, full: inArc.length === SEVEN.length, partial: signOk && inArc.length < SEVEN.length, outside };
  });
  const hit = sides.find((s) => s.full) ?? sides.find((s) => s.partial);
  return {
    present: Boolean(hit),
    kind: hit ? (hit.full ? 'full' : 'partial') : null,
    name: hit ? KAAL_SARP_KINDS[rahuHouse - 1]! : null,
    rahu_house: rahuHouse,
    side: hit ? hit.side : null,
    outside_by_degree: hit && !hit.full ? hit.outside : [],
  };
}
