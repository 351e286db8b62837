// Reads the "weight | today | yesterday | change" tables both goodreturns and BankBazaar
// print for gold and silver: each table with the heading above it and its price by weight
// in grams. Kept apart from either source so both read the tables the same way.

import type { CheerioAPI } from 'cheerio';
import { amount, cellText } from '../../../lib/prices/index.js';

export interface GramTable {
  /** The nearest heading before the table (or its caption), lower case. */
  heading: string;
  /** Today's price by weight in grams (1, 8, 10, 100, …). */
  byGrams: Map<number, number>;
}

export function gramTables($: CheerioAPI): GramTable[] {
  const out: GramTable[] = [];
  $('table').each((_, t) => {
    const byGrams = new Map<number, number>();
    $(t)
      .find('tr')
      .each((__, tr) => {
        const cells = $(tr).children('td,th').map((___, c) => cellText($(c).text())).get();
        const m = /^(\d+)\s*(gram|gm|g)s?\b/i.exec(cells[0] ?? '');
        const kg = /^1\s*kg/i.test(cells[0] ?? '');
        const price = amount(cells[1]);
        if (price === null) return;
        if (m) byGrams.set(Number(m[1]), price);
        else if (kg) byGrams.set(1000, price);
      });
    if (!byGrams.size) return;
    const caption = $(t).find('caption').text();
    let heading = caption || $(t).prevAll('h1,h2,h3,h4').first().text();
    // The table may sit in a wrapper: look at the wrapper's previous headings too.
    if (!heading) heading = $(t).parent().prevAll('h1,h2,h3,h4').first().text() || $(t).parent().find('h1,h2,h3,h4').first().text();
    out.push({ heading: cellText(heading).toLowerCase(), byGrams });
  });
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
