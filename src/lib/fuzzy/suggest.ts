// "Did you mean": the candidates closest to a value that named nothing (a brand, a category).

import { wordsScore } from './score.js';

/** Bigram similarity (Dice) of two strings. */
function dice(a: string, b: string): number {
  const grams = (s: string) => {
    const t = ` ${s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()} `;
    const out = new Map<string, number>();
    for (let i = 0; i < t.length - 1; i++) out.set(t.slice(i, i + 2), (out.get(t.slice(i, i + 2)) ?? 0) + 1);
    return out;
  };
  const ga = grams(a);
  const gb = grams(b);
  let common = 0;
  let size = 0;
  for (const [g, n] of ga) common += Math.min(n, gb.get(g) ?? 0);
  for (const n of ga.values()) size += n;
  for (const n of gb.values()) size += n;
  return size ? (2 * common) / size : 0;
}

/** The closest candidates to a value, best first. */
export function closest(value: string, candidates: readonly string[], n = 3): string[] {
  return candidates
    .map((c) => ({ c, s: Math.max(dice(value, c), wordsScore(value, c.replace(/-/g, ' ')) / 1.2) }))
    .sort((a, b) => b.s - a.s || a.c.localeCompare(b.c))
    .slice(0, n)
    .map((x) => x.c);
}
