// The trigram search finds exactly what measuring every string finds, and Myers' distance agrees
// with the Levenshtein table.

import { describe, expect, it } from 'vitest';
import { CloseNames } from './close-names.js';
import { distanceTo, editDistance } from '../../core/distance.js';
import { random } from '../../../test/helpers/random.js';

const LETTERS = 'abcdeiklmnorstu -0123é币';

function word(rnd: () => number, alphabet = LETTERS, max = 14): string {
  return Array.from({ length: 1 + Math.floor(rnd() * max) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
}

/** s with up to `edits` random insertions, deletions and substitutions. */
function misspell(rnd: () => number, s: string, edits: number, alphabet = LETTERS): string {
  let out = s;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rnd() * (out.length + 1));
    const ch = alphabet[Math.floor(rnd() * alphabet.length)];
    const kind = Math.floor(rnd() * 3);
    out = kind === 0 ? out.slice(0, at) + ch + out.slice(at) : kind === 1 ? out.slice(0, at) + out.slice(at + 1) : out.slice(0, at) + ch + out.slice(at + 1);
  }
  return out;
}

function searched(index: CloseNames, q: string, limit: number): string[] {
  const out: string[] = [];
  index.search(q, limit, (i, d) => out.push(`${i}:${d}`));
  return out.sort();
}

function scanned(strings: string[], q: string, limit: number): string[] {
  const out: string[] = [];
  strings.forEach((s, i) => {
    const d = editDistance(q, s, { limit });
    if (d <= limit) out.push(`${i}:${d}`);
  });
  return out.sort();
}

describe('close names', () => {
  it('finds every string within the limit that a scan of all of them finds, with its distance', () => {
    const rnd = random(42);
    const strings = Array.from({ length: 3000 }, () => word(rnd));
    const index = new CloseNames(strings);
    let found = 0;
    for (let k = 0; k < 400; k++) {
      const q = k % 4 === 0 ? word(rnd) : misspell(rnd, strings[Math.floor(rnd() * strings.length)], 1 + Math.floor(rnd() * 3));
      const limit = Math.min(3, Math.max(1, Math.floor(q.length / 3)));
      const want = scanned(strings, q, limit);
      expect(searched(index, q, limit), q).toEqual(want);
      found += want.length;
    }
    // The comparison means something only if the queries found strings.
    expect(found).toBeGreaterThan(400);
  });

  it('stays exact when the strings hold more than 1023 distinct characters (they then share numbers)', () => {
    const rnd = random(7);
    const many = Array.from({ length: 1500 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    const strings = Array.from({ length: 1500 }, () => word(rnd, many, 6));
    const index = new CloseNames(strings);
    for (let k = 0; k < 200; k++) {
      const q = misspell(rnd, strings[Math.floor(rnd() * strings.length)], 1, many + 'xyz');
      expect(searched(index, q, 1), q).toEqual(scanned(strings, q, 1));
    }
  });

  it('measures the same distance with Myers (queries up to 32 characters) as with the table', () => {
    const rnd = random(3);
    for (let k = 0; k < 3000; k++) {
      const a = word(rnd, LETTERS, 40);
      const b = k % 2 ? misspell(rnd, a, Math.floor(rnd() * 6)) : word(rnd, LETTERS, 40);
      const exact = editDistance(a, b, { limit: 100 });
      const measured = distanceTo(a, 3)(b);
      // Longer queries use the table, which stops counting past the limit.
      expect(a.length <= 32 ? measured : Math.min(measured, 4), `${a} → ${b}`).toBe(a.length <= 32 ? exact : Math.min(exact, 4));
    }
    expect(distanceTo('kitten', 3)('sitting')).toBe(3);
    expect(distanceTo('a'.repeat(32), 3)('a'.repeat(31) + 'b')).toBe(1);
    expect(distanceTo('abc', 3)('')).toBe(3);
  });
});
