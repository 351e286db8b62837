// How well a typed query matches a name, two ways for two kinds of list. Both rank an exact
// match over a prefix, a prefix over a part of the name, and that over a misspelling, which is
// accepted only within the edits its length allows (`typos`); they differ in what they compare.
// - nameScore, 0 to 100: the query against the whole name and each of its words (place names:
//   "banglore" → Bengaluru's "bangalore"; "hydera" → "hyderabad").
// - wordsScore, 0 to 1.2: each query word against the name's best word, in any order (product
//   names: "soulmat whisky" → "SOULMATE BLU PREMIUM WHISKY"); 0 when a query word matches none.
// They are not one score on two scales: merged, one list's ranking would change (a name that
// holds the whole query run together scores above a whole-word prefix in one, below it in the
// other), so each keeps its own.

import { editDistance } from '../../core/distance.js';

/** Edits a word of length n may carry: `first`, and one more past each length in `after`. */
export const typos = (n: number, first: number, after: readonly number[]) => first + after.filter((len) => n > len).length;

/**
 * How well a query matches one name, both normalized by the caller, 0 = not at all, 100 =
 * exactly. `compact` is the caller's form of a name without spaces (and, for places, "and"), so
 * "jammukashmir" meets "jammu and kashmir".
 */
export function nameScore(query: string, name: string, compact: (normalized: string) => string): number {
  if (!query || !name) return 0;
  if (query === name) return 100;
  const cq = compact(query);
  const cn = compact(name);
  if (cq === cn) return 98;
  if (name.startsWith(query)) return 90 - Math.min(10, name.length - query.length) / 2;
  if (name.split(' ').some((w) => w.startsWith(query))) return 80;
  if (cn.includes(cq) && cq.length >= 3) return 70;
  // Misspellings: compare with the whole name and with each word of it.
  const candidates = [cn, ...name.split(' ')];
  // Place names: 1 edit up to 4 letters, 2 up to 8, then 3.
  const allowed = typos(cq.length, 1, [4, 8]);
  let best = 0;
  for (const c of candidates) {
    const dist = editDistance(cq, c, { transpositions: true });
    if (dist <= allowed) best = Math.max(best, 60 - dist * 10 - Math.abs(c.length - cq.length));
    // A typed prefix with a typo ("hydera" for "hyderabad").
    if (c.length > cq.length) {
      const pd = editDistance(cq, c.slice(0, cq.length), { transpositions: true });
      if (pd <= Math.max(1, allowed - 1)) best = Math.max(best, 45 - pd * 10);
    }
  }
  return Math.max(0, best);
}

/** Lower-case words of letters and digits, so "royalstag", "Royal Stag" and "ROYAL-STAG" meet. */
export const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** How well one query word matches one name word: 1 exact, less for a prefix or typo, 0 none. */
function wordScore(q: string, n: string): number {
  if (q === n) return 1;
  if (n.startsWith(q)) return 0.9;
  const d = Math.min(editDistance(q, n), editDistance(q, n.slice(0, q.length)));
  // Product words: none up to 3 letters, 1 up to 7, then 2.
  return d <= typos(q.length, 0, [3, 7]) ? 0.8 - 0.1 * d : 0;
}

/** A score in [0, 1.2] of a name for a query; 0 when some query word matches nothing. */
export function wordsScore(query: string, name: string): number {
  const q = words(query);
  const n = words(name);
  if (!q.length || !n.length) return 0;
  const compactQ = q.join('');
  const compactN = n.join('');
  if (compactN.includes(compactQ)) return compactN.startsWith(compactQ) ? 1.2 : 1.1;
  let total = 0;
  for (const w of q) {
    const best = Math.max(...n.map((x) => wordScore(w, x)));
    if (best === 0) return 0;
    total += best;
  }
  return total / q.length;
}
