// Turns the gram tables of a metals page into one quote, the same way for every source
// that prints such tables (goodreturns, BankBazaar).

import { UpstreamError } from '../../../core/upstream/index.js';
import { plausible } from '../../../lib/prices/index.js';
import { karatOf, priceOf, type GramTable } from './gram-tables.js';
import { PRICE_RANGE, type Metal, type MetalQuote } from './types.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Gold: the 24K, 22K and 18K per-gram prices, each from the table whose heading names that
 * purity (never by page order: a page that does not say is a `parse` failure). Silver: 10 g,
 * platinum: 1 g, from a table whose heading names the metal. `range` bounds a believable price.
 */
export function quoteFromTables(source: string, metal: Metal, tables: GramTable[], where: string, range = PRICE_RANGE[metal]): MetalQuote {
  return readFromTables(source, metal, tables, where, range).quote;
}

/** The quote and the headings of the tables it came from. */
export function readFromTables(
  source: string,
  metal: Metal,
  tables: GramTable[],
  where: string,
  range = PRICE_RANGE[metal],
): { quote: MetalQuote; from: string[] } {
  const [min, max] = range;
  const seen = tables.map((t) => `"${t.heading}"`).join(', ') || 'none';
  const fail = (what: string) => new UpstreamError(source, 'parse', `${source}: no ${what} on the ${metal} page of ${where} (gram tables: ${seen})`);
  if (metal === 'gold') {
    const byKarat = new Map<number, { price: number; heading: string }>();
    for (const t of tables) {
      const p = priceOf(t, 1);
      const k = karatOf(t.heading);
      if (p !== undefined && k && !byKarat.has(k)) byKarat.set(k, { price: p, heading: t.heading });
    }
    const [p24, p22, p18] = [byKarat.get(24)?.price ?? null, byKarat.get(22)?.price ?? null, byKarat.get(18)?.price ?? null];
    if (!plausible(p24, min, max)) throw fail('table headed 24 carat with a believable price per gram');
    if (!plausible(p22, min, max) || !plausible(p18, min, max)) throw fail('tables headed 22 and 18 carat with believable prices per gram');
    // 24K is the dearest purity; anything else means the tables were misread.
    if (!(p24 >= p22 && p22 >= p18)) throw fail('consistent 24K/22K/18K prices');
    return {
      quote: { price: round2(p24), details: { price_22k: round2(p22), price_18k: round2(p18) } },
      from: [24, 22, 18].map((k) => byKarat.get(k)!.heading),
    };
  }
  const grams = metal === 'silver' ? 10 : 1;
  for (const t of tables.filter((x) => x.heading.includes(metal))) {
    const p = priceOf(t, grams);
    if (p !== undefined && plausible(p, min, max)) return { quote: { price: round2(p) }, from: [t.heading] };
  }
  throw fail(`table headed ${metal} with a believable price of ${grams} g`);
}
