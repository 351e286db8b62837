// goodreturns.in (Greynium Information Technologies): daily petrol and diesel prices.
// Pages: /petrol-price.html and /diesel-price.html carry a state-wise table ("State |
// Today Price | Yesterday Price"); /petrol-price-in-<city>.html shows one city's price in
// a `.gd-fuel-priceblock` block (`.gd-fuel-price` holds "₹ 94.72 /Ltr") and repeats it in
// the intro paragraph `#gr_top_intro_content b`.
// Quirks: old spellings ("Chhatisgarh", "Pondicherry", "Andaman & Nicobar", "Gurgaon",
// "Bangalore") — matched through the registry's aliases; a state's price is its capital's.
// Behind Cloudflare at times: a challenge page is reported as `blocked`.
// Terms: public pages, read a few dozen times a day with an identifying User-Agent; the
// figures are attributed to goodreturns.in in the README.
// Markup as described by public parsers of these pages (e.g. the OpenFuel project's
// goodreturns reader and several state-table scrapers found by code search), not copied.

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { amount, loadPage, plausible, tableRows } from '../../../lib/prices/index.js';
import { FUEL_PRICE_RANGE, type FuelPage, type FuelRow } from './types.js';

export const GOODRETURNS_FUEL = 'goodreturns-fuel';

/** The page slug of a city on goodreturns (its old English name, hyphenated). */
export const goodreturnsSlug = (p: { name: string; slugs: Record<string, string> }) =>
  p.slugs.goodreturns ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function goodreturnsFuel(baseUrl: string): HttpProviderSpec<FuelPage, FuelRow[]> {
  return {
    name: GOODRETURNS_FUEL,
    request: ({ fuel, place }) => ({
      url: place ? `${baseUrl}/${fuel}-price-in-${goodreturnsSlug(place)}.html` : `${baseUrl}/${fuel}-price.html`,
      headers: { accept: 'text/html' },
    }),
    parse: (res, input) => parseGoodreturnsFuel(res.text(), input),
  };
}

export function parseGoodreturnsFuel(html: string, { fuel, place }: FuelPage): FuelRow[] {
  const $ = loadPage(GOODRETURNS_FUEL, html);
  const [min, max] = FUEL_PRICE_RANGE;
  if (place) {
    const candidates = [$('.gd-fuel-priceblock .gd-fuel-price').first().text(), $('#gr_top_intro_content b').first().text()];
    for (const c of candidates) {
      const n = amount(c);
      if (plausible(n, min, max)) return [{ name: place.name, price: n }];
    }
    throw new UpstreamError(GOODRETURNS_FUEL, 'parse', `no ${fuel} price on the ${place.name} page`);
  }
  const rows: FuelRow[] = [];
  for (const cells of tableRows($)) {
    if (cells.length < 2) continue;
    const n = amount(cells[1]);
    if (/^[A-Za-z]/.test(cells[0]) && plausible(n, min, max)) rows.push({ name: cells[0], price: n });
  }
  if (!rows.length) throw new UpstreamError(GOODRETURNS_FUEL, 'parse', `no state-wise ${fuel} table found`);
  return rows;
}

/** The source and the setting it reads. */
export const goodreturnsFuelUpstream = upstream({ name: GOODRETURNS_FUEL, settings: ['FUEL_GOODRETURNS_URL'], build: (s) => goodreturnsFuel(s.FUEL_GOODRETURNS_URL) });
