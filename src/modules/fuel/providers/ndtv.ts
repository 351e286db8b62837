// NDTV fuel prices (ndtv.com/fuel-prices): the second fuel source.
// Pages: /fuel-prices/<fuel>-price-in-all-state lists every state's price, and
// /fuel-prices/<fuel>-price-in-<state>-state lists the cities of one state. Both hold the
// table inside the element id="myID": rows of three cells — name, price ("₹ 94.72"),
// change (a `span.chngBx up|down` marks its direction). The table is told by its header (a
// "Price" column), and the price read from that column, never from a fixed position.
// Quirks: a city's price comes from its state's page (there is no per-city page in this
// layout), which lists every city of the state: all are read (the crawl asks a state's page
// once for all its cities); state names are hyphenated lower case in the URL.
// Terms: public pages, fetched a few dozen times a day with an identifying User-Agent.
// Markup as described by public parsers of these pages (e.g. FuelishCLI's NDTV reader,
// found by code search), not copied.

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { amount, columnOf, describeTable, labelledTables, loadPage, plausible, tableLabelled } from '../../../lib/prices/index.js';
import { FUEL_PRICE_RANGE, type FuelPage, type FuelReading, type FuelRow } from './types.js';

export const NDTV_FUEL = 'ndtv-fuel';

const stateSlug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-');

export function ndtvFuel(baseUrl: string): HttpProviderSpec<FuelPage, FuelReading> {
  return {
    name: NDTV_FUEL,
    request: ({ fuel, place }) => ({
      url: `${baseUrl}/fuel-prices/${fuel}-price-in-${place?.state ? `${stateSlug(place.state)}-state` : 'all-state'}`,
      headers: { accept: 'text/html' },
    }),
    parse: (res, input) => readNdtvFuel(res.text(), input),
  };
}

export function parseNdtvFuel(html: string, input: FuelPage): FuelRow[] {
  return readNdtvFuel(html, input).rows;
}

export function readNdtvFuel(html: string, { fuel, place }: FuelPage): FuelReading {
  const $ = loadPage(NDTV_FUEL, html);
  const [min, max] = FUEL_PRICE_RANGE;
  const where = place?.state ?? 'all-state';
  const table = tableLabelled(NDTV_FUEL, labelledTables($, '#myID'), {
    what: `${fuel} table with a "Price" column in #myID of the ${where} page`,
    accept: (t) => columnOf(t, /price/i) > 0,
  });
  const col = columnOf(table, /price/i);
  const nameCol = Math.max(0, columnOf(table, /state|city|name/i));
  const rows: FuelRow[] = [];
  for (const cells of table.rows) {
    const n = amount(cells[col]);
    if (/^[A-Za-z]/.test(cells[nameCol] ?? '') && plausible(n, min, max)) rows.push({ name: cells[nameCol], price: n, type: place?.state ? 'city' : 'state' });
  }
  if (!rows.length) throw new UpstreamError(NDTV_FUEL, 'parse', `no ${fuel} price in the table ${describeTable(table)} on the ${where} page`);
  return { rows, history: [], from: `table ${describeTable(table)}` };
}

/** The source and the setting it reads. */
export const ndtvFuelUpstream = upstream({ name: NDTV_FUEL, settings: ['FUEL_NDTV_URL'], build: (s) => ndtvFuel(s.FUEL_NDTV_URL) });
