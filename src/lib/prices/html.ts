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

/** Every row of the tables matched by `selector`, as cell texts (th and td). */
export function tableRows($: cheerio.CheerioAPI, selector = 'table'): string[][] {
  const out: string[][] = [];
  $(selector)
    .find('tr')
    .each((_, tr) => {
      const cells = $(tr)
        .children('td,th')
        .map((__, c) => cellText($(c).text()))
        .get();
      if (cells.length) out.push(cells);
    });
  return out;
}

/** Rejects a price outside the range a real one can take (a stray number from an ad, say). */
export function plausible(n: number | null, min: number, max: number): n is number {
  return n !== null && n >= min && n <= max;
}
