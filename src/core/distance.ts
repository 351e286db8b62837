// The one edit distance of the house: insertions, deletions and substitutions (Levenshtein), with
// swaps of adjacent letters as one edit when asked (optimal string alignment: "banglaore" is one
// edit from "bangalore"), computed only as far as a limit when one is given. For one query
// measured against many strings, distanceTo uses Myers' bit-parallel algorithm (one 32-bit
// word holds a query of up to 32 characters) and the banded table past that.
// It lives in core, not with the rest of the fuzzy kit (src/lib/fuzzy re-exports it), because
// core's own checks use it: a misspelt parameter name (src/core/http/param-names.ts).

export interface DistanceOptions {
  /** Past this many edits the answer is limit + 1, and the table stops early. */
  limit?: number;
  /** A swap of adjacent characters counts as one edit, not two. */
  transpositions?: boolean;
}

// Three rows reused by every call of the table (two before, one being filled).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Edit distance of a and b, or limit + 1 as soon as it must exceed limit. Only the band of cells
 * within `limit` of the diagonal is computed (a cell outside it is already over the limit).
 */
export function editDistance(a: string, b: string, o: DistanceOptions = {}): number {
  if (a === b) return 0;
  const limit = o.limit ?? Math.max(a.length, b.length);
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
    rowC = new Int32Array(b.length + 1);
  }
  let before = rowC;
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j <= limit ? j : over;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    cur[from - 1] = from === 1 && i <= limit ? i : over;
    let rowMin = cur[from - 1];
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      const up = prev[j] + 1;
      const left = cur[j - 1] + 1;
      if (up < v) v = up;
      if (left < v) v = left;
      if (o.transpositions && i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && before[j - 2] + 1 < v) v = before[j - 2] + 1;
      if (v > over) v = over;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (to < b.length) cur[to + 1] = over;
    // A swap reaches back two rows (one edit), so a row over the limit ends the count only when
    // the row before it cannot lead under the limit either.
    if (rowMin > limit && (!o.transpositions || prevMin >= limit)) return over;
    prevMin = rowMin;
    const t = before;
    before = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[b.length], over);
}

/** The Levenshtein distance from a fixed query to any string, or more than limit when it exceeds it. */
export function distanceTo(query: string, limit: number): (s: string) => number {
  return query.length <= 32 && query.length > 0 ? myers(query) : (s) => editDistance(query, s, { limit });
}

/**
 * Levenshtein distance from `pattern` (1 to 32 characters) to any string: Myers' bit-vector
 * algorithm (Myers 1999, as written by Hyyrö 2001 for the whole-string distance). Bit i of the
 * vectors is row i of the dynamic-programming column; one step per character of the text.
 */
function myers(pattern: string): (text: string) => number {
  const m = pattern.length;
  const peq = new Map<number, number>();
  for (let i = 0; i < m; i++) {
    const c = pattern.charCodeAt(i);
    peq.set(c, (peq.get(c) ?? 0) | (1 << i));
  }
  // Most names are ASCII: their masks are read from an array, not the map.
  const ascii = new Int32Array(128);
  for (const [c, mask] of peq) if (c < 128) ascii[c] = mask;
  const high = 1 << (m - 1);
  return (text) => {
    let pv = -1;
    let mv = 0;
    let score = m;
    for (let j = 0; j < text.length; j++) {
      const c = text.charCodeAt(j);
      const eq = c < 128 ? ascii[c] : (peq.get(c) ?? 0);
      const xv = eq | mv;
      // The addition's carry out of bit 31 is dropped by the | 0, as in a 32-bit register.
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (ph & high) score++;
      else if (mh & high) score--;
      ph = (ph << 1) | 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    return score;
  };
}
