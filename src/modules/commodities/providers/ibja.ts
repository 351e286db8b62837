// IBJA (India Bullion and Jewellers Association) rates, ibjarates.com: the national
// benchmark for gold, silver and platinum, published on working days in two sessions (AM, PM).
// Page: the home page. What it may hold (both read; constructed fixtures of each):
// - rate spans: per-gram gold in id="GoldRatesCompare999" (24K), "…916" (22K), "…750" (18K);
//   the day's table's "lblSilver999_PM"/"_AM" (silver per kg), "lblPlatinum999_PM"/"_AM"
//   (platinum per 10 g);
// - dated tables (`table.table-striped` in 2026; earlier inside #tab-am/#tab-pm): header
//   (blank or "Date") | 999 | 995 | 916 | 750 | 585 | Silver 999 | Platinum 999; each row's
//   first cell `<td data-label="AM"><strong>01/10/2026</strong></td>` (or PM), then cells
//   `data-label="Gold 999"` … `"Platinum 999"` holding bare integers (gold and platinum per
//   10 g, silver per kg), trailing spaces, "NA" where a session has no rate.
// A column is named by its value cell's data-label when that names a metal and purity
// ("Gold 999", "GOLD 999 (Per 10 Gm)"), else by the header cell above it ("Gold 999", or a
// bare purity "916", which only gold has); never by position. The session by the date cell's
// data-label, else the table's first header cell, else the tab it sits in.
// Today's rate: the spans, and the newest dated row (PM, else AM); when the page has both they
// must agree (the spans with a row of the newest day), else a `parse` failure naming both. A
// page with only dated rows answers from them. The answer carries the row's day and session.
// History: each dated day (PM, else AM), newest first.
// Quirks: no rates on Sundays and holidays (the page keeps the last working day's; `as_of`
// says which day). Rates exclude GST and making charges.
// Terms: public page; attributed to IBJA in the README.
// Markup as issue 43 and public parsers of this page describe it (readers of the
// GoldRatesCompare* and lbl*_AM/_PM spans and of the data-label cells, found by code search),
// not copied.

import type { CheerioAPI } from 'cheerio';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import { amount, cellText, describeTable, labelledTables, loadPage, plausible } from '../../../lib/prices/index.js';
import { isNational, PRICE_RANGE, type Metal, type MetalPage, type MetalQuote, type MetalSourceSpec, type Session } from './types.js';

export const IBJA = 'ibja';

export function ibja(baseUrl: string): MetalSourceSpec {
  return {
    name: IBJA,
    request: () => ({ url: `${baseUrl}/`, headers: { accept: 'text/html' } }),
    parse: (res, input) => parseIbja(res.text(), input),
    // One page holds all three metals.
    shared: () => true,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const COLUMNS = ['Gold 999', 'Gold 995', 'Gold 916', 'Gold 750', 'Gold 585', 'Silver 999', 'Platinum 999'] as const;
type Column = (typeof COLUMNS)[number];

/** "Gold 999", "GOLD 999 (Per 10 gm)", "Gold999", and in a header a bare "916" → "Gold 916"; undefined for anything else. */
export function columnNamed(label: string | undefined, bareIsGold = false): Column | undefined {
  const text = cellText(label ?? '');
  const m = /^(gold|silver|platinum)\s*(999|995|916|750|585)\b/i.exec(text);
  if (m) {
    const name = `${m[1][0].toUpperCase()}${m[1].slice(1).toLowerCase()} ${m[2]}`;
    return COLUMNS.find((c) => c === name);
  }
  const bare = bareIsGold ? /^(999|995|916|750|585)\b/.exec(text) : null;
  return bare ? COLUMNS.find((c) => c === `Gold ${bare[1]}`) : undefined;
}

interface DayRow {
  day: string;
  session: Session | undefined;
  values: Partial<Record<Column, number>>;
}

const DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const sessionIn = (s: string | undefined): Session | undefined => {
  const m = /^(AM|PM)\b/i.exec(cellText(s ?? ''));
  return m ? (m[1].toUpperCase() as Session) : undefined;
};

/** Every dated row of the page's tables, each column named by its label or header. */
function datedRows($: CheerioAPI): DayRow[] {
  const out: DayRow[] = [];
  $('table').each((_, table) => {
    const headRow = $(table).find('thead tr').first().length
      ? $(table).find('thead tr').first()
      : $(table)
          .find('tr')
          .filter((__, tr) => $(tr).children('th').length > 0)
          .first();
    const header = headRow
      .children('th,td')
      .map((__, c) => cellText($(c).text()))
      .get();
    // The table, or a tab around it, may be named for its session ("tab-am", "tab-pm").
    const tab = [table, ...$(table).parents('[id]').toArray()].map((el) => /(?:^|[-_])(am|pm)$/i.exec($(el).attr('id') ?? '')?.[1]).find(Boolean);
    $(table)
      .find('tr')
      .filter((__, tr) => $(tr).closest('table').is(table))
      .each((__, tr) => {
        const cells = $(tr).children('td,th');
        const m = DATE.exec(cellText(cells.first().text()));
        if (!m) return;
        const session = sessionIn(cells.first().attr('data-label')) ?? sessionIn(header[0]) ?? sessionIn(tab);
        const values: Partial<Record<Column, number>> = {};
        cells.each((i, td) => {
          if (i === 0) return;
          const column = columnNamed($(td).attr('data-label')) ?? columnNamed(header[i], true);
          const n = amount($(td).text());
          if (column && n !== null && values[column] === undefined) values[column] = n;
        });
        out.push({ day: `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`, session, values });
      });
  });
  return out;
}

/** A metal's figures from one row of IBJA's units (per 10 g, silver per kg) in ours. */
function fromRow(metal: Metal, v: Partial<Record<Column, number>>): Pick<MetalQuote, 'price' | 'details'> | undefined {
  const [min, max] = PRICE_RANGE[metal];
  if (metal === 'gold') {
    const [p24, p22, p18] = [v['Gold 999'], v['Gold 916'], v['Gold 750']].map((x) => (x === undefined ? null : round2(x / 10)));
    if (!plausible(p24, min, max) || !plausible(p22, min, max) || !plausible(p18, min, max) || !(p24 >= p22 && p22 >= p18)) return undefined;
    return { price: p24, details: { price_22k: p22, price_18k: p18 } };
  }
  const raw = metal === 'silver' ? v['Silver 999'] : v['Platinum 999'];
  const price = raw === undefined ? null : round2(metal === 'silver' ? raw / 100 : raw / 10);
  return plausible(price, min, max) ? { price } : undefined;
}

interface Dated {
  day: string;
  session: Session | undefined;
  quote: Pick<MetalQuote, 'price' | 'details'>;
}

/** Each day's rate of `metal` (PM when it has one, else AM), newest first. */
function byDay(rows: DayRow[], metal: Metal): Dated[][] {
  const days = new Map<string, Dated[]>();
  for (const r of rows) {
    const quote = fromRow(metal, r.values);
    if (!quote) continue;
    const list = days.get(r.day) ?? [];
    list.push({ day: r.day, session: r.session, quote });
    days.set(r.day, list);
  }
  const rank = (s: Session | undefined) => (s === 'PM' ? 0 : s === 'AM' ? 1 : 2);
  return [...days.values()].map((l) => l.sort((a, b) => rank(a.session) - rank(b.session))).sort((a, b) => b[0].day.localeCompare(a[0].day));
}

/** The rate spans: per-gram gold, and the day's silver and platinum (PM, else AM, with that session). */
function spans($: CheerioAPI, metal: Metal): { quote: Pick<MetalQuote, 'price' | 'details'>; session?: Session } | undefined {
  const span = (id: string) => amount($(`[id="${id}"]`).first().text());
  const [min, max] = PRICE_RANGE[metal];
  if (metal === 'gold') {
    const [p24, p22, p18] = [span('GoldRatesCompare999'), span('GoldRatesCompare916'), span('GoldRatesCompare750')];
    if (p24 === null && p22 === null && p18 === null) return undefined;
    if (!plausible(p24, min, max) || !plausible(p22, min, max) || !plausible(p18, min, max) || !(p24 >= p22 && p22 >= p18)) return undefined;
    return { quote: { price: p24, details: { price_22k: p22, price_18k: p18 } } };
  }
  const base = metal === 'silver' ? 'lblSilver999' : 'lblPlatinum999';
  const [pm, am] = [span(`${base}_PM`), span(`${base}_AM`)];
  const raw = pm ?? am;
  if (raw === null) return undefined;
  const price = round2(metal === 'silver' ? raw / 100 : raw / 10);
  return plausible(price, min, max) ? { quote: { price }, session: pm !== null ? 'PM' : 'AM' } : undefined;
}

/** The spans and a dated row agree: per-gram gold spans are whole rupees (half a rupee), the others exact. */
function agree(metal: Metal, a: Pick<MetalQuote, 'price' | 'details'>, b: Pick<MetalQuote, 'price' | 'details'>): boolean {
  const tol = metal === 'gold' ? 0.5 + 1e-9 : 0.005;
  const pairs: [number | undefined, number | undefined][] = [
    [a.price, b.price],
    [a.details?.price_22k, b.details?.price_22k],
    [a.details?.price_18k, b.details?.price_18k],
  ];
  return pairs.every(([x, y]) => x === undefined || y === undefined || Math.abs(x - y) <= tol);
}

const what: Record<Metal, string> = { gold: 'gold 999/916/750', silver: 'silver 999', platinum: 'platinum 999' };
const shown = (q: Pick<MetalQuote, 'price' | 'details'>) => (q.details ? `₹${q.price}/₹${q.details.price_22k}/₹${q.details.price_18k} a gram` : `₹${q.price}`);

export function parseIbja(html: string, input: MetalPage): MetalQuote {
  if (!isNational(input.place)) throw new UpstreamError(IBJA, 'not_found', 'IBJA publishes national rates only');
  const $ = loadPage(IBJA, html);
  const { metal } = input;
  const rows = datedRows($);
  if (rows.length && !rows.some((r) => Object.keys(r.values).length))
    throw new UpstreamError(IBJA, 'parse', `IBJA: ${rows.length} dated archive row(s) but no cell labelled or headed as a metal and purity (Gold 999 …)`);
  const days = byDay(rows, metal);
  const history = days.map((d) => ({ day: d[0].day, ...d[0].quote }));
  const headline = spans($, metal);
  const newest = days[0];
  let today: MetalQuote;
  if (headline && newest) {
    // The spans must say what a row of the newest day says (the span's own session first).
    const match =
      newest.find((d) => d.session === headline.session && agree(metal, headline.quote, d.quote)) ?? newest.find((d) => agree(metal, headline.quote, d.quote));
    if (!match) {
      const row = newest[0];
      throw new UpstreamError(
        IBJA,
        'parse',
        `IBJA: the rate spans and the dated rows disagree on ${what[metal]}: the spans give ${shown(headline.quote)} and the ${row.session ?? 'unlabelled'} row of ${row.day} gives ${shown(row.quote)}`,
      );
    }
    today = { ...headline.quote, asOf: match.day, ...(match.session ? { session: match.session } : {}) };
  } else if (newest) {
    today = { ...newest[0].quote, asOf: newest[0].day, ...(newest[0].session ? { session: newest[0].session } : {}) };
  } else if (headline) {
    today = { ...headline.quote, ...(headline.session ? { session: headline.session } : {}) };
  } else {
    const tables = labelledTables($).map(describeTable);
    throw new UpstreamError(
      IBJA,
      'parse',
      `IBJA: no ${what[metal]} rate on the rates page: no rate spans, ${rows.length} dated row(s) without a believable ${what[metal]} figure (tables: ${tables.slice(0, 5).join(', ') || 'none'})`,
    );
  }
  return history.length ? { ...today, history } : today;
}

/** The source and the setting it reads. */
export const ibjaUpstream = upstream({ name: IBJA, settings: ['METALS_IBJA_URL'], build: (s) => ibja(s.METALS_IBJA_URL) });
