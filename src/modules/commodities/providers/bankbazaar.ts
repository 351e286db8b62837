// BankBazaar (www.bankbazaar.com, METALS_BANKBAZAAR_URL) gold and silver rates by city: the
// second metals source (no platinum pages). Pages: /gold-rate-<city>.html carries "24 Carat
// Gold Rate in <City>" and "22 Carat Gold Rate …" sections, each a table "Gram | Today |
// Yesterday | Change" (rows 1, 8, 10, 100 gram); /silver-rate-<city>.html has one such
// table. All-India: /gold-rate-india.html.
// Quirks: no 18 carat table on some city pages — then the quote is refused rather than
// guessed (gold needs 24/22/18 together); "₹ 6,500" with a space after the sign.
// Terms: public pages, read with an identifying User-Agent, a few hundred times a day.
// Markup as public parsers of these pages describe it (readers that look for the
// "22 Carat Gold Rate" heading and its "1 Gram" row, found by code search), not copied; read
// by the same meaning-based table reading as goodreturns (price-tables.ts, quote.ts).

import { upstream } from '../../../core/upstream/index.js';
import { loadPage, type Place } from '../../../lib/prices/index.js';
import { quoteFromPage } from './quote.js';
import { isNational, type MetalPage, type MetalQuote, type MetalSourceSpec } from './types.js';

export const BANKBAZAAR_METALS = 'bankbazaar-metals';

const slug = (p: Place) => (isNational(p) ? 'india' : (p.slugs.bankbazaar ?? p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')));

export function bankbazaarMetals(baseUrl: string): MetalSourceSpec {
  return {
    name: BANKBAZAAR_METALS,
    request: ({ metal, place }) => ({ url: `${baseUrl}/${metal}-rate-${slug(place)}.html`, headers: { accept: 'text/html' } }),
    parse: (res, input) => parseBankbazaarMetals(res.text(), input),
  };
}

export function parseBankbazaarMetals(html: string, { metal, place }: MetalPage): MetalQuote {
  return quoteFromPage(BANKBAZAAR_METALS, metal, loadPage(BANKBAZAAR_METALS, html), place.name).quote;
}

/** The source and the setting it reads. */
export const bankbazaarMetalsUpstream = upstream({
  name: BANKBAZAAR_METALS,
  settings: ['METALS_BANKBAZAAR_URL'],
  build: (s) => bankbazaarMetals(s.METALS_BANKBAZAAR_URL),
});
