// Fuzzy matching of a query against printed names, and "did you mean" for unknown brands and
// categories. Names and queries are compared as lower-case words of letters and digits, so
// "royalstag", "Royal Stag" and "ROYAL-STAG" meet; a word may carry a typo or two by its length.

const words = (s: string) => s.toLowerCase().replace(/['’`]/g, '').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Edits a word of this length may carry: none up to 3 letters, one up to 7, then two. */
const allowed = (n: number) => (n <= 3 ? 0 : n <= 7 ? 1 : 2);

/** How well one query word matches one name word: 1 exact, less for a prefix or typo, 0 none. */
function wordScore(q: string, n: string): number {
  if (q === n) return 1;
  if (n.startsWith(q)) return 0.9;
  const d = Math.min(levenshtein(q, n), levenshtein(q, n.slice(0, q.length)));
  return d <= allowed(q.length) ? 0.8 - 0.1 * d : 0;
}

/** A score in [0, 1.2] of a name for a query; 0 when some query word matches nothing. */
export function matchScore(query: string, name: string): number {
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

/** Bigram similarity (Dice) of two strings, for suggestions. */
function dice(a: string, b: string): number {
  const grams = (s: string) => {
    const t = ` ${s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;
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
    .map((c) => ({ c, s: Math.max(dice(value, c), matchScore(value, c.replace(/-/g, ' ')) / 1.2) }))
    .sort((a, b) => b.s - a.s || a.c.localeCompare(b.c))
    .slice(0, n)
    .map((x) => x.c);
}
