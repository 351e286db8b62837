// goodreturns.in (Greynium Information Technologies): daily petrol and diesel prices.
// Pages: /petrol-price.html and /diesel-price.html carry several `gd-fuel-table-list` tables,
// a "Metro Cities" one (City | Price) before the state-wise one ("State | Today Price |
// Yesterday Price"): the state table is told by its header, never by its place.
// /petrol-price-in-<city>.html shows several `.gd-fuel-priceblock` blocks (petrol, diesel, LPG
// per 14.2 kg, CNG; `.gd-fuel-price` holds "₹ 94.72 /Ltr"): the block is told by its label
// (the fuel's name, a per-litre price), and the intro paragraph `#gr_top_intro_content` is read
// only when it names the fuel.
// Quirks: old spellings ("Chhatisgarh", "Pondicherry", "Andaman & Nicobar", "Gurgaon",
// "Bangalore") — matched through the registry's aliases; a state's price is its capital's.
// Behind Cloudflare at times: a challenge page is reported as `blocked`.
// Terms: public pages, read a few dozen times a day with an identifying User-Agent; the
// figures are attributed to goodreturns.in in the README.
// Markup as described by public parsers of these pages (e.g. the OpenFuel project's
// goodreturns reader and several state-table scrapers found by code search), not copied.

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { amount, cellText, columnOf, describeTable, labelledTables, loadPage, plausible, tableLabelled } from '../../../lib/prices/index.js';
import { FUEL_PRICE_RANGE, type FuelPage, type FuelReading, type FuelRow } from './types.js';

export const GOODRETURNS_FUEL = 'goodreturns-fuel';

/** The page slug of a city on goodreturns (its old English name, hyphenated). */
export const goodreturnsSlug = (p: { name: string; slugs: Record<string, string> }) => p.slugs.goodreturns ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

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

const FUELS = ['petrol', 'diesel', 'lpg', 'cng', 'auto lpg'];

export function parseGoodreturnsFuel(html: string, input: FuelPage): FuelRow[] {
  return readGoodreturnsFuel(html, input).rows;
}

export function readGoodreturnsFuel(html: string, { fuel, place }: FuelPage): FuelReading {
  const $ = loadPage(GOODRETURNS_FUEL, html);
  const [min, max] = FUEL_PRICE_RANGE;
  if (place) {
    // The block whose own label names this fuel and no other, priced per litre.
    const others = FUELS.filter((f) => f !== fuel);
    const blocks = $('.gd-fuel-priceblock').toArray();
    for (const b of blocks) {
      const label = cellText($(b).find('h1,h2,h3,h4,.gd-fuel-priceblock-title').first().text() || $(b).text()).toLowerCase();
      const priceText = $(b).find('.gd-fuel-price').first().text();
      if (!label.includes(fuel) || others.some((o) => new RegExp(`\\b${o}\\b`).test(label)) || /kg/i.test(priceText)) continue;
      const n = amount(priceText);
      if (plausible(n, min, max)) return { rows: [{ name: place.name, price: n }], from: `price block "${cellText($(b).find('h1,h2,h3,h4').first().text())}"` };
    }
    const intro = $('#gr_top_intro_content p')
      .toArray()
      .find((p) => new RegExp(`\\b${fuel}\\b`, 'i').test($(p).text()));
    const n = intro ? amount($(intro).find('b').first().text()) : null;
    if (plausible(n, min, max)) return { rows: [{ name: place.name, price: n }], from: 'intro paragraph' };
    const seen = blocks.map((b) => `"${cellText($(b).find('h1,h2,h3,h4').first().text())}"`).join(', ');
    throw new UpstreamError(GOODRETURNS_FUEL, 'parse', `no ${fuel} price on the ${place.name} page${blocks.length ? `; its price blocks: ${seen}` : ''}`);
  }
  const table = tableLabelled(GOODRETURNS_FUEL, labelledTables($), {
    what: `state-wise ${fuel} table (a "State" column and a price column)`,
    accept: (t) => /^state/i.test(t.header[0] ?? '') && columnOf(t, /today|price/i) > 0,
  });
  const col = columnOf(table, /today/i) > 0 ? columnOf(table, /today/i) : columnOf(table, /price/i);
  const rows: FuelRow[] = [];
  for (const cells of table.rows) {
    const n = amount(cells[col]);
    if (/^[A-Za-z]/.test(cells[0] ?? '') && plausible(n, min, max)) rows.push({ name: cells[0], price: n });
  }
  if (!rows.length) throw new UpstreamError(GOODRETURNS_FUEL, 'parse', `the state-wise ${fuel} table ${describeTable(table)} has no believable price`);
  return { rows, from: `table ${describeTable(table)}` };
}

/** The source and the setting it reads. */
export const goodreturnsFuelUpstream = upstream({
  name: GOODRETURNS_FUEL,
  settings: ['FUEL_GOODRETURNS_URL'],
  build: (s) => goodreturnsFuel(s.FUEL_GOODRETURNS_URL),
});
