// Reads the "weight | today | yesterday | change" tables both goodreturns and BankBazaar
// print for gold and silver: each table with the heading above it and its price by weight
// in grams, read from the column its header calls "Today". Kept apart from either source so both read the tables the same way.

import type { CheerioAPI } from 'cheerio';
import { amount, columnOf, labelledTables } from '../../../lib/prices/index.js';

export interface GramTable {
  /** The nearest heading before the table (or its caption), lower case. */
  heading: string;
  /** The header row, as printed ("Gram | Today | Yesterday | Change"). */
  header: string[];
  /** Today's price by weight in grams (1, 8, 10, 100, …). */
  byGrams: Map<number, number>;
}

/**
 * Every table headed by a weight column and a "Today" (or "Price") column, with today's price
 * by weight read from that column. Tables without such a header (a history by date, a table of
 * cities) are not gram tables, whatever their place on the page.
 */
export function gramTables($: CheerioAPI): GramTable[] {
  const out: GramTable[] = [];
  for (const t of labelledTables($)) {
    if (!/gram|weight|gm|qty|quantity/i.test(t.header[0] ?? '')) continue;
    const col = columnOf(t, /today/i) > 0 ? columnOf(t, /today/i) : columnOf(t, /price|rate/i);
    if (col <= 0) continue;
    const byGrams = new Map<number, number>();
    for (const cells of t.rows) {
      const m = /^(\d+)\s*(gram|gm|g)s?\b/i.exec(cells[0] ?? '');
      const kg = /^1\s*kg/i.test(cells[0] ?? '');
      const price = amount(cells[col]);
      if (price === null) continue;
      if (m) byGrams.set(Number(m[1]), price);
      else if (kg) byGrams.set(1000, price);
    }
    if (byGrams.size) out.push({ heading: t.heading.toLowerCase(), header: t.header, byGrams });
  }
  return out;
}

/** The purity a heading names (24, 22 or 18 carat), if any. */
export function karatOf(heading: string): 24 | 22 | 18 | undefined {
  const m = /\b(24|22|18)\s*(carat|karat|ct|k)\b/i.exec(heading);
  return m ? (Number(m[1]) as 24 | 22 | 18) : undefined;
}

/** A table's price of `grams` grams, or scaled from the 1-gram / 10-gram row. */
export function priceOf(t: GramTable, grams: number): number | undefined {
  const direct = t.byGrams.get(grams);
  if (direct !== undefined) return direct;
  for (const have of [1, 10, 100, 1000]) {
    const p = t.byGrams.get(have);
    if (p !== undefined) return (p * grams) / have;
  }
  return undefined;
}
