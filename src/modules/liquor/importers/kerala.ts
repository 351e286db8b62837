// Kerala: Kerala State Beverages (M&M) Corporation Ltd (KSBC, "Bevco"), https://www.ksbc.co.in.
// What: the price list of IMFL, beer and wine for its warehouses and FL-1 shops, a text PDF
// linked from the corporation's price-list page; prices are fixed by the state and published
// by KSBC. Docs: none beyond the page and the list itself; the layout is described in
// kerala-layout.ts. Quirks: the page's address has moved between site versions, so
// LIQUOR_KERALA_URL may name the site (the importer follows one link whose text or address
// says "price list") or the page itself; the PDF is the first link to a .pdf whose text or
// address says "price list" (any .pdf when none does). Terms: a public notice of a state
// corporation; we store the printed facts (names, sizes, prices) with the list's dates and
// address, never the file itself.

import { cheerio } from '../../../lib/cheerio/index.js';
import { UpstreamError, type BoundHttp } from '../../../core/upstream/index.js';
import { pdfStreamLines } from '../../../lib/pdf/index.js';
import type { FetchedList, StateImporter } from './types.js';
import { parseKeralaPages } from './kerala-layout.js';

const UPSTREAM = 'ksbc';
// The real list is a few MB; room to grow.
const MAX_PDF_BYTES = 64 * 1024 * 1024;
const PRICE_LIST = /price[\s_-]*list/i;

interface Link {
  href: string;
  text: string;
}

/** Every link of a page, absolute. */
export function linksOf(html: string, base: string): Link[] {
  const $ = cheerio().load(html);
  const out: Link[] = [];
  $('a[href]').each((_, a) => {
    try {
      out.push({ href: new URL($(a).attr('href') ?? '', base).href, text: $(a).text().replace(/\s+/g, ' ').trim() });
    } catch {
      // an unparseable href is not a link we can follow
    }
  });
  return out.filter((l) => /^https?:/i.test(l.href));
}

const isPdf = (l: Link) => /\.pdf($|[?#])/i.test(l.href);
const saysPriceList = (l: Link) => PRICE_LIST.test(l.text) || PRICE_LIST.test(decodeURIComponent(l.href));

/** The price list's PDF link on a page, if it has one. */
export function pdfLinkOf(links: Link[]): string | undefined {
  const pdfs = links.filter(isPdf);
  return (pdfs.find(saysPriceList) ?? pdfs[0])?.href;
}

export function keralaImporter(siteUrl: string): StateImporter {
  return {
    state: 'kerala',
    stateName: 'Kerala',
    authority: 'Kerala State Beverages (M&M) Corporation Ltd (KSBC)',
    upstream: UPSTREAM,
    async fetchList(http: BoundHttp): Promise<FetchedList> {
      const first = await http({ url: siteUrl });
      let links = linksOf(first.text(), first.url);
      let pdf = pdfLinkOf(links);
      if (!pdf) {
        const page = links.find((l) => !isPdf(l) && saysPriceList(l));
        if (!page) throw new UpstreamError(UPSTREAM, 'bad_response', `no price-list link on ${first.url}`);
        const second = await http({ url: page.href });
        links = linksOf(second.text(), second.url);
        pdf = pdfLinkOf(links);
        if (!pdf) throw new UpstreamError(UPSTREAM, 'bad_response', `no PDF linked from the price-list page ${second.url}`);
      }
      const res = await http({ url: pdf, maxBytes: MAX_PDF_BYTES, timeoutMs: 120_000 });
      if (res.body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new UpstreamError(UPSTREAM, 'bad_response', `${res.url} is not a PDF`);
      return { url: res.url, body: res.body };
    },
    async parse(file: Uint8Array) {
      let pages;
      try {
        pages = await pdfStreamLines(file);
      } catch (err) {
        throw new UpstreamError(UPSTREAM, 'bad_response', `the price list does not read as a PDF: ${err instanceof Error ? err.message : String(err)}`);
      }
      return parseKeralaPages(pages.streams, pages.lines);
    },
  };
}
