// IBJA (India Bullion and Jewellers Association) rates, ibjarates.com: the national
// benchmark for gold, silver and platinum, published on working days (AM and PM).
// Page: the home page. Per-gram gold is in spans id="GoldRatesCompare999" (24K, 999),
// "GoldRatesCompare916" (22K) and "GoldRatesCompare750" (18K); the day's table holds
// spans "lblSilver999_PM"/"_AM" (silver per kg) and "lblPlatinum999_PM"/"_AM" (platinum
// per 10 g). Rates exclude GST and making charges.
// The recent working days are in the #tab-am and #tab-pm tables (rows: date dd/mm/yyyy,
// Gold 999/995/916/750/585 per 10 g, Silver 999 per kg, Platinum 999 per 10 g) — read as the
// national price's history (PM, else AM). The date cells carry data-label="AM" or "PM" (the
// session), so a column is named by its value cell's data-label when that names a metal and
// purity (spelled "Gold 999", "GOLD 999 (Per 10 Gm)" …), else by the table's header cell above
// it; never by position. Dated rows none of whose cells can be named are a `parse` failure.
// Quirks: the PM figures appear only after the afternoon session — AM is used until then;
// no rates on Sundays and holidays (the page keeps the last working day's).
// Terms: public page; attributed to IBJA in the README.
// Markup as public parsers of this page describe it (several readers of the
// GoldRatesCompare* and lbl*_AM/_PM spans, found by code search), not copied.

import { upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import type { CheerioAPI } from 'cheerio';
import { amount, cellText, loadPage, plausible } from '../../../lib/prices/index.js';
import { isNational, PRICE_RANGE, type MetalPage, type MetalQuote } from './types.js';

export const IBJA = 'ibja';

export function ibja(baseUrl: string): HttpProviderSpec<MetalPage, MetalQuote> {
  return {
    name: IBJA,
    request: () => ({ url: `${baseUrl}/`, headers: { accept: 'text/html' } }),
    parse: (res, input) => parseIbja(res.text(), input),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const COLUMNS = ['Gold 999', 'Gold 995', 'Gold 916', 'Gold 750', 'Gold 585', 'Silver 999', 'Platinum 999'] as const;
type Column = (typeof COLUMNS)[number];

/** "Gold 999", "GOLD 999 (Per 10 gm)", "Gold999" → "Gold 999"; undefined for anything else. */
export function columnNamed(label: string | undefined): Column | undefined {
  const m = /^(gold|silver|platinum)\s*(999|995|916|750|585)\b/i.exec(cellText(label ?? ''));
  if (!m) return undefined;
  const name = `${m[1][0].toUpperCase()}${m[1].slice(1).toLowerCase()} ${m[2]}`;
  return COLUMNS.find((c) => c === name);
}

interface DayRow {
  day: string;
  session: 'AM' | 'PM' | undefined;
  values: Partial<Record<Column, number>>;
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Every dated row of the page's archive tables, each column named by its label or header. */
function archiveRows($: CheerioAPI): DayRow[] {
  const out: DayRow[] = [];
  $('table').each((_, table) => {
    const header = $(table)
      .find('tr')
      .filter((__, tr) => $(tr).children('th').length > 0)
      .first()
      .children('th')
      .map((__, th) => cellText($(th).text()))
      .get();
    const tab = $(table).closest('#tab-am, #tab-pm').attr('id');
    $(table)
      .find('tr')
      .each((__, tr) => {
        const cells = $(tr).children('td');
        const m = DATE.exec(cellText(cells.first().text()));
        if (!m) return;
        const label = cellText(cells.first().attr('data-label') ?? '').toUpperCase();
        const session = label === 'AM' || label === 'PM' ? label : tab === 'tab-pm' ? 'PM' : tab === 'tab-am' ? 'AM' : undefined;
        const values: Partial<Record<Column, number>> = {};
        cells.each((i, td) => {
          if (i === 0) return;
          const column = columnNamed($(td).attr('data-label')) ?? columnNamed(header[i]);
          const n = amount($(td).text());
          if (column && n !== null) values[column] = n;
        });
        out.push({ day: `${m[3]}-${m[2]}-${m[1]}`, session, values });
      });
  });
  return out;
}

/** The recent rates (PM session when it has rows with figures, else AM), newest first, and which session. */
function recentRates($: CheerioAPI): { rows: DayRow[]; session: string } {
  const all = archiveRows($);
  const named = all.filter((r) => Object.keys(r.values).length > 0);
  if (all.length && !named.length)
    throw new UpstreamError(IBJA, 'parse', `IBJA: ${all.length} dated archive row(s) but no cell labelled or headed as a metal and purity (Gold 999 …)`);
  for (const session of ['PM', 'AM', undefined] as const) {
    const rows = named.filter((r) => r.session === session);
    if (rows.length) return { rows: rows.sort((a, b) => b.day.localeCompare(a.day)), session: session ?? 'unlabelled' };
  }
  return { rows: [], session: 'none' };
}

/** A metal's figures from one row of IBJA's units (per 10 g, silver per kg) in ours. */
function fromRow(metal: MetalPage['metal'], v: Partial<Record<Column, number>>): Omit<MetalQuote, 'history'> | undefined {
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

export function parseIbja(html: string, input: MetalPage): MetalQuote {
  if (!isNational(input.place)) throw new UpstreamError(IBJA, 'not_found', 'IBJA publishes national rates only');
  const $ = loadPage(IBJA, html);
  const today = todaysRate($, input.metal);
  const history = recentRates($).rows.flatMap((r) => {
    const q = fromRow(input.metal, r.values);
    return q ? [{ day: r.day, ...q }] : [];
  });
  return history.length ? { ...today, history } : today;
}

/** Today's rate: the per-gram gold spans, and the day's silver and platinum (PM, else AM). */
function todaysRate($: CheerioAPI, metal: MetalPage['metal']): MetalQuote {
  const span = (id: string) => amount($(`#${id}`).first().text());
  // The PM session's figure when published, else the morning's.
  const session = (base: string) => span(`${base}_PM`) ?? span(`${base}_AM`);
  const [min, max] = PRICE_RANGE[metal];
  const fail = (what: string) => new UpstreamError(IBJA, 'parse', `IBJA: no ${what} on the rates page`);
  if (metal === 'gold') {
    const [p24, p22, p18] = [span('GoldRatesCompare999'), span('GoldRatesCompare916'), span('GoldRatesCompare750')];
    if (!plausible(p24, min, max) || !plausible(p22, min, max) || !plausible(p18, min, max)) throw fail('gold 999/916/750 rate');
    if (!(p24 >= p22 && p22 >= p18)) throw fail('consistent gold 999/916/750 rates');
    return { price: p24, details: { price_22k: p22, price_18k: p18 } };
  }
  if (metal === 'silver') {
    const perKg = session('lblSilver999');
    const per10g = perKg === null ? null : round2(perKg / 100);
    if (!plausible(per10g, min, max)) throw fail('silver 999 rate');
    return { price: per10g };
  }
  const per10g = session('lblPlatinum999');
  const perGram = per10g === null ? null : round2(per10g / 10);
  if (!plausible(perGram, min, max)) throw fail('platinum 999 rate');
  return { price: perGram };
}

/** The source and the setting it reads. */
export const ibjaUpstream = upstream({ name: IBJA, settings: ['METALS_IBJA_URL'], build: (s) => ibja(s.METALS_IBJA_URL) });
