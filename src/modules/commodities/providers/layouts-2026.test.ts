// The page layouts goodreturns and IBJA serve since 2026 (issue 43), on constructed fixtures:
// each figure read by what its header, heading or label says, checked against a second place
// on the page, and a page the readers do not know refused as a `parse` failure naming what
// was found.

import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { failureKind } from '../../../../test/helpers/failure-kind.js';
import { fixture } from '../fixtures/fake-servers.js';
import { COMMODITIES_REGISTRY } from '../index.js';
import { goodreturnsMetals, parseGoodreturnsMetals } from './goodreturns.js';
import { parseIbja } from './ibja.js';
import { quoteFromPage } from './quote.js';

const india = COMMODITIES_REGISTRY.find('india')!;
const lucknow = COMMODITIES_REGISTRY.find('lucknow')!;
const mumbai = COMMODITIES_REGISTRY.find('mumbai')!;
const indiaPage = () => fixture('goodreturns-gold-india-2026.html');
const cityPage = () => fixture('goodreturns-gold-city-2026.html');
const gold = (html: string, place = lucknow) => parseGoodreturnsMetals(html, { metal: 'gold', place });

const LUCKNOW = { price: 14688, details: { price_22k: 13465, price_18k: 11017 }, asOf: '2026-10-01' };

describe('goodreturns gold pages, 2026 layout', () => {
  it("reads the all-India page's gram table, checked against its last-10-days table, whose days are the history", () => {
    const q = gold(indiaPage(), india);
    expect(q).toMatchObject({ price: 14673, details: { price_22k: 13450, price_18k: 11005 }, asOf: '2026-10-01' });
    expect(q.history).toHaveLength(10);
    expect(q.history![0]).toEqual({ day: '2026-10-01', price: 14673, details: { price_22k: 13450 } });
    expect(q.history![1]).toEqual({ day: '2026-09-30', price: 14700, details: { price_22k: 13475 } });
    expect(q.history![9].day).toBe('2026-09-22');
    // Not from the cities' or the countries' tables, which are not prices by weight.
    expect(quoteFromPage('goodreturns-metals', 'gold', cheerio.load(indiaPage()), 'India').from['24K']).toBe(
      'the price-by-weight table "today gold price per gram in india (inr)"',
    );
  });

  it("reads a city page's gram table, checked against its price cards and last-10-days table", () => {
    const q = gold(cityPage());
    expect(q).toMatchObject(LUCKNOW);
    expect(q.history!.map((h) => h.day)).toEqual([
      '2026-10-01',
      '2026-09-30',
      '2026-09-29',
      '2026-09-28',
      '2026-09-27',
      '2026-09-26',
      '2026-09-25',
      '2026-09-24',
      '2026-09-23',
      '2026-09-22',
    ]);
  });

  it("lists the all-India page's cities with their three purities (not its countries, priced in their own currencies)", () => {
    const listing = goodreturnsMetals('http://gr.test').listing!({ metal: 'gold', place: mumbai })!;
    expect(listing.request.url).toBe('http://gr.test/gold-rates/');
    const listed = listing.read({ text: indiaPage } as never);
    expect(listed.map((l) => l.name)).toEqual(['Chennai', 'Mumbai', 'Delhi', 'Kolkata', 'Bangalore', 'Hyderabad', 'Kerala', 'Pune', 'Vadodara', 'Ahmedabad']);
    expect(listed[0].quote).toEqual({ price: 14728, details: { price_22k: 13500, price_18k: 11260 } });
    // Only Indian cities' gold is listed; the national page, places abroad and other metals are not.
    expect(goodreturnsMetals('http://gr.test').listing!({ metal: 'gold', place: india })).toBeUndefined();
    expect(goodreturnsMetals('http://gr.test').listing!({ metal: 'silver', place: mumbai })).toBeUndefined();
    expect(goodreturnsMetals('http://gr.test').listing!({ metal: 'gold', place: COMMODITIES_REGISTRY.find('dubai')! })).toBeUndefined();
  });

  it('refuses a page whose price card disagrees with its gram table, naming both', () => {
    const html = cityPage().replace('<span id="24K-price">&#8377;14,688</span>', '<span id="24K-price">&#8377;14,700</span>');
    expect(() => gold(html)).toThrowError(
      'goodreturns-metals: two places disagree: the price-by-weight table "today gold price per gram in lucknow (inr)" gives 24K ₹14688 and the price cards ("24K Gold /g ₹14,700 - ₹27", "22K Gold /g ₹13,465 - ₹25", "18K Gold /g ₹11,017 - ₹ 20") gives ₹14700 on the gold page of Lucknow',
    );
    expect(failureKind(() => gold(html))).toBe('parse');
  });

  it("refuses a page whose last-10-days table's newest row disagrees with its gram table, naming both", () => {
    const $ = cheerio.load(indiaPage());
    $('h2:contains("Last 10 Days")').parent().find('tbody tr').first().find('td').eq(2).text('₹13,500 (+25)');
    expect(() => gold($.html(), india)).toThrowError(
      /the price-by-weight table "today gold price per gram in india \(inr\)" gives 22K ₹13450 and the newest row \(Oct 01, 2026\) of the history table "gold rate in india for last 10 days \(1 gram\)" gives ₹13500/,
    );
    expect(failureKind(() => gold($.html(), india))).toBe('parse');
  });

  it('refuses a page it does not know as a parse failure naming the tables it found', () => {
    // The gram table gone: the cities', countries' and history tables are not today's national price.
    const $ = cheerio.load(indiaPage());
    $('h2:contains("Today Gold Price Per Gram")').parent().remove();
    expect(() => gold($.html(), india)).toThrowError(
      /no price by weight for 24K, 22K, 18K \(read by table headers and headings; tables: "Indian Major Cities Gold Rates Today \(1 gram\)" \(City \| 24K \| 22K \| 18K\), "Major Countries Gold Rates Today \(1 gram\)" \(Country \| CURRENCY \| 24K \| 22K \| 18K \| 24K \(INR\)\), "Gold Rate in India for Last 10 Days \(1 gram\)" \(Date \| 24K \| 22K\); price cards: none\) on the gold page of India/,
    );
    // Columns that name no purity are not read by position.
    const renamed = cityPage().replace('<th>Gram</th><th>24K</th><th>22K</th><th>18K</th>', '<th>Gram</th><th>Pure</th><th>Standard</th><th>Jewellery</th>');
    const noCards = without(renamed, '.gr-price-cards');
    expect(() => gold(noCards)).toThrowError(
      /no price by weight for 24K, 22K, 18K .*"Today Gold Price Per Gram in Lucknow \(INR\)" \(Gram \| Pure \| Standard \| Jewellery\)/,
    );
    expect(failureKind(() => gold(noCards))).toBe('parse');
  });

  it('takes no teaser for a price card and no other dated table for the last 10 days', () => {
    const html = cityPage()
      .replace('<main class="gr-main">', '<main class="gr-main"><div class="news-card"><a>24K gold up &#8377;500 per 10 g in a week</a></div>')
      .replace(
        '<section class="gr-table-section section-sec4">',
        '<h2>Gold Rate in Lucknow in 2025</h2><table><thead><tr><th>Date</th><th>24K</th><th>22K</th></tr></thead><tbody><tr><td>Dec 31, 2025</td><td>&#8377;12,001</td><td>&#8377;11,001</td></tr></tbody></table><section class="gr-table-section section-sec4">',
      );
    expect(gold(html)).toMatchObject(LUCKNOW);
  });

  it('reads the same prices whatever the spacing, entity form of ₹, digit grouping, wrappers or header cells', () => {
    const variants: Record<string, (h: string) => string> = {
      'no whitespace between tags': (h) => h.replace(/>\s+</g, '><'),
      'hex entity and a space': (h) => h.replace(/&#8377;\s?|&#x20b9;\s?|&#X20B9;\s?|₹\s?/g, '&#x20B9; '),
      'Rs. instead of ₹': (h) => h.replace(/&#8377;\s?|&#x20b9;\s?|&#X20B9;\s?|₹\s?/g, 'Rs. '),
      'no digit grouping': (h) => h.replace(/(\d),(?=\d)/g, '$1'),
      'weights spelled out': (h) => h.replace(/<td>(1|8|10|100)<\/td>/g, '<td>$1 gram</td>'),
      'extra wrappers and h3 headings': (h) =>
        h
          .replace(/<table/g, '<div class="x"><div class="y"><table')
          .replace(/<\/table>/g, '</table></div></div>')
          .replace(/<(\/?)h2/g, '<$1h3'),
      'header in td cells': (h) =>
        h.replace(/<thead class="tabelhead"><tr>(.*?)<\/tr><\/thead>/g, (_, row: string) => `<tr>${row.replace(/<(\/?)th>/g, '<$1td>')}</tr>`),
      'no-break spaces and newlines in cells': (h) => h.replace(/<td>(₹|&#8377;)/g, '<td>\n  &nbsp;$1'),
    };
    for (const [name, change] of Object.entries(variants)) {
      expect({ name, q: gold(change(cityPage())) }, name).toMatchObject({ name, q: LUCKNOW });
      expect({ name, q: gold(change(indiaPage()), india) }, name).toMatchObject({ name, q: { price: 14673, details: { price_22k: 13450, price_18k: 11005 } } });
    }
  });
});

describe('goodreturns silver city page, 2026 style', () => {
  it('reads silver per 10 g from the gram table, checked against the cards (/g, /kg) and the 10 g column of the last 10 days', () => {
    const q = parseGoodreturnsMetals(fixture('goodreturns-silver-city-2026.html'), { metal: 'silver', place: lucknow });
    expect(q).toMatchObject({ price: 1760, asOf: '2026-10-01' });
    expect(q.history).toHaveLength(10);
    expect(q.history![1]).toEqual({ day: '2026-09-30', price: 1770 });
  });
});

const ibjaPage = () => fixture('ibja-rates-2026.html');

describe('IBJA rates page with only its dated tables, 2026', () => {
  it("answers each metal from the newest day's PM row, with its day and session, and the other days as history", () => {
    expect(parseIbja(ibjaPage(), { metal: 'gold', place: india })).toMatchObject({
      price: 14680,
      details: { price_22k: 13446.9, price_18k: 11010 },
      asOf: '2026-10-01',
      session: 'PM',
    });
    expect(parseIbja(ibjaPage(), { metal: 'silver', place: india })).toMatchObject({ price: 1765, asOf: '2026-10-01', session: 'PM' });
    const platinum = parseIbja(ibjaPage(), { metal: 'platinum', place: india });
    expect(platinum).toMatchObject({ price: 5234, asOf: '2026-10-01', session: 'PM' });
    expect(platinum.history!.map((h) => h.day)).toEqual(['2026-10-01', '2026-09-30', '2026-09-29', '2026-09-28', '2026-09-25']);
    expect(platinum.history![1]).toEqual({ day: '2026-09-30', price: 5248 });
  });

  it('answers from the AM row while the PM session has no rate (NA)', () => {
    const $ = cheerio.load(ibjaPage());
    $('td[data-label="PM"]:contains("01/10/2026")').parent().find('td').slice(1).text(' NA ');
    expect(parseIbja($.html(), { metal: 'silver', place: india })).toMatchObject({ price: 1769, asOf: '2026-10-01', session: 'AM' });
    expect(parseIbja($.html(), { metal: 'gold', place: india })).toMatchObject({ price: 14695, session: 'AM' });
  });

  it('reads the sessions by their labels, whatever the order of rows and tables, commas or spacing', () => {
    const $ = cheerio.load(ibjaPage());
    const [am, pm] = $('table.table-striped tbody').toArray();
    // One table holding both sessions, oldest first, with Indian digit grouping.
    $(pm)
      .find('tr')
      .toArray()
      .reverse()
      .forEach((tr) => $(am).prepend(tr));
    $(pm).closest('div.col-md-6').remove();
    const html = $.html()
      .replace(/>(\d{3})(\d{3}) </g, (_, a, b) => `>${a[0]},${a.slice(1)},${b} `)
      .replace(/>\s+</g, '><');
    expect(parseIbja(html, { metal: 'gold', place: india })).toMatchObject({ price: 14680, asOf: '2026-10-01', session: 'PM' });
    expect(parseIbja(html, { metal: 'silver', place: india }).history![0]).toEqual({ day: '2026-10-01', price: 1765 });
  });

  it('refuses a page with neither rate spans nor a readable dated row as a parse failure naming what it found', () => {
    const noLabels = ibjaPage()
      .replace(/ data-label="[^"]*"/g, '')
      .replace(/<th>(999|995|916|750|585|Silver 999|Platinum 999)<\/th>/g, '<th>?</th>');
    expect(() => parseIbja(noLabels, { metal: 'gold', place: india })).toThrowError(
      /IBJA: 10 dated archive row\(s\) but no cell labelled or headed as a metal and purity/,
    );
    expect(() =>
      parseIbja('<html><body><table><tr><th>Purity</th><th>Rate</th></tr><tr><td>24K</td><td>—</td></tr></table></body></html>', {
        metal: 'gold',
        place: india,
      }),
    ).toThrowError(
      'IBJA: no gold 999/916/750 rate on the rates page: no rate spans, 0 dated row(s) without a believable gold 999/916/750 figure (tables: (Purity | Rate))',
    );
  });
});

const without = (html: string, selector: string) => {
  const $ = cheerio.load(html);
  $(selector).remove();
  return $.html();
};
