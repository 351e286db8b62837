// goodreturns.in (Greynium Information Technologies): daily gold, silver and platinum rates
// by city. Pages: /gold-rates/<city>.html (three tables — 24 carat, 22 carat, 18 carat —
// each "Gram | Today | Yesterday | Change" with rows 1, 8, 10, 100 gram, under headings
// like "Today 24 Carat Gold Rate Per Gram in Mumbai (INR)"), /silver-rates/<city>.html
// (one table, rows 1 gram … 1 kg) and /platinum-price-in-<city>.html; the all-India
// figures are on /gold-rates/, /silver-rates/ and /platinum-price.html.
// Quirks: city slugs use old names (bangalore, gurgaon, mysore); prices carry "₹" and
// Indian digit grouping ("₹1,27,450"); a Cloudflare challenge is reported as `blocked`.
// Terms: public pages, read a few hundred times a day with an identifying User-Agent;
// figures attributed to goodreturns.in in the README.
// Markup as public parsers of these pages describe it (e.g. a GoodReturns gold-scraper test
// that reads tables[0..2] as 24/22/18K, found by code search), not copied. We do not read by
// position: each purity comes from the table whose heading names it (gram-tables.ts, quote.ts).

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { loadPage, type Place } from '../../../lib/prices/index.js';
import { gramTables } from './gram-tables.js';
import { quoteFromTables } from './quote.js';
import { isNational, type MetalPage, type MetalQuote } from './types.js';

export const GOODRETURNS_METALS = 'goodreturns-metals';

const slug = (p: Place) => p.slugs.goodreturns ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function goodreturnsMetalsPath({ metal, place }: MetalPage): string {
  const national = isNational(place);
  switch (metal) {
    case 'gold':
      return national ? '/gold-rates/' : `/gold-rates/${slug(place)}.html`;
    case 'silver':
      return national ? '/silver-rates/' : `/silver-rates/${slug(place)}.html`;
    case 'platinum':
      return national ? '/platinum-price.html' : `/platinum-price-in-${slug(place)}.html`;
  }
}

export function goodreturnsMetals(baseUrl: string): HttpProviderSpec<MetalPage, MetalQuote> {
  return {
    name: GOODRETURNS_METALS,
    request: (input) => ({ url: baseUrl + goodreturnsMetalsPath(input), headers: { accept: 'text/html' } }),
    parse: (res, input) => parseGoodreturnsMetals(res.text(), input),
  };
}

export function parseGoodreturnsMetals(html: string, { metal, place }: MetalPage): MetalQuote {
  const $ = loadPage(GOODRETURNS_METALS, html);
  return quoteFromTables(GOODRETURNS_METALS, metal, gramTables($), place.name);
}

/** The source and the setting it reads. */
export const goodreturnsMetalsUpstream = upstream({
  name: GOODRETURNS_METALS,
  settings: ['METALS_GOODRETURNS_URL'],
  build: (s) => goodreturnsMetals(s.METALS_GOODRETURNS_URL),
});
