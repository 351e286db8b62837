// goodreturns.in (Greynium Information Technologies): daily petrol and diesel prices.
// Pages: /petrol-price.html and /diesel-price.html carry several tables, a "Metro Cities" one
// (City | Price) before the state-wise one ("State | Today Price | Yesterday Price"): each is
// told by its header, never by its place; the state table must be there, the cities' are read
// as the places the page also lists.
// /petrol-price-in-<city>.html (the same for diesel) is read by meaning in city-page.ts: in the
// layout served until 2025 a `.gd-fuel-priceblock` per fuel (petrol, diesel, LPG per 14.2 kg,
// CNG per kg; "₹ 94.72 /Ltr") and an intro paragraph stating the price; in the 2026 layout
// (issue 43) `span#fp-price.fp-price-big` "₹111.11" with "/ Ltr" beside it under the h1, the
// price again in <title> and the JSON-LD WebPage name and description, a "Last 10 Days" table
// (Date | Price | Price Change) and a month-by-month history (Details | Price, "1st September"
// under "Petrol Rate in Bangalore, September 2026"). Both layouts read; the title and JSON-LD
// must agree with the block, or the page is a `parse` failure naming both.
// Quirks: old spellings ("Chhatisgarh", "Pondicherry", "Andaman & Nicobar", "Gurgaon",
// "Bangalore") — matched through the registry's aliases; a state's price is its capital's;
// prices written "&#8377;", "&#x20b9;", with or without a space, or "Rs.".
// Behind Cloudflare at times: a challenge page is reported as `blocked`.
// Terms: public pages, read a few dozen times a day with an identifying User-Agent; the
// figures are attributed to goodreturns.in in the README.
// Markup as described by public parsers of these pages (e.g. the OpenFuel project's
// goodreturns reader and several state-table scrapers found by code search) and by issue 43
// for the 2026 layout, not copied.

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { amount, columnOf, describeTable, labelledTables, loadPage, plausible, tableLabelled } from '../../../lib/prices/index.js';
import { readCityPage } from './city-page.js';
import { FUEL_PRICE_RANGE, type FuelPage, type FuelReading, type FuelRow } from './types.js';

export const GOODRETURNS_FUEL = 'goodreturns-fuel';

/** The page slug of a city on goodreturns (its old English name, hyphenated). */
export const goodreturnsSlug = (p: { name: string; slugs: Record<string, string> }) => p.slugs.goodreturns ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function goodreturnsFuel(baseUrl: string): HttpProviderSpec<FuelPage, FuelReading> {
  return {
    name: GOODRETURNS_FUEL,
    request: ({ fuel, place }) => ({
      url: place ? `${baseUrl}/${fuel}-price-in-${goodreturnsSlug(place)}.html` : `${baseUrl}/${fuel}-price.html`,
      headers: { accept: 'text/html' },
    }),
    parse: (res, input) => readGoodreturnsFuel(res.text(), input),
  };
}

export function parseGoodreturnsFuel(html: string, input: FuelPage): FuelRow[] {
  return readGoodreturnsFuel(html, input).rows;
}

/** "Petrol Price in Andhra Pradesh" as a row's name is "Andhra Pradesh". */
const placeName = (cell: string) => cell.replace(/^(?:petrol|diesel)\s+(?:price|rate)s?\s+in\s+/i, '');

export function readGoodreturnsFuel(html: string, { fuel, place }: FuelPage): FuelReading {
  const $ = loadPage(GOODRETURNS_FUEL, html);
  if (place) return readCityPage($, GOODRETURNS_FUEL, fuel, place);
  const [min, max] = FUEL_PRICE_RANGE;
  const tables = labelledTables($);
  const table = tableLabelled(GOODRETURNS_FUEL, tables, {
    what: `state-wise ${fuel} table (a "State" column and a price column)`,
    accept: (t) => /\bstates?\b/i.test(t.header[0] ?? '') && columnOf(t, /today|price|rate/i) > 0,
  });
  const rows: FuelRow[] = [];
  // The state table, and any table of cities (the metro cities): each priced from the column headed today's price, else price.
  for (const t of [table, ...tables.filter((x) => /\bcit(?:y|ies)\b/i.test(x.header[0] ?? ''))]) {
    const col = columnOf(t, /today/i) > 0 ? columnOf(t, /today/i) : columnOf(t, /price|rate/i);
    if (col <= 0) continue;
    const type = t === table ? 'state' : 'city';
    for (const cells of t.rows) {
      const n = amount(cells[col]);
      if (/^[A-Za-z]/.test(cells[0] ?? '') && plausible(n, min, max)) rows.push({ name: placeName(cells[0]), price: n, type });
    }
  }
  if (!rows.some((r) => r.type === 'state'))
    throw new UpstreamError(GOODRETURNS_FUEL, 'parse', `the state-wise ${fuel} table ${describeTable(table)} has no believable price`);
  return { rows, history: [], from: `table ${describeTable(table)}` };
}

/** The source and the setting it reads. */
export const goodreturnsFuelUpstream = upstream({
  name: GOODRETURNS_FUEL,
  settings: ['FUEL_GOODRETURNS_URL'],
  build: (s) => goodreturnsFuel(s.FUEL_GOODRETURNS_URL),
});
