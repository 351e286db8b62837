// Google Finance quote pages (https://www.google.com/finance), HTML; Google publishes no API and
// no documentation of the markup, so this reads what public parsers agree on:
// GET {base}/finance/quote/RELIANCE:NSE?hl=en → a page whose main quote element carries
//   data-last-price="2960" data-last-normal-market-timestamp="<unix s>" data-currency-code="INR",
// and a key-stats list of rows <div class="gyFHrc"> … <div class="mfs7Fc">Previous close</div> …
//   <div class="P6K39c">₹2,086.20</div></div> (also "Day range": "₹2,080.00 - ₹2,100.00").
// Quirks: class names are build artefacts and change without notice, so rows are found by their
// English label (hl=en) and the price by its data attribute; the first quote element is the
// page's own (lists of related securities follow it). What Google answers for an unknown symbol
// is not established from public material, so a page without a quote is a bad response, not a 404.
// Terms: Google's terms of service; the data is for information, "not for trading purposes",
// and may be delayed. Point STOCKS_GOOGLE_URL elsewhere to replace it.

import type { CheerioAPI } from 'cheerio';
import { cheerio } from '../../../lib/cheerio/index.js';
import type { HttpProviderSpec, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import { price, unixTime, type Quote, type QuoteQuery } from './types.js';

export const GOOGLE = 'google-finance';

/** "₹2,086.20" → 2086.2; null for anything but a currency sign and a plain number ("2.7T" is not a price). */
export function amount(text: string | undefined): number | null {
  const t = (text ?? '').replace(/[\p{Sc}\s]/gu, '');
  return /^\d[\d,]*(\.\d+)?$/.test(t) ? price(Number(t.replace(/,/g, ''))) : null;
}

/** The value of the key-stats row whose label reads `label`. */
function stat($: CheerioAPI, label: string): string | undefined {
  const row = $('div.gyFHrc')
    .filter((_, el) => $(el).find('.mfs7Fc').first().text().trim().toLowerCase() === label.toLowerCase())
    .first();
  return row.length ? row.find('.P6K39c').first().text().trim() : undefined;
}

function dayRange(text: string | undefined): [number | null, number | null] {
  const parts = (text ?? '').split(/\s[-–]\s/);
  return parts.length === 2 ? [amount(parts[0]), amount(parts[1])] : [null, null];
}

export function parseGoogle(res: UpstreamResponse): Quote {
  const $ = cheerio().load(res.text());
  const node = $('[data-last-price]').first();
  const last = node.length ? amount(node.attr('data-last-price')) : null;
  if (last === null) throw new UpstreamError(GOOGLE, 'bad_response', 'google-finance answered a page without a quote (data-last-price)');
  const currency = node.attr('data-currency-code');
  const [low, high] = dayRange(stat($, 'Day range'));
  return {
    price: last,
    previous_close: amount(stat($, 'Previous close')),
    day_low: low,
    day_high: high,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    exchange_time: unixTime(node.attr('data-last-normal-market-timestamp')),
    source: GOOGLE,
  };
}

export function google(baseUrl: string): HttpProviderSpec<QuoteQuery, Quote> {
  return {
    name: GOOGLE,
    request: (q) => ({ url: `${baseUrl}/finance/quote/${encodeURIComponent(q.symbol)}:${q.exchange}?hl=en`, headers: { accept: 'text/html' } }),
    parse: (res) => parseGoogle(res),
  };
}

/** The source and the setting it reads. */
export const googleUpstream = upstream({ name: GOOGLE, settings: ['STOCKS_GOOGLE_URL'], build: (s) => google(s.STOCKS_GOOGLE_URL) });
