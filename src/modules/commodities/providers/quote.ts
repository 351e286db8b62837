// Turns what a metals page says into one quote, the same way for every source that prints
// price tables (goodreturns, BankBazaar). Each grade's price is taken from the first place
// that gives it today (the price-by-weight tables, else the price cards); every other place
// that gives it too (the cards; the last-10-days table's newest row) is a second witness and
// must agree, or the page is a `parse` failure naming both. A page with no price for a grade
// is a `parse` failure naming the tables and cards it had.

import type { CheerioAPI } from 'cheerio';
import { UpstreamError } from '../../../core/upstream/index.js';
import { plausible } from '../../../lib/prices/index.js';
import { gradeName, type Grade } from './page-text.js';
import { readPriceCards } from './price-cards.js';
import { readPriceTables, recentDays, type Figures, type PageTables } from './price-tables.js';
import { PRICE_RANGE, UNIT_GRAMS, type ListedPlace, type Metal, type MetalQuote } from './types.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Two figures agree when they differ by at most half a rupee a gram (whole rupees a gram, per 10 g divided). */
export const agree = (a: number, b: number, metal: Metal) => Math.abs(a - b) <= 0.5 * UNIT_GRAMS[metal] + 1e-9;

/** One place of a page that gives today's figures. */
export interface Witness {
  what: string;
  figures: Figures;
  /** The day the place dates its figures to, when it does. */
  day?: string;
}

const GRADES: Record<Metal, Grade[]> = { gold: [24, 22, 18], silver: ['metal'], platinum: ['metal'] };

export interface PageReading {
  quote: MetalQuote;
  /** Which place of the page gave each grade ("24K" → the table's heading). */
  from: Record<string, string>;
}

const rupee = (n: number) => `₹${round2(n)}`;

/** Everything the page says, read once: its tables, its cards, and the witnesses they make. */
export function readPage($: CheerioAPI, metal: Metal): { tables: PageTables; cards: number; today: Witness[]; history?: Witness } {
  const tables = readPriceTables($, metal);
  const today: Witness[] = tables.byWeight.map((t) => ({ what: `the price-by-weight table "${t.heading}"`, figures: t.figures }));
  const cards = readPriceCards($, metal);
  if (cards) today.push({ what: `the price cards (${cards.texts.map((t) => `"${t}"`).join(', ')})`, figures: cards.figures });
  const recent = recentDays(tables);
  const newest = recent?.rows[0];
  const history = newest && {
    what: `the newest row (${newest.label}) of the history table "${recent.heading}"`,
    figures: newest.figures,
    day: newest.day,
  };
  return { tables, cards: cards?.texts.length ?? 0, today, history };
}

/**
 * The quote of `metal` at `where` from a page's witnesses. `source` names the upstream in
 * failures; `range` bounds a believable price.
 */
export function quoteFromPage(source: string, metal: Metal, $: CheerioAPI, where: string, range = PRICE_RANGE[metal]): PageReading {
  const { tables, cards, today, history } = readPage($, metal);
  const [min, max] = range;
  const fail = (what: string) => new UpstreamError(source, 'parse', `${source}: ${what} on the ${metal} page of ${where}`);
  const price: Partial<Record<Grade, { value: number; what: string }>> = {};
  for (const g of GRADES[metal]) {
    const first = today.find((w) => w.figures[g] !== undefined);
    if (first) price[g] = { value: first.figures[g]!, what: first.what };
  }
  const missing = GRADES[metal].filter((g) => price[g] === undefined);
  if (missing.length) {
    throw fail(
      `no price by weight for ${missing.map((g) => gradeName(g, metal)).join(', ')} (read by table headers and headings; tables: ${tables.seen.slice(0, 8).join(', ') || 'none'}; price cards: ${cards || 'none'})`,
    );
  }
  // Every other place that gives a grade must say the same.
  let dated = false;
  for (const g of GRADES[metal]) {
    const p = price[g]!;
    for (const w of [...today, ...(history ? [history] : [])]) {
      const v = w.figures[g];
      if (v === undefined || w.what === p.what) continue;
      if (!agree(v, p.value, metal))
        throw fail(`two places disagree: ${p.what} gives ${gradeName(g, metal)} ${rupee(p.value)} and ${w.what} gives ${rupee(v)}`);
      if (w === history) dated = true;
    }
  }
  for (const g of GRADES[metal]) {
    if (!plausible(price[g]!.value, min, max)) throw fail(`no believable ${gradeName(g, metal)} price (${price[g]!.what} gives ${rupee(price[g]!.value)})`);
  }
  const quote: MetalQuote = { price: round2((price[24] ?? price.metal)!.value) };
  if (metal === 'gold') {
    const [p24, p22, p18] = [price[24]!.value, price[22]!.value, price[18]!.value];
    // 24K is the dearest purity; anything else means the page was misread.
    if (!(p24 >= p22 && p22 >= p18)) throw fail(`no consistent 24K/22K/18K prices (${rupee(p24)}, ${rupee(p22)}, ${rupee(p18)})`);
    quote.details = { price_22k: round2(p22), price_18k: round2(p18) };
  }
  if (dated && history?.day) quote.asOf = history.day;
  const past = pastDays(tables, metal, range);
  if (past.length) quote.history = past;
  const from = Object.fromEntries(GRADES[metal].map((g) => [gradeName(g, metal), price[g]!.what]));
  return { quote, from };
}

/** The history table's days (newest first) with a believable price. */
function pastDays(tables: PageTables, metal: Metal, [min, max]: readonly [number, number]): NonNullable<MetalQuote['history']> {
  const t = recentDays(tables);
  if (!t) return [];
  const main: Grade = metal === 'gold' ? 24 : 'metal';
  return t.rows.flatMap((r) => {
    const p = r.figures[main];
    if (!plausible(p ?? null, min, max)) return [];
    if (metal !== 'gold') return [{ day: r.day, price: round2(p!) }];
    const details: { price_22k?: number; price_18k?: number } = {};
    if (plausible(r.figures[22] ?? null, min, max)) details.price_22k = round2(r.figures[22]!);
    if (plausible(r.figures[18] ?? null, min, max)) details.price_18k = round2(r.figures[18]!);
    return [{ day: r.day, price: round2(p!), ...(Object.keys(details).length ? { details } : {}) }];
  });
}

/** The places a page's table of places prices in full (gold: 24K, 22K and 18K, believable and in order). */
export function listedPlaces($: CheerioAPI, metal: Metal, range = PRICE_RANGE[metal]): ListedPlace[] {
  const [min, max] = range;
  const out: ListedPlace[] = [];
  for (const t of readPriceTables($, metal).places) {
    for (const r of t.rows) {
      const f = r.figures;
      if (metal === 'gold') {
        const [p24, p22, p18] = [f[24] ?? null, f[22] ?? null, f[18] ?? null];
        if (!plausible(p24, min, max) || !plausible(p22, min, max) || !plausible(p18, min, max) || !(p24 >= p22 && p22 >= p18)) continue;
        out.push({ name: r.name, quote: { price: round2(p24), details: { price_22k: round2(p22), price_18k: round2(p18) } } });
      } else if (plausible(f.metal ?? null, min, max)) {
        out.push({ name: r.name, quote: { price: round2(f.metal!) } });
      }
    }
  }
  return out;
}
