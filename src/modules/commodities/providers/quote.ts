// Turns the gram tables of a metals page into one quote, the same way for every source
// that prints such tables (goodreturns, BankBazaar).

import { UpstreamError } from '../../../core/upstream/index.js';
import { plausible } from '../../../lib/prices/index.js';
import { karatOf, priceOf, type GramTable } from './gram-tables.js';
import { PRICE_RANGE, type Metal, type MetalQuote } from './types.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Gold: the 24K, 22K and 18K per-gram prices (by heading, or in page order 24/22/18 when
 * the headings do not say). Silver: 10 g. Platinum: 1 g. `range` bounds a believable price.
 */
export function quoteFromTables(source: string, metal: Metal, tables: GramTable[], where: string, range = PRICE_RANGE[metal]): MetalQuote {
  const [min, max] = range;
  const fail = (what: string) => new UpstreamError(source, 'parse', `${source}: no ${what} on the ${metal} page of ${where}`);
  if (metal === 'gold') {
    const byKarat = new Map<number, number>();
    const unlabelled: number[] = [];
    for (const t of tables) {
      const p = priceOf(t, 1);
      if (p === undefined) continue;
      const k = karatOf(t.heading);
      if (k && !byKarat.has(k)) byKarat.set(k, p);
      else if (!k) unlabelled.push(p);
    }
    for (const k of [24, 22, 18]) if (!byKarat.has(k) && unlabelled.length) byKarat.set(k, unlabelled.shift()!);
    const [p24, p22, p18] = [byKarat.get(24) ?? null, byKarat.get(22) ?? null, byKarat.get(18) ?? null];
    if (!plausible(p24, min, max)) throw fail('24K price per gram');
    if (!plausible(p22, min, max) || !plausible(p18, min, max)) throw fail('22K/18K price per gram');
    // 24K is the dearest purity; anything else means the tables were misread.
    if (!(p24 >= p22 && p22 >= p18)) throw fail('consistent 24K/22K/18K prices');
    return { price: round2(p24), details: { price_22k: round2(p22), price_18k: round2(p18) } };
  }
  const grams = metal === 'silver' ? 10 : 1;
  const wanted = tables.filter((t) => !/carat|karat/.test(t.heading));
  for (const t of wanted.length ? wanted : tables) {
    const p = priceOf(t, grams);
    if (p !== undefined && plausible(p, min, max)) return { price: round2(p) };
  }
  throw fail(`price of ${grams} g`);
}
