// goodreturns.in (Greynium Information Technologies): daily gold, silver and platinum rates
// by city. Pages: /gold-rates/<city>.html, /silver-rates/<city>.html and
// /platinum-price-in-<city>.html; the all-India figures on /gold-rates/, /silver-rates/ and
// /platinum-price.html.
// Layouts (both read; constructed fixtures of each):
// - until 2026: three gold tables (24, 22, 18 carat), each "Gram | Today | Yesterday | Change"
//   with rows 1, 8, 10, 100 gram under headings like "Today 24 Carat Gold Rate Per Gram in
//   Mumbai (INR)"; silver and platinum one such table;
// - 2026 (issue 43): one gold table "Gram | 24K | 22K | 18K" (rows 1, 8, 10, 100, bare numbers)
//   under "Today Gold Price Per Gram in <India|City> (INR)"; "Gold Rate in <…> for Last 10 Days
//   (1 gram)": "Date | 24K | 22K" with cells "₹14,673 (-27)"; city pages add price cards
//   ("24K Gold /g ₹15,289"); the all-India page adds "Indian Major Cities Gold Rates Today
//   (1 gram)" (City | 24K | 22K | 18K, ten cities) and a table of countries in their own
//   currencies. Silver 2026 pages: cards "Silver /g", "/kg"; last 10 days by 10 g, 100 g, 1 kg.
// Every figure is read by what its header, heading or label says (price-tables.ts,
// price-cards.ts), checked against a second place where the page gives one (quote.ts); the
// all-India gold page's cities table answers those cities in a crawl (crawl-pages.ts).
// Quirks: city slugs use old names (bangalore, gurgaon, mysore); "₹" in any entity form and
// Indian digit grouping ("₹1,27,450"); a Cloudflare challenge is reported as `blocked`.
// Terms: public pages, read a few hundred times a day with an identifying User-Agent;
// figures attributed to goodreturns.in in the README.
// Markup as issue 43 and public parsers of these pages describe it (found by code search;
// decisions/metal-pages-2026.md), not copied.

import { upstream } from '../../../core/upstream/index.js';
import { loadPage, type Place } from '../../../lib/prices/index.js';
import { listedPlaces, quoteFromPage } from './quote.js';
import { isAbroad, isNational, type Metal, type MetalPage, type MetalQuote, type MetalSourceSpec } from './types.js';

export const GOODRETURNS_METALS = 'goodreturns-metals';

/** Metals whose all-India page lists cities in a table (silver and platinum: not known to; see the decision record). */
const LISTED: readonly Metal[] = ['gold'];

const slug = (p: Place) => p.slugs.goodreturns ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A city's page of a metal, or the all-India page when no city is given. */
function pathOf(metal: Metal, city?: string): string {
  switch (metal) {
    case 'gold':
      return city ? `/gold-rates/${city}.html` : '/gold-rates/';
    case 'silver':
      return city ? `/silver-rates/${city}.html` : '/silver-rates/';
    case 'platinum':
      return city ? `/platinum-price-in-${city}.html` : '/platinum-price.html';
  }
}

export const goodreturnsMetalsPath = ({ metal, place }: MetalPage) => pathOf(metal, isNational(place) ? undefined : slug(place));

export function goodreturnsMetals(baseUrl: string): MetalSourceSpec {
  const request = (path: string) => ({ url: baseUrl + path, headers: { accept: 'text/html' } });
  return {
    name: GOODRETURNS_METALS,
    request: (input) => request(goodreturnsMetalsPath(input)),
    parse: (res, input) => parseGoodreturnsMetals(res.text(), input),
    // The all-India page of a listed metal is read twice in a crawl: as the national price and as its cities' listing.
    shared: ({ metal, place }) => isNational(place) && LISTED.includes(metal),
    listing: ({ metal, place }) =>
      LISTED.includes(metal) && !isNational(place) && !isAbroad(place)
        ? { request: request(pathOf(metal)), read: (res) => listedPlaces(loadPage(GOODRETURNS_METALS, res.text()), metal) }
        : undefined,
  };
}

export function parseGoodreturnsMetals(html: string, { metal, place }: MetalPage): MetalQuote {
  return quoteFromPage(GOODRETURNS_METALS, metal, loadPage(GOODRETURNS_METALS, html), place.name).quote;
}

/** The source and the setting it reads. */
export const goodreturnsMetalsUpstream = upstream({
  name: GOODRETURNS_METALS,
  settings: ['METALS_GOODRETURNS_URL'],
  build: (s) => goodreturnsMetals(s.METALS_GOODRETURNS_URL),
});
