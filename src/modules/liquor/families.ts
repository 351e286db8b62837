// How printed names become brand families and categories (docs/decisions/liquor.md records
// the rule). A family is the name's leading words before the first word that says what kind of
// drink or which variant it is, at most two; names of one supplier whose families share a first
// word but differ after it ("SIRA PINEAPPLE …", "SIRA JACK FRUIT …") are one family ("sira").
// A category is the kind a name's words say (whisky, brandy, …); beer and wine sections give
// theirs to names that say nothing, and spirits that say nothing are "Other spirits".

import type { PriceRow } from './types.js';

const KINDS: [category: string, pattern: RegExp][] = [
  ['Beer', /\bBEERS?\b/],
  ['Wine', /\bWINES?\b/],
  ['Whisky', /\bWHISK(?:E)?Y\b/],
  ['Brandy', /\bBRANDY\b/],
  ['Rum', /\bRUM\b/],
  ['Vodka', /\bVODKA\b/],
  ['Gin', /\bGIN\b/],
  ['Liqueur', /\bLIQUEUR\b/],
  ['Tequila', /\bTEQUILA\b/],
];

const SECTION_CATEGORY: Record<string, string> = { BEER: 'Beer', WINE: 'Wine' };
export const OTHER_SPIRITS = 'Other spirits';

// Words that end a family: kinds, grades and variants printed after the brand.
const STOP = new Set(
  `BEER BEERS WINE WINES WHISKY WHISKEY BRANDY RUM VODKA GIN LIQUEUR TEQUILA SCOTCH MALT SINGLE BLENDED GRAIN
   PREMIUM DELUXE DE LUXE SPECIAL RESERVE CLASSIC ORIGINAL FINE FINEST SUPERIOR SELECT SELECTED RARE OLD XXX XO VSOP VS
   LIVE WHITE BLACK BLUE GOLD GREEN RED SILVER DARK LIGHT STRONG MILD LAGER PILSNER INDIAN FRENCH ITALIAN CRAFT
   EXTRA SUPER NO NUMBER ORANGE LEMON APPLE GRAPE PINEAPPLE MANGO CITRUS SPICED FLAVOURED DRY SWEET SPARKLING PORT`.split(/\s+/),
);
// A name's first word is the family even when it is a stop word ("OLD MONK" keeps "OLD").
const MAX_WORDS = 2;

/** Upper-case words of a printed name, possessives joined ("NICOL'S" → "NICOLS"). */
export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

const slug = (words: string[]) => words.join('-').toLowerCase();

function leadingFamily(name: string): string[] {
  const words = nameWords(name);
  const out: string[] = [];
  for (const w of words) {
    if (out.length >= MAX_WORDS) break;
    if (out.length > 0 && (STOP.has(w) || /^\d/.test(w))) break;
    out.push(w);
  }
  return out.length ? out : ['unnamed'];
}

/** The family slug of every printed name of a list (keyed by name and supplier). */
export function brandFamilies(rows: readonly Pick<PriceRow, 'name' | 'supplier'>[]): Map<string, string> {
  const lead = new Map<string, string[]>();
  for (const r of rows) lead.set(key(r), leadingFamily(r.name));
  // Per supplier and first word: the distinct two-word families.
  const seconds = new Map<string, Set<string>>();
  for (const r of rows) {
    const f = lead.get(key(r))!;
    const k = `${r.supplier}\u0000${f[0]}`;
    if (!seconds.has(k)) seconds.set(k, new Set());
    seconds.get(k)!.add(f[1] ?? '');
  }
  const out = new Map<string, string>();
  for (const r of rows) {
    const f = lead.get(key(r))!;
    const siblings = seconds.get(`${r.supplier}\u0000${f[0]}`)!;
    out.set(key(r), slug(siblings.size > 1 ? [f[0]] : f));
  }
  return out;
}

export const key = (r: Pick<PriceRow, 'name' | 'supplier'>) => `${r.name}\u0000${r.supplier}`;

/** The category a printed name and its section give. */
export function categoryOf(name: string, section: string): string {
  const upper = nameWords(name).join(' ');
  for (const [category, pattern] of KINDS) if (pattern.test(upper)) return category;
  return SECTION_CATEGORY[section.toUpperCase()] ?? OTHER_SPIRITS;
}

export const CATEGORIES = [...KINDS.map(([c]) => c), OTHER_SPIRITS];
