// Location names as people type them: case-insensitive, "+" for spaces, old names and
// misspellings. Exact lookup is for ?city= / ?state= (no guessing: a wrong guess would
// show the wrong city's price); fuzzy ranking is for the search endpoints only.

/** Lower-case, "+"/"-"/"_" as spaces, "&" as "and", punctuation dropped, spaces collapsed. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[+_-]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same name with spaces and "and" removed, so "Jammu & Kashmir" meets "jammukashmir". */
export const compactName = (normalized: string) => normalized.replace(/\band\b/g, '').replace(/ /g, '');

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * How well a query matches one name (both normalized), 0 = not at all, 100 = exactly.
 * Prefixes and substrings rank above misspellings; a misspelling is accepted when the
 * edit distance is small for the word's length ("banglore" → "bangalore").
 */
export function matchScore(query: string, name: string): number {
  if (!query || !name) return 0;
  if (query === name) return 100;
  const cq = compactName(query);
  const cn = compactName(name);
  if (cq === cn) return 98;
  if (name.startsWith(query)) return 90 - Math.min(10, name.length - query.length) / 2;
  if (name.split(' ').some((w) => w.startsWith(query))) return 80;
  if (cn.includes(cq) && cq.length >= 3) return 70;
  // Misspellings: compare with the whole name and with each word of it.
  const candidates = [cn, ...name.split(' ')];
  let best = 0;
  for (const c of candidates) {
    const allowed = cq.length <= 4 ? 1 : cq.length <= 8 ? 2 : 3;
    const dist = editDistance(cq, c);
    if (dist <= allowed) best = Math.max(best, 60 - dist * 10 - Math.abs(c.length - cq.length));
    // A typed prefix with a typo ("hydera" for "hyderabad").
    if (c.length > cq.length) {
      const pd = editDistance(cq, c.slice(0, cq.length));
      if (pd <= Math.max(1, allowed - 1)) best = Math.max(best, 45 - pd * 10);
    }
  }
  return Math.max(0, best);
}
