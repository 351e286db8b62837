// The one edit distance agrees with a plain full table for every pair, with and without swaps,
// and stops at its limit.

import { describe, expect, it } from 'vitest';
import { distanceTo, editDistance } from './distance.js';
import { random } from '../../test/helpers/random.js';

/** The textbook table, every cell computed: the reference. */
function table(a: string, b: string, transpositions: boolean): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const word = (rnd: () => number) => Array.from({ length: Math.floor(rnd() * 12) }, () => 'abcde'[Math.floor(rnd() * 5)]).join('');

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit only when asked', () => {
    expect(editDistance('banglaore', 'bangalore', { transpositions: true })).toBe(1);
    expect(editDistance('banglaore', 'bangalore')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('answers limit + 1 past the limit', () => {
    expect(editDistance('kitten', 'sitting', { limit: 5 })).toBe(3);
    expect(editDistance('kitten', 'sitting', { limit: 2 })).toBe(3);
    expect(editDistance('a', 'abcdef', { limit: 2 })).toBe(3);
  });

  it('agrees with the full table on random pairs, whatever the limit', () => {
    const rnd = random(7);
    for (let n = 0; n < 3000; n++) {
      const a = word(rnd);
      const b = word(rnd);
      const swaps = n % 2 === 0;
      const exact = table(a, b, swaps);
      const limit = Math.floor(rnd() * 6);
      expect(editDistance(a, b, { transpositions: swaps })).toBe(exact);
      expect(editDistance(a, b, { transpositions: swaps, limit })).toBe(Math.min(exact, limit + 1));
    }
  });

  it('measures the same as Myers for one query against many strings', () => {
    const rnd = random(11);
    for (let n = 0; n < 1000; n++) {
      const a = word(rnd) || 'a';
      const b = word(rnd);
      const d = distanceTo(a, 3)(b);
      expect(d).toBe(table(a, b, false));
    }
  });
});
