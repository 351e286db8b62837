// Small readers shared by the price parsers: amounts as upstream pages print them
// ("₹ 1,02,450", "Rs. 94.72", "-0.12%") and table rows as arrays of cell texts.

import type { CheerioAPI } from 'cheerio';
import { cheerio } from '../cheerio/index.js';
import type { AnyNode, Element } from 'domhandler';
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
 * The largest price page parsed. Pages are parsed on the event loop (cheerio on parse5), which a
 * page of 10 MB (the upstream client's cap) held for 15 s at a load average of 26 (2 MB: 1.5 s);
 * the pages read are far smaller (not measured here; the fixtures cut from them are 7–13 KB).
 */
export const PRICE_PAGE_MAX_CHARS = 2_000_000;

/**
 * Loads a page, refusing a bot-check page as a block: by its title, or by Cloudflare's
 * challenge script (`_cf_chl_opt`), which ordinary pages behind Cloudflare do not carry; and a
 * page larger than PRICE_PAGE_MAX_CHARS as an answer that cannot be read.
 * (A captcha widget alone proves nothing: normal pages have them in comment forms.)
 */
export function loadPage(source: string, html: string): CheerioAPI {
  if (html.length > PRICE_PAGE_MAX_CHARS)
    throw new UpstreamError(source, 'bad_response', `${source} answered a page of ${html.length} characters, more than the ${PRICE_PAGE_MAX_CHARS} read`);
  const $ = cheerio().load(html);
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
  /**
   * Every text that names the table, nearest first: its caption, the heading, button or summary
   * just before it or before each wrapper (an accordion's "… Rate in Bangalore, September 2026"),
   * and the title attributes of it and its wrappers (`data-*-title`, `title`, `aria-label`).
   */
  labels: string[];
  /** The header row's cell texts (the first row of th cells, else a first row with no number in it). */
  header: string[];
  /** Every other row, as cell texts. */
  rows: string[][];
}

const HEADINGS = 'h1,h2,h3,h4,h5';
const LABEL_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'button', 'summary', 'legend']);
const TITLE_ATTRIBUTE = /(?:^|-)title$|^aria-label$/;

const isLabel = (el: Element) => LABEL_TAGS.has(el.tagName) || el.attribs.role === 'button' || el.attribs.role === 'heading';

/** The last label element in `el` (itself included), walking at most `budget` elements: a big sibling is not searched through. */
function lastLabelIn(el: Element, budget = 400): Element | undefined {
  if (isLabel(el)) return el;
  // Children pushed in order and popped last first: the walk meets the later labels first.
  const stack: Element[] = [el];
  for (let seen = 0; stack.length && seen < budget; seen++) {
    const n = stack.pop()!;
    if (n !== el && isLabel(n)) return n;
    for (const c of n.children) if (c.type === 'tag') stack.push(c as Element);
  }
  return undefined;
}

/** The texts naming a table, nearest first (see LabelledTable.labels); stops at the scope (`stop`) and after eight wrappers. */
function labelsOf($: CheerioAPI, t: Element, stop: ReadonlySet<AnyNode>): string[] {
  const out: string[] = [];
  const add = (s: string | undefined) => {
    const c = cellText(s ?? '');
    if (c && !out.includes(c)) out.push(c);
  };
  add($(t).children('caption').text());
  for (
    let el: Element | null = t, depth = 0;
    el && el.type === 'tag' && el.tagName !== 'body' && !stop.has(el) && depth < 8;
    el = el.parent as Element | null, depth++
  ) {
    for (const [name, value] of Object.entries(el.attribs)) if (TITLE_ATTRIBUTE.test(name)) add(value);
    // The nearest of the three siblings before it that is, or holds, a label.
    let n = el.prev;
    for (let k = 0; n && k < 3; n = n.prev) {
      if (n.type !== 'tag') continue;
      k++;
      const label = lastLabelIn(n as Element);
      if (label) {
        add($(label).text());
        break;
      }
    }
  }
  return out;
}

/** A table's rows in document order, those of tables nested in it left to them (walked without selectors: pages run to 650 KB). */
function ownRows(table: Element): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (c.type !== 'tag') continue;
      const e = c as Element;
      if (e.tagName === 'tr') out.push(e);
      if (e.tagName !== 'table') walk(e);
    }
  };
  walk(table);
  return out;
}

/** Every table within `scope`, with its heading and header row (nested tables read once each). */
export function labelledTables($: CheerioAPI, scope = 'body'): LabelledTable[] {
  const out: LabelledTable[] = [];
  const stop = new Set<AnyNode>($(scope).toArray());
  $(scope)
    .find('table')
    .each((_, t) => {
      const rows: { th: boolean; cells: string[] }[] = [];
      for (const tr of ownRows(t as Element)) {
        const cells = tr.children.filter((c): c is Element => c.type === 'tag' && (c.tagName === 'td' || c.tagName === 'th'));
        if (cells.length) rows.push({ th: cells.every((c) => c.tagName === 'th'), cells: cells.map((c) => cellText($(c).text())) });
      }
      let at = rows.findIndex((r) => r.th);
      if (at < 0 && rows.length && rows[0].cells.every((c) => amount(c) === null)) at = 0;
      const caption = $(t).children('caption').text();
      let heading = caption || $(t).prevAll(HEADINGS).first().text();
      // The table may sit in a wrapper (or two): their previous or own headings name it.
      for (let el = $(t).parent(); !heading && el.length && !el.is(scope) && !el.is('body'); el = el.parent()) {
        heading = el.prevAll(HEADINGS).first().text() || el.children(HEADINGS).first().text();
      }
      out.push({
        heading: cellText(heading),
        labels: labelsOf($, t as Element, stop),
        header: at >= 0 ? rows[at].cells : [],
        rows: rows.filter((_r, i) => i !== at).map((r) => r.cells),
      });
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
