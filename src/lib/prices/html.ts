// Small readers shared by the price parsers: amounts as upstream pages print them
// ("₹ 1,02,450", "Rs. 94.72", "-0.12%") and table rows as arrays of cell texts.

import * as cheerio from 'cheerio';
import { UpstreamError } from '../../core/upstream/index.js';

/** The first number in a text, ignoring ₹/Rs and Indian digit grouping; null when none. */
export function amount(text: string | undefined): number | null {
  if (!text) return null;
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(text.replace(/\s+/g, ' '));
  if (!m) return null;
  const n = Number(m[0].replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

export const cellText = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Loads a page, refusing a bot-check page as a block: by its title, or by Cloudflare's
 * challenge script (`_cf_chl_opt`), which ordinary pages behind Cloudflare do not carry.
 * (A captcha widget alone proves nothing: normal pages have them in comment forms.)
 */
export function loadPage(source: string, html: string): cheerio.CheerioAPI {
  const $ = cheerio.load(html);
  const title = $('title').text().toLowerCase();
  if (/just a moment|attention required|captcha|access denied/.test(title) || /_cf_chl_opt|cf-chl-/.test(html.slice(0, 50000))) {
    throw new UpstreamError(source, 'blocked', `${source} answered with a bot check`);
  }
  return $;
}

/** A table of a page with what labels it: the heading before it, its header cells, its data rows. */
export interface LabelledTable {
  /** The caption, or the nearest heading before the table (or before its wrapper); '' when none. */
  heading: string;
  /** The header row's cell texts (the first row of th cells, else a first row with no number in it). */
  header: string[];
  /** Every other row, as cell texts. */
  rows: string[][];
}

const HEADINGS = 'h1,h2,h3,h4,h5';

/** Every table within `scope`, with its heading and header row (nested tables read once each). */
export function labelledTables($: cheerio.CheerioAPI, scope = 'body'): LabelledTable[] {
  const out: LabelledTable[] = [];
  $(scope)
    .find('table')
    .each((_, t) => {
      const rows: { th: boolean; cells: string[] }[] = [];
      $(t)
        .find('tr')
        .filter((__, tr) => $(tr).closest('table').is(t))
        .each((__, tr) => {
          const cells = $(tr).children('td,th');
          if (cells.length) rows.push({ th: cells.filter('th').length === cells.length, cells: cells.map((___, c) => cellText($(c).text())).get() });
        });
      let at = rows.findIndex((r) => r.th);
      if (at < 0 && rows.length && rows[0].cells.every((c) => amount(c) === null)) at = 0;
      const caption = $(t).children('caption').text();
      let heading = caption || $(t).prevAll(HEADINGS).first().text();
      // The table may sit in a wrapper (or two): their previous or own headings name it.
      for (let el = $(t).parent(); !heading && el.length && !el.is(scope) && !el.is('body'); el = el.parent()) {
        heading = el.prevAll(HEADINGS).first().text() || el.children(HEADINGS).first().text();
      }
      out.push({ heading: cellText(heading), header: at >= 0 ? rows[at].cells : [], rows: rows.filter((_r, i) => i !== at).map((r) => r.cells) });
    });
  return out;
}

/** How a table names itself in a reason or a report: its heading and header. */
export const describeTable = (t: LabelledTable) => `${t.heading ? `"${t.heading}" ` : ''}(${t.header.join(' | ') || 'no header'})`;

/** The index of the first header cell that `test` accepts, or -1. */
export const columnOf = (t: LabelledTable, test: RegExp) => t.header.findIndex((h) => test.test(h));

/**
 * The one table the caller asked for, told by its header (and heading) text, never by its place
 * on the page. A page with tables but not this one is a `parse` failure naming what it had.
 */
export function tableLabelled(source: string, tables: LabelledTable[], want: { what: string; accept: (t: LabelledTable) => boolean }): LabelledTable {
  const found = tables.find(want.accept);
  if (found) return found;
  const seen = tables.map(describeTable);
  throw new UpstreamError(
    source,
    'parse',
    `${source}: no ${want.what} on the page${seen.length ? `; its tables: ${seen.slice(0, 5).join(', ')}` : ' (no table at all)'}`,
  );
}

/** Rejects a price outside the range a real one can take (a stray number from an ad, say). */
export function plausible(n: number | null, min: number, max: number): n is number {
  return n !== null && n >= min && n <= max;
}
