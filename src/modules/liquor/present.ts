// How stored products read in answers: the list item, the source, and the detail's honest
// fields (availability from the lists only, a description from the printed facts only).

import type { StateImporter } from './importers/types.js';
import type { ListItem, PricePointOut, Source } from './schemas.js';
import type { CatalogProduct, ListVersion, PricePoint } from './types.js';

/** Whole rupees as printed (lists print whole-rupee shop prices; rounding guards a stray paisa). */
export const rupees = (n: number) => String(Math.round(n));

export const byPrice = (a: CatalogProduct, b: CatalogProduct) => a.price - b.price || a.name.localeCompare(b.name) || a.volume_ml - b.volume_ml || a.id - b.id;

export function toItem(p: Pick<CatalogProduct, 'id' | 'brand' | 'name' | 'volume_ml' | 'price' | 'image_index'>, base: string): ListItem {
  return {
    id: p.id,
    brand: p.brand,
    name: p.name,
    volume: `${p.volume_ml} ml`,
    price: rupees(p.price),
    image: `${base}/liquor-img/${p.brand}_${p.image_index}.webp`,
  };
}

export function toSource(importer: StateImporter, v: ListVersion): Source {
  return { authority: importer.authority, title: v.title, effective: v.effective, printed: v.printed, url: v.source_url, fetched_at: v.fetched_at };
}

export const pricePoint = (h: PricePoint): PricePointOut => ({
  effective: h.effective,
  printed: h.printed,
  price: rupees(h.price),
  before_tax: h.before_tax,
  tax: h.tax,
  cess: h.cess,
});

export function availability(importer: StateImporter, newest: ListVersion, history: PricePoint[], inNewest: boolean): string {
  const since = history[0].effective;
  const what = `${importer.authority}'s price list says what its shops may sell and at what price, not what a shop has in stock`;
  if (inNewest) return `In the newest ${importer.stateName} price list (effective ${newest.effective}); listed since the list effective ${since}. ${what}.`;
  return `Not in the newest ${importer.stateName} price list (effective ${newest.effective}); last listed in the list effective ${history[history.length - 1].effective}. ${what}.`;
}

/** A sentence or two from the list's facts: kind, size, supplier, price and its date. */
export function describe(importer: StateImporter, p: CatalogProduct, at: PricePoint, newerList: ListVersion | null): string {
  const taxes = `Rs ${at.before_tax.toFixed(2)} before tax, Rs ${at.tax.toFixed(2)} tax${at.cess ? `, Rs ${at.cess.toFixed(2)} cess` : ''}`;
  const base = `${p.name}: ${p.category.toLowerCase()} (${p.section} section), ${p.volume_ml} ml, supplied by ${p.supplier}. Rs ${rupees(at.price)} at ${importer.stateName}'s shops (${taxes}) in ${importer.authority}'s price list effective ${at.effective}.`;
  return newerList ? `${base} It is not in the newer list effective ${newerList.effective}.` : base;
}
