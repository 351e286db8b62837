// Finding the strings within a few edits of a query among tens of thousands (the coin list's
// ids, symbols and names) without measuring the distance to each.
//
// A trigram index, built once per list: every string is padded with two marks at each end
// ("··bitcoin··") and cut into its three-letter pieces, and each piece lists the strings that hold it. One edit
// changes at most three pieces of a string (q-gram lemma), so a string within k edits of the
// query holds at least (distinct pieces of the query) − 3k of them; only strings that hold that
// many, and whose length is within k of the query's, have their distance measured. No string
// within the limit is missed: the answer is the same as a scan of every string.
// The distance itself is distance.ts's distanceTo.

import { distanceTo } from '../../core/distance.js';

/** One edit changes at most this many trigrams. */
const PIECES_PER_EDIT = 3;
/**
 * Characters are numbered 1 to 1023 in order of first sight (0 is the padding), so a trigram is
 * one small integer. Past 1023 distinct characters the rest share the last number: strings then
 * seem to share more trigrams than they do, which lets more through to the distance, never fewer.
 */
const LAST_CODE = 1023;

export class CloseNames {
  private readonly codes = new Map<number, number>();
  /** The numbers of ASCII characters (0: not seen yet), read without the map. */
  private readonly ascii = new Uint16Array(128);
  /** Scratch space for one string's trigrams. */
  private keys = new Int32Array(64);
  /** Trigram (as a number) → its row in the postings. */
  private readonly rows = new Map<number, number>();
  /** Postings: the strings holding trigram row t are postings[start[t] .. start[t + 1]). */
  private readonly start: Int32Array;
  private readonly postings: Int32Array;
  private readonly lengths: Int32Array;
  /** Per string, how many of the query's trigrams it holds (reset after each search). */
  private readonly counts: Uint16Array;

  /** `strings[i]` is searched; a match reports i. */
  constructor(private readonly strings: readonly string[]) {
    // First the distinct trigrams of every string, one flat list, then the postings from it.
    let total = 0;
    for (const s of strings) total += s.length + 2;
    const flat = new Int32Array(total);
    const ends = new Int32Array(strings.length);
    const sizes: number[] = [];
    const lastString: number[] = [];
    let w = 0;
    for (let i = 0; i < strings.length; i++) {
      const n = this.pieces(strings[i], true);
      for (let j = 0; j < n; j++) {
        const key = this.keys[j];
        let t = this.rows.get(key);
        if (t === undefined) {
          t = sizes.length;
          this.rows.set(key, t);
          sizes.push(0);
          lastString.push(-1);
        }
        if (lastString[t] === i) continue;
        lastString[t] = i;
        sizes[t]++;
        flat[w++] = t;
      }
      ends[i] = w;
    }
    this.start = new Int32Array(sizes.length + 1);
    for (let t = 0; t < sizes.length; t++) this.start[t + 1] = this.start[t] + sizes[t];
    this.postings = new Int32Array(w);
    const fill = this.start.slice(0, sizes.length);
    for (let i = 0, k = 0; i < strings.length; i++) {
      for (; k < ends[i]; k++) this.postings[fill[flat[k]]++] = i;
    }
    this.lengths = Int32Array.from(strings, (s) => s.length);
    this.counts = new Uint16Array(strings.length);
  }

  /** The number of a character; `add` numbers one not seen before (else it gets LAST_CODE). */
  private code(ch: number, add: boolean): number {
    let c = ch < 128 ? this.ascii[ch] : (this.codes.get(ch) ?? 0);
    if (c === 0) {
      if (!add) return LAST_CODE;
      c = Math.min(this.codes.size + 1, LAST_CODE);
      this.codes.set(ch, c);
      if (ch < 128) this.ascii[ch] = c;
    }
    return c;
  }

  /** Writes the trigrams of s padded ("\0\0" + s + "\0\0") to `keys`, each as a number; returns how many. */
  private pieces(s: string, add: boolean): number {
    const n = s.length + 2;
    if (this.keys.length < n) this.keys = new Int32Array(n * 2);
    let a = 0;
    let b = 0;
    for (let j = 0; j < n; j++) {
      const c = j < s.length ? this.code(s.charCodeAt(j), add) : 0;
      this.keys[j] = (a << 20) | (b << 10) | c;
      a = b;
      b = c;
    }
    return n;
  }

  /** Calls found(i, d) for every string i within `limit` edits of the query (d its distance). */
  search(query: string, limit: number, found: (i: number, d: number) => void): void {
    const mine = new Set(this.keys.subarray(0, this.pieces(query, false)));
    const need = mine.size - PIECES_PER_EDIT * limit;
    const measure = distanceTo(query, limit);
    const n = query.length;
    const check = (i: number) => {
      if (Math.abs(this.lengths[i] - n) > limit) return;
      const d = measure(this.strings[i]);
      if (d <= limit) found(i, d);
    };
    // A short query with many edits allowed rules nothing out by trigrams: every string is
    // checked (as is a query with more trigrams than the 16-bit counts hold).
    if (need <= 0 || mine.size > 0xffff) {
      for (let i = 0; i < this.strings.length; i++) check(i);
      return;
    }
    const touched: number[] = [];
    const counts = this.counts;
    for (const key of mine) {
      const t = this.rows.get(key);
      if (t === undefined) continue;
      for (let k = this.start[t]; k < this.start[t + 1]; k++) {
        const i = this.postings[k];
        // At most one count per trigram of the query (a string lists each of its trigrams once).
        if (counts[i]++ === 0) touched.push(i);
      }
    }
    for (const i of touched) {
      if (counts[i] >= need) check(i);
      counts[i] = 0;
    }
  }
}
