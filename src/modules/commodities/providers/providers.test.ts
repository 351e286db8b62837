import { describe, expect, it } from 'vitest';
import { COMMODITIES_REGISTRY } from '../index.js';
import { fixture } from '../fixtures/fake-servers.js';
import { bankbazaarMetals, parseBankbazaarMetals } from './bankbazaar.js';
import { goodreturnsMetals, parseGoodreturnsMetals } from './goodreturns.js';
import { parseIbja } from './ibja.js';
import { quoteFromPage } from './quote.js';
import * as cheerio from 'cheerio';
import { failureKind } from '../../../../test/helpers/failure-kind.js';

/** A real capture (or constructed page) with the elements a parser reads taken out. */
const without = (html: string, selector: string) => {
  const $ = cheerio.load(html);
  $(selector).remove();
  return $.html();
};

const mumbai = COMMODITIES_REGISTRY.find('mumbai')!;
const india = COMMODITIES_REGISTRY.find('india')!;
const bengaluru = COMMODITIES_REGISTRY.find('bengaluru')!;

describe('goodreturns metals pages', () => {
  it('reads 24K into price and 22K/18K into details from the three carat tables, checked against the last-10-days table (per 10 g)', () => {
    const q = parseGoodreturnsMetals(fixture('goodreturns-gold-mumbai.html'), { metal: 'gold', place: mumbai });
    expect(q).toMatchObject({ price: 12764, details: { price_22k: 11700, price_18k: 9573 }, asOf: '2026-11-21' });
    expect(q.history).toEqual([
      { day: '2026-11-21', price: 12764, details: { price_22k: 11700 } },
      { day: '2026-11-20', price: 12709, details: { price_22k: 11650 } },
    ]);
  });

  it('takes each purity from the table its heading names, whatever the page order', () => {
    const $ = cheerio.load(fixture('goodreturns-gold-mumbai.html'));
    const containers = $('.gold-each-container');
    containers.first().insertAfter(containers.last()); // 24 carat now last
    expect(parseGoodreturnsMetals($.html(), { metal: 'gold', place: mumbai })).toMatchObject({ price: 12764, details: { price_22k: 11700, price_18k: 9573 } });
    expect(quoteFromPage('goodreturns-metals', 'gold', $, 'Mumbai').from).toEqual({
      '24K': 'the price-by-weight table "today 24 carat gold rate per gram in mumbai (inr)"',
      '22K': 'the price-by-weight table "today 22 carat gold rate per gram in mumbai (inr)"',
      '18K': 'the price-by-weight table "today 18 carat gold rate per gram in mumbai (inr)"',
    });
  });

  it('refuses gold tables whose headings do not name their purity as a parse failure, rather than guess by order', () => {
    const html = fixture('goodreturns-gold-mumbai.html').replace(/Today \d\d Carat Gold Rate/g, 'Gold Rate');
    expect(() => parseGoodreturnsMetals(html, { metal: 'gold', place: mumbai })).toThrowError(
      /no price by weight for 24K, 22K, 18K .*tables: "Gold Rate Per Gram in Mumbai \(INR\)" \(Gram \| Today \| Yesterday \| Change\)/,
    );
    expect(failureKind(() => parseGoodreturnsMetals(html, { metal: 'gold', place: mumbai }))).toBe('parse');
  });

  it('reads the price from the column headed Today, not the second column', () => {
    const html = fixture('goodreturns-silver-mumbai.html').replace(
      '<th>Gram</th><th>Today</th><th>Yesterday</th>',
      '<th>Gram</th><th>Yesterday</th><th>Today</th>',
    );
    const $ = cheerio.load(html);
    $('.gold-rate-table tr').each((_, tr) => {
      const tds = $(tr).children('td');
      if (tds.length >= 3) tds.eq(2).insertBefore(tds.eq(1));
    });
    expect(parseGoodreturnsMetals($.html(), { metal: 'silver', place: mumbai })).toEqual({ price: 1650 });
  });

  it('gives silver per 10 g and platinum per gram', () => {
    expect(parseGoodreturnsMetals(fixture('goodreturns-silver-mumbai.html'), { metal: 'silver', place: mumbai })).toEqual({ price: 1650 });
    expect(parseGoodreturnsMetals(fixture('goodreturns-platinum-mumbai.html'), { metal: 'platinum', place: mumbai })).toEqual({ price: 5140 });
  });

  it('refuses a page whose figures are not believable prices', () => {
    const html = fixture('goodreturns-gold-mumbai.html').replace(/&#8377;12,764/, '&#8377;12');
    expect(failureKind(() => parseGoodreturnsMetals(html, { metal: 'gold', place: mumbai }))).toBe('parse');
    const alone = without(html, 'h2:contains("Last 10 Days"), h2:contains("Last 10 Days") + table');
    expect(() => parseGoodreturnsMetals(alone, { metal: 'gold', place: mumbai })).toThrowError(/no believable 24K price/);
  });

  it('builds city, old-name and national URLs on the configured base', () => {
    const spec = goodreturnsMetals('http://gr.test');
    expect(spec.request({ metal: 'gold', place: bengaluru }).url).toBe('http://gr.test/gold-rates/bangalore.html');
    expect(spec.request({ metal: 'silver', place: india }).url).toBe('http://gr.test/silver-rates/');
    expect(spec.request({ metal: 'platinum', place: mumbai }).url).toBe('http://gr.test/platinum-price-in-mumbai.html');
  });
});

describe('BankBazaar metals pages', () => {
  it('reads the carat sections and the silver table (per kg row scaled to 10 g when needed)', () => {
    expect(parseBankbazaarMetals(fixture('bankbazaar-gold-mumbai.html'), { metal: 'gold', place: mumbai })).toEqual({
      price: 12770,
      details: { price_22k: 11705, price_18k: 9578 },
    });
    expect(parseBankbazaarMetals(fixture('bankbazaar-silver-mumbai.html'), { metal: 'silver', place: mumbai })).toEqual({ price: 1652 });
    expect(bankbazaarMetals('http://bb.test').request({ metal: 'gold', place: india }).url).toBe('http://bb.test/gold-rate-india.html');
  });

  it('refuses a gold page without an 18 carat table rather than guess it', () => {
    const html = fixture('bankbazaar-gold-mumbai.html').replace(/<h2>18 Carat[\s\S]*?<\/table>/, '');
    expect(failureKind(() => parseBankbazaarMetals(html, { metal: 'gold', place: mumbai }))).toBe('parse');
  });
});

describe('IBJA rates page', () => {
  it('reads the per-gram gold spans and converts silver (per kg) and platinum (per 10 g), dated by the row that agrees', () => {
    const page = fixture('ibja-home.html');
    expect(parseIbja(page, { metal: 'gold', place: india })).toMatchObject({
      price: 12745,
      details: { price_22k: 11674, price_18k: 9559 },
      asOf: '2026-11-20',
      session: 'PM',
    });
    expect(parseIbja(page, { metal: 'silver', place: india }).price).toBe(1632.5);
    expect(parseIbja(page, { metal: 'platinum', place: india }).price).toBe(5140);
  });

  it("reads the recent rates table (PM session) as the national price's history, newest first", () => {
    const gold = parseIbja(fixture('ibja-home.html'), { metal: 'gold', place: india });
    expect(gold.history).toHaveLength(10);
    expect(gold.history![0]).toEqual({ day: '2026-11-20', price: 12745, details: { price_22k: 11674.4, price_18k: 9558.8 } });
    expect(gold.history![9].day).toBe('2026-11-10');
    // Sunday is not a working day: no row.
    expect(gold.history!.map((h) => h.day)).not.toContain('2026-11-15');
    const silver = parseIbja(fixture('ibja-home.html'), { metal: 'silver', place: india });
    expect(silver.history![1]).toEqual({ day: '2026-11-19', price: 1628.5 });
  });

  it('falls back to the AM table when the PM one is empty', () => {
    const page = fixture('ibja-home.html')
      .replace(/<div id="tab-pm"[\s\S]*?<\/div>/, '<div id="tab-pm"></div>')
      .replace(/<span id="lblPlatinum999_PM">\d+<\/span>/, '<span id="lblPlatinum999_PM"></span>');
    expect(parseIbja(page, { metal: 'platinum', place: india }).history![0]).toEqual({ day: '2026-11-20', price: 5113 });
  });

  it('names archive columns by their labels in any spelling, or by the header above them, never by position', () => {
    const page = fixture('ibja-home.html');
    // The PM rows' value cells say "GOLD 999 (Per 10 Gm)"; the date cells say "PM".
    expect(parseIbja(page, { metal: 'gold', place: india }).history![0]).toEqual({
      day: '2026-11-20',
      price: 12745,
      details: { price_22k: 11674.4, price_18k: 9558.8 },
    });
    // Without the header row, the AM rows' unlabelled cells cannot be named: the PM table alone answers.
    const noAmHeader = page.replace(/<div id="tab-am"([\s\S]*?)<thead>[\s\S]*?<\/thead>/, '<div id="tab-am"$1');
    expect(parseIbja(noAmHeader, { metal: 'gold', place: india }).history).toHaveLength(10);
  });

  it('refuses dated archive rows none of whose cells is labelled or headed as a metal as a parse failure', () => {
    const unnamed = fixture('ibja-home.html')
      .replace(/<thead>[\s\S]*?<\/thead>/g, '')
      .replace(/ data-label="(GOLD|SILVER|PLATINUM) [^"]*"/g, '');
    expect(() => parseIbja(unnamed, { metal: 'gold', place: india })).toThrowError(
      /20 dated archive row\(s\) but no cell labelled or headed as a metal and purity/,
    );
    expect(failureKind(() => parseIbja(unnamed, { metal: 'gold', place: india }))).toBe('parse');
  });

  it('uses the AM figure before the PM session is published, and says so', () => {
    const page = fixture('ibja-home.html')
      .replace(/<span id="lblSilver999_PM">\d+<\/span>/, '<span id="lblSilver999_PM"></span>')
      .replace(/<tr><td data-label="PM"><strong>20\/11\/2026[\s\S]*?<\/tr>/, '');
    expect(parseIbja(page, { metal: 'silver', place: india })).toMatchObject({ price: 1629.8, asOf: '2026-11-20', session: 'AM' });
  });

  it('refuses rate spans that no dated row of the newest day agrees with, naming both', () => {
    const page = fixture('ibja-home.html').replace('<span id="GoldRatesCompare999">12745</span>', '<span id="GoldRatesCompare999">12800</span>');
    expect(() => parseIbja(page, { metal: 'gold', place: india })).toThrowError(
      'IBJA: the rate spans and the dated rows disagree on gold 999/916/750: the spans give ₹12800/₹11674/₹9559 a gram and the PM row of 2026-11-20 gives ₹12745/₹11674.4/₹9558.8 a gram',
    );
    expect(failureKind(() => parseIbja(page, { metal: 'gold', place: india }))).toBe('parse');
  });

  it('answers only for the national price', () => {
    expect(failureKind(() => parseIbja(fixture('ibja-home.html'), { metal: 'gold', place: mumbai }))).toBe('not_found');
  });
});

// A price page has no honest "no results" state, so a page that arrives and yields no price is
// a `parse` failure (failed over, suspended, logged), never an empty answer.
describe('metals parsers when the markup changes', () => {
  it('goodreturns: the price tables with their rows gone are a parse failure, for each metal', () => {
    for (const metal of ['gold', 'silver', 'platinum'] as const) {
      const broken = without(fixture(`goodreturns-${metal}-mumbai.html`), 'table tr');
      expect(broken).toContain('<table');
      expect(failureKind(() => parseGoodreturnsMetals(broken, { metal, place: mumbai }))).toBe('parse');
    }
  });

  it('BankBazaar: the price tables with their rows gone are a parse failure', () => {
    for (const metal of ['gold', 'silver'] as const) {
      expect(failureKind(() => parseBankbazaarMetals(without(fixture(`bankbazaar-${metal}-mumbai.html`), 'table tr'), { metal, place: mumbai }))).toBe('parse');
    }
  });

  it("IBJA: the rates page with its figures' spans and dated tables gone is a parse failure", () => {
    const broken = without(fixture('ibja-home.html'), 'span[id^="GoldRatesCompare"], span[id^="lbl"], #tab-am, #tab-pm');
    for (const metal of ['gold', 'silver', 'platinum'] as const) expect(failureKind(() => parseIbja(broken, { metal, place: india }))).toBe('parse');
  });
});
