// The 32 Nabhasa yogas (BPHS ch. 35): shapes the seven visible grahas make by the houses (from the
// lagna, whole signs) and signs they hold; Rahu and Ketu take no part. "All the grahas in houses X"
// is read as: the houses the seven occupy are exactly X (each named house holds at least one), the
// reading of the texts' examples; Vapi alone says "in the panapharas or the apoklimas", read as
// within them. The Sankhya yogas (by the number of signs occupied) are declared only where no other
// Nabhasa yoga is (BPHS 35.17-18, Saravali 21.7).

import { isBenefic, SEVEN, type ChartFacts } from './facts.js';
import type { Graha } from './names.js';

export interface NabhasaHit {
  key: string;
  grahas: Graha[];
  houses: number[];
}

const range = (start: number, n: number, step = 1) => Array.from({ length: n }, (_, i) => ((start - 1 + i * step) % 12) + 1);
const sameSet = (a: ReadonlySet<number>, b: readonly number[]) => a.size === b.length && b.every((h) => a.has(h));

/** Akriti (shape) yogas: each a list of house sets, any of which forms it. */
const AKRITI: readonly { key: string; sets: readonly (readonly number[])[] }[] = [
  {
    key: 'gada',
    sets: [
      [1, 4],
      [4, 7],
      [7, 10],
      [10, 1],
    ],
  },
  { key: 'shakata_nabhasa', sets: [[1, 7]] },
  { key: 'vihaga', sets: [[4, 10]] },
  { key: 'shringataka', sets: [[1, 5, 9]] },
  {
    key: 'hala',
    sets: [
      [2, 6, 10],
      [3, 7, 11],
      [4, 8, 12],
    ],
  },
  { key: 'kamala', sets: [[1, 4, 7, 10]] },
  { key: 'yupa', sets: [range(1, 4)] },
  { key: 'shara', sets: [range(4, 4)] },
  { key: 'shakti', sets: [range(7, 4)] },
  { key: 'danda', sets: [range(10, 4)] },
  { key: 'nauka', sets: [range(1, 7)] },
  { key: 'kuta', sets: [range(4, 7)] },
  { key: 'chhatra', sets: [range(7, 7)] },
  { key: 'chapa', sets: [range(10, 7)] },
  { key: 'ardha_chandra', sets: [2, 3, 5, 6, 8, 9, 11, 12].map((h) => range(h, 7)) },
  { key: 'chakra', sets: [range(1, 6, 2)] },
  { key: 'samudra', sets: [range(2, 6, 2)] },
];

const SANKHYA = ['gola', 'yuga', 'shula', 'kedara', 'pasha', 'dama', 'vallaki'] as const;

export function nabhasaYogas(f: ChartFacts): { present: NabhasaHit[]; blockedSankhya: string | null } {
  const grahas = [...SEVEN] as Graha[];
  const houses = new Set(grahas.map((g) => f.house[g]));
  const all = [...houses].sort((a, b) => a - b);
  const present: NabhasaHit[] = [];
  const hit = (key: string, hs: readonly number[] = all) => present.push({ key, grahas, houses: [...hs].sort((a, b) => a - b) });

  // Ashraya: all in movable, fixed or dual signs.
  const qualities = new Set(grahas.map((g) => f.sign[g] % 3));
  if (qualities.size === 1) hit(['rajju', 'musala', 'nala'][[...qualities][0]!]!);

  // Dala: three or more kendras hold benefics (Mala) or malefics (Sarpa), none of them mixed.
  const kendraKinds = [1, 4, 7, 10].map((h) => {
    const inIt = grahas.filter((g) => f.house[g] === h);
    if (inIt.length === 0) return 'empty';
    const b = inIt.filter((g) => isBenefic(f, g)).length;
    return b === inIt.length ? 'benefic' : b === 0 ? 'malefic' : 'mixed';
  });
  const kendrasOf = (kind: string) => [1, 4, 7, 10].filter((_, i) => kendraKinds[i] === kind);
  if (kendrasOf('benefic').length >= 3 && !kendraKinds.includes('mixed')) hit('mala', kendrasOf('benefic'));
  if (kendrasOf('malefic').length >= 3 && !kendraKinds.includes('mixed')) hit('sarpa', kendrasOf('malefic'));

  for (const a of AKRITI) {
    const set = a.sets.find((s) => sameSet(houses, s));
    if (set) hit(a.key, set);
  }
  // Vajra and Yava: benefics in the 1st and 7th with malefics in the 4th and 10th, and the reverse.
  const benefics = grahas.filter((g) => isBenefic(f, g));
  const malefics = grahas.filter((g) => !isBenefic(f, g));
  const within = (gs: Graha[], hs: number[]) => gs.length > 0 && gs.every((g) => hs.includes(f.house[g]));
  if (within(benefics, [1, 7]) && within(malefics, [4, 10])) hit('vajra');
  if (within(benefics, [4, 10]) && within(malefics, [1, 7])) hit('yava');
  // Vapi: all in the panapharas, or all in the apoklimas.
  if (all.every((h) => h % 3 === 2) || all.every((h) => h % 3 === 0)) hit('vapi');

  const signs = new Set(grahas.map((g) => f.sign[g])).size;
  const sankhya = SANKHYA[signs - 1]!;
  const other = present.some((p) => !['rajju', 'musala', 'nala'].includes(p.key));
  if (!other) hit(sankhya);
  return { present, blockedSankhya: other ? sankhya : null };
}

export const NABHASA_KEYS = ['rajju', 'musala', 'nala', 'mala', 'sarpa', ...AKRITI.map((a) => a.key), 'vajra', 'yava', 'vapi', ...SANKHYA] as const;
