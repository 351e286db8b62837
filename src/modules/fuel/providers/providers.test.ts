import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCaptures } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { FUEL_REGISTRY } from '../index.js';
import { fixture } from '../fixtures/fake-servers.js';
import { goodreturnsFuel, parseGoodreturnsFuel, readGoodreturnsFuel } from './goodreturns.js';
import { ndtvFuel, parseNdtvFuel, readNdtvFuel } from './ndtv.js';
import * as cheerio from 'cheerio';
import { failureKind } from '../../../../test/helpers/failure-kind.js';

/** A real capture with the elements a parser reads taken out (what a markup change looks like to it). */
const without = (html: string, selector: string) => {
  const $ = cheerio.load(html);
  $(selector).remove();
  return $.html();
};

const mumbai = FUEL_REGISTRY.find('mumbai')!;
const gurugram = FUEL_REGISTRY.find('gurugram')!;
const bengaluru = FUEL_REGISTRY.find('bengaluru')!;

describe('goodreturns fuel pages', () => {
  it('reads every row of the state-wise table, old spellings included', () => {
    const rows = parseGoodreturnsFuel(fixture('goodreturns-petrol-price.html'), { fuel: 'petrol' }).filter((r) => r.type === 'state');
    expect(rows).toHaveLength(36);
    expect(rows).toContainEqual({ name: 'Andaman & Nicobar', price: 82.46, type: 'state' });
    expect(rows).toContainEqual({ name: 'Delhi', price: 94.72, type: 'state' });
    // The ticker's index values are not prices.
    expect(rows.some((r) => /sensex|nifty/i.test(r.name))).toBe(false);
  });

  it('takes the state-wise table by its "State" header, and the Metro Cities table before it as cities', () => {
    const read = readGoodreturnsFuel(fixture('goodreturns-petrol-price.html'), { fuel: 'petrol' });
    expect(read.from).toBe('table "Petrol Price in Indian States & Union Territories" (State | Today Price | Yesterday Price)');
    const metros = ['New Delhi', 'Kolkata', 'Mumbai', 'Chennai'];
    expect(read.rows.filter((r) => r.type === 'state').some((r) => metros.includes(r.name))).toBe(false);
    expect(read.rows.filter((r) => r.type === 'city')).toEqual([
      { name: 'New Delhi', price: 94.72, type: 'city' },
      { name: 'Kolkata', price: 103.94, type: 'city' },
      { name: 'Mumbai', price: 104.21, type: 'city' },
      { name: 'Chennai', price: 100.75, type: 'city' },
    ]);
  });

  it('reads a listing whatever its classes, header words and ways of writing the rupee', () => {
    const html = `<html><body><section class="gr-table-section"><h2 class="gr-section-title">Petrol Price in Indian States</h2>
      <table class="gr-table"><tr><td>States/UT</td><td>Price</td><td>Price Change</td></tr>
      <tr><td><a href="/x">Petrol Price in Andhra Pradesh</a></td><td>&#x20b9;109.64</td><td><span class="fp-up"> +0.20 </span></td></tr>
      <tr><td>Delhi</td><td>Rs. 94.72</td><td><span class="fp-flat"> 0.00 </span></td></tr>
      <tr><td>Goa</td><td>&#8377; 96.52</td><td>-0.05</td></tr></table></section></body></html>`;
    expect(parseGoodreturnsFuel(html, { fuel: 'petrol' })).toEqual([
      { name: 'Andhra Pradesh', price: 109.64, type: 'state' },
      { name: 'Delhi', price: 94.72, type: 'state' },
      { name: 'Goa', price: 96.52, type: 'state' },
    ]);
  });

  it('refuses a page whose only table is not the state-wise one as a parse failure naming it', () => {
    const metroOnly = without(fixture('goodreturns-petrol-price.html'), 'table:has(th:contains("State"))');
    expect(metroOnly).toContain('Metro Cities');
    expect(() => parseGoodreturnsFuel(metroOnly, { fuel: 'petrol' })).toThrowError(
      /no state-wise petrol table .*its tables: "Petrol Price in Metro Cities" \(City \| Price\)/,
    );
    expect(failureKind(() => parseGoodreturnsFuel(metroOnly, { fuel: 'petrol' }))).toBe('parse');
  });

  it("takes a city's diesel price from the block labelled diesel, not the first block", () => {
    const read = readGoodreturnsFuel(fixture('goodreturns-diesel-mumbai-blocks.html'), { fuel: 'diesel', place: mumbai });
    expect(read).toEqual({
      rows: [{ name: 'Mumbai', price: 90.03, type: 'city' }],
      history: [],
      from: 'the price block "Diesel Price in Mumbai" (.gd-fuel-price) confirmed by the intro paragraph and the title',
    });
    expect(parseGoodreturnsFuel(fixture('goodreturns-diesel-mumbai-blocks.html'), { fuel: 'petrol', place: mumbai })).toEqual([
      { name: 'Mumbai', price: 103.5, type: 'city' },
    ]);
  });

  it("reads the intro sentence that names the fuel when the fuel's block is gone, and fails naming what it found when neither says it", () => {
    const noDieselBlock = without(fixture('goodreturns-diesel-mumbai-blocks.html'), '.gd-fuel-priceblock:has(h2:contains("Diesel"))');
    expect(readGoodreturnsFuel(noDieselBlock, { fuel: 'diesel', place: mumbai })).toMatchObject({
      rows: [{ name: 'Mumbai', price: 90.03 }],
      from: 'the intro paragraph confirmed by the title',
    });
    // The title still says the price, but the body shows none in a layout we know: reported, not read from the title alone.
    const neither = without(noDieselBlock, '#gr_top_intro_content p:contains("diesel")');
    expect(() => parseGoodreturnsFuel(neither, { fuel: 'diesel', place: mumbai })).toThrowError(
      'no diesel price on the Mumbai page in a layout we know; found: the title says 90.03; price figures "₹ 103.50 /Ltr" under "Petrol Price in Mumbai", "₹ 852.50" under "LPG Price in Mumbai (14.2 Kg)", "₹ 77.00 /Kg" under "CNG Price in Mumbai"',
    );
  });

  it('maps every one of the 33 registry states from the upstream spellings', () => {
    const rows = parseGoodreturnsFuel(fixture('goodreturns-diesel-price.html'), { fuel: 'diesel' });
    const states = new Set(rows.map((r) => FUEL_REGISTRY.find(r.name, (p) => p.type === 'state')?.name).filter(Boolean));
    expect(states.size).toBe(33);
  });

  it("reads a city's price from its price block, and the earlier days of its dated table", () => {
    const read = readGoodreturnsFuel(fixture('goodreturns-petrol-mumbai.html'), { fuel: 'petrol', place: mumbai });
    expect(read.rows).toEqual([{ name: 'Mumbai', price: 103.5, type: 'city' }]);
    // The table's row of the page's own day (21 Nov, from the title) is a witness; the day before is history.
    expect(read.history).toEqual([{ name: 'Mumbai', day: '2026-11-20', price: 103.5 }]);
    expect(read.from).toMatch(/confirmed by the intro paragraph, the title and the "Petrol Price in Mumbai" row of 2026-11-21/);
  });

  it('falls back to the intro paragraph when the price block is missing', () => {
    const html = fixture('goodreturns-petrol-mumbai.html').replace(/<div class="gd-fuel-price">.*?<\/div>/, '');
    const read = readGoodreturnsFuel(html, { fuel: 'petrol', place: mumbai });
    expect(read.rows[0].price).toBe(103.5);
    expect(read.from).toMatch(/^the intro paragraph confirmed by/);
  });

  it('reports a Cloudflare challenge as blocked', () => {
    const html = '<html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={}</script></body></html>';
    expect(() => parseGoodreturnsFuel(html, { fuel: 'petrol' })).toThrowError(expect.objectContaining({ kind: 'blocked' }) as unknown as Error);
  });

  it('refuses a page without a price table as a parse failure (a price page has no empty state)', () => {
    try {
      parseGoodreturnsFuel('<html><body><p>Maintenance</p></body></html>', { fuel: 'diesel' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as UpstreamError).kind).toBe('parse');
    }
  });

  it('builds listing and city URLs on the configured base, with the old city slug', () => {
    const spec = goodreturnsFuel('http://gr.test');
    expect(spec.request({ fuel: 'diesel' }).url).toBe('http://gr.test/diesel-price.html');
    expect(spec.request({ fuel: 'petrol', place: gurugram }).url).toBe('http://gr.test/petrol-price-in-gurgaon.html');
  });
});

// The 2026 city page (issue 43), constructed from its described structure: Bangalore, 6 Sep 2026, ₹111.11.
describe('goodreturns city pages in the 2026 layout', () => {
  const page = fixture('goodreturns-petrol-bangalore-2026.html');
  const read = (html: string, fuel: 'petrol' | 'diesel' = 'petrol', place = bengaluru) => readGoodreturnsFuel(html, { fuel, place });
  const hero = /<span class="fp-price-big" id="fp-price">&#8377;111\.11<\/span><span id="fp-price-unit">\/ Ltr<\/span>/;

  it('reads the price block, confirmed by the title, the meta tags and the JSON-LD page', () => {
    const got = read(page);
    expect(got.rows).toEqual([{ name: 'Bengaluru', price: 111.11, type: 'city' }]);
    expect(got.from).toBe(
      'the price block "Petrol Price in Bangalore" (#fp-price.fp-price-big) confirmed by the title, the meta description, the og:title, the JSON-LD WebPage name and the JSON-LD WebPage description; 67 earlier days from 4 tables',
    );
  });

  it("gives the last ten days and the months of history, one price a day, without summary rows or the page's own day", () => {
    const { history } = read(page);
    const days = history.map((h) => h.day);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toEqual([...days].sort().reverse());
    expect(days[0]).toBe('2026-09-05');
    expect(days.at(-1)).toBe('2026-07-01');
    expect(history).toHaveLength(67);
    // The "Last 10 Days" table: 5 September back to 27 August, each as it prints it.
    expect(history.slice(0, 10).map((h) => h.day)).toEqual([
      '2026-09-05',
      '2026-09-04',
      '2026-09-03',
      '2026-09-02',
      '2026-09-01',
      '2026-08-31',
      '2026-08-30',
      '2026-08-29',
      '2026-08-28',
      '2026-08-27',
    ]);
    expect(history.slice(0, 2)).toEqual([
      { name: 'Bengaluru', day: '2026-09-05', price: 111.68 },
      { name: 'Bengaluru', day: '2026-09-04', price: 110.93 },
    ]);
  });

  it('leaves out a day two tables price differently, rather than guess', () => {
    // The month table says 110.00 for 5 September; the ten-day table 111.68.
    const html = page.replace('<td>5<sup>th</sup> September</td><td>&#8377; 111.68</td>', '<td>5<sup>th</sup> September</td><td>&#8377; 110.00</td>');
    const { history, rows } = read(html);
    expect(rows[0].price).toBe(111.11);
    expect(history.map((h) => h.day)).not.toContain('2026-09-05');
    expect(history).toHaveLength(66);
  });

  it('is a parse failure naming both when the price block and the title disagree', () => {
    const html = page.replace(hero, '<span class="fp-price-big" id="fp-price">&#8377;112.11</span><span id="fp-price-unit">/ Ltr</span>');
    expect(() => read(html)).toThrowError(
      'petrol on the Bengaluru page: the price block "Petrol Price in Bangalore" (#fp-price.fp-price-big) says 112.11 but the title says 111.11',
    );
    expect(failureKind(() => read(html))).toBe('parse');
  });

  it('is a parse failure when the JSON-LD description alone disagrees', () => {
    const html = page.replace(
      '"description":"Today\'s Bangalore Petrol Price is Rs. 111.11 per litre.',
      '"description":"Today\'s Bangalore Petrol Price is Rs. 111.51 per litre.',
    );
    expect(() => read(html)).toThrowError(/says 111\.11 but the JSON-LD WebPage description says 111\.51$/);
  });

  it("takes the ten-day table's row of the page's own day as a witness", () => {
    const today = (price: string) =>
      page.replace(
        '<tbody>\n        <tr>\n          <td>September 5, 2026</td>',
        `<tbody>\n        <tr><td>September 6, 2026</td><td>&#x20b9;${price}</td><td>-0.57</td></tr>\n        <tr>\n          <td>September 5, 2026</td>`,
      );
    expect(read(today('111.11')).from).toMatch(/JSON-LD WebPage description and the "Last 10 Days Petrol Rate in Bangalore" row of 2026-09-06;/);
    expect(() => read(today('111.68'))).toThrowError(/says 111\.11 but the "Last 10 Days Petrol Rate in Bangalore" row of 2026-09-06 says 111\.68$/);
  });

  it('is a parse failure naming what it found when the page shows its price in no layout we know', () => {
    const noHero = page.replace(/<div class="fp-hero">[\s\S]*?<section/, '<section');
    expect(() => read(noHero)).toThrowError(
      'no petrol price on the Bengaluru page in a layout we know; found: the title says 111.11; no rupee figure outside tables; headings "Last 10 Days Petrol Rate in Bangalore", "Historical Petrol Price in Bangalore"; tables "Last 10 Days Petrol Rate in Bangalore" (Date | Price | Price Change), "Petrol Rate in Bangalore, September 2026" (Details | Price), "Petrol Rate in Bangalore, August 2026" (Details | Price)',
    );
    const elsewhere =
      '<html><head><title>Fuel prices | Goodreturns</title></head><body><h1>Fuel Prices</h1><div class="app" data-city="bangalore"></div></body></html>';
    expect(() => read(elsewhere)).toThrowError(
      'no petrol price on the Bengaluru page in a layout we know; found: no rupee figure outside tables; headings "Fuel Prices"',
    );
    expect(failureKind(() => read(elsewhere))).toBe('parse');
  });

  it('is a parse failure when the page is about another place', () => {
    expect(() => read(page, 'petrol', mumbai)).toThrowError(/the page asked for Mumbai is about somewhere else: its title is "Petrol Price in Bangalore, /);
  });

  it('reads diesel from a diesel page and never a petrol block for diesel', () => {
    const diesel = page.replace(/Petrol/g, 'Diesel').replace(/petrol/g, 'diesel');
    expect(read(diesel, 'diesel').rows[0].price).toBe(111.11);
    expect(() => read(page, 'diesel')).toThrowError(
      /^no diesel price on the Bengaluru page in a layout we know; found: price figures "₹111\.11" under "Petrol Price in Bangalore"/,
    );
  });

  // Held-out real pages differ from our fixture in small ways: each of these still reads 111.11.
  it.each([
    ['a space after ₹', '<span class="fp-price-big" id="fp-price">&#8377; 111.11</span><span id="fp-price-unit">/ Ltr</span>'],
    ['Rs.', '<span class="fp-price-big" id="fp-price">Rs. 111.11</span><span id="fp-price-unit">/ Ltr</span>'],
    ['the hex entity', '<span class="fp-price-big" id="fp-price">&#x20b9;111.11</span><span id="fp-price-unit">/ Ltr</span>'],
    ['the unit in the figure', '<span class="fp-price-big" id="fp-price">₹111.11 / Ltr</span>'],
    [
      'extra wrappers',
      '<div class="w"><div><span class="fp-price-big" id="fp-price"><span class="sym">₹</span><strong> 111.11 </strong></span></div><span>/ Ltr</span></div>',
    ],
    [
      'whitespace and a non-breaking space',
      '<span class="fp-price-big" id="fp-price">\n  &#8377;&nbsp;\n   111.11\n</span>\n<span id="fp-price-unit">\n / Ltr </span>',
    ],
    ['renamed classes and no id', '<span class="hero-amount">&#8377;111.11</span><span class="hero-unit">/ Ltr</span>'],
    ['no rupee sign, the unit beside it', '<span class="fp-price-big" id="fp-price">111.11</span><span id="fp-price-unit">/ Ltr</span>'],
  ])('reads the price block with %s', (_what, block) => {
    expect(read(page.replace(hero, block)).rows[0].price).toBe(111.11);
  });

  it('reads a title that words the price differently, and a page without JSON-LD', () => {
    const html = page
      .replace(/<title>.*<\/title>/, '<title>Petrol Price in Bangalore Today: ₹ 111.11 per litre (06 Sep 2026) - Goodreturns</title>')
      .replace(/<script type="application\/ld\+json">.*<\/script>/g, '');
    const got = read(html);
    expect(got.rows[0].price).toBe(111.11);
    expect(got.from).toMatch(/confirmed by the title, the meta description and the og:title;/);
  });

  it('gives the places a table of cities on the page lists, besides its own', () => {
    const html = page.replace(
      '<aside class="gr-related">',
      '<section><h2>Petrol Price in Other Cities</h2><table><tr><th>City</th><th>Price</th></tr><tr><td>Mysore</td><td>₹ 110.75</td></tr><tr><td>Mumbai</td><td>₹ 103.50</td></tr></table></section><aside class="gr-related">',
    );
    expect(read(html).rows).toEqual([
      { name: 'Bengaluru', price: 111.11, type: 'city' },
      { name: 'Mysore', price: 110.75, type: 'city' },
      { name: 'Mumbai', price: 103.5, type: 'city' },
    ]);
  });
});

describe('NDTV fuel pages', () => {
  it('reads the all-state table inside #myID', () => {
    const rows = parseNdtvFuel(fixture('ndtv-petrol-all-state.html'), { fuel: 'petrol' });
    expect(rows).toHaveLength(36);
    expect(rows).toContainEqual({ name: 'West Bengal', price: 103.99, type: 'state' });
  });

  it('reads the price from the column headed Price, and refuses a #myID table without one', () => {
    expect(readNdtvFuel(fixture('ndtv-petrol-all-state.html'), { fuel: 'petrol' }).from).toBe('table (Name | Price | Change)');
    const swapped = fixture('ndtv-petrol-all-state.html').replace('<th>Price</th><th>Change</th>', '<th>Change</th><th>Rate</th>');
    expect(() => parseNdtvFuel(swapped, { fuel: 'petrol' })).toThrowError(
      /no petrol table with a "Price" column in #myID of the all-state page on the page; its tables: \(Name \| Change \| Rate\)/,
    );
  });

  it("reads every city of a state's page for a city, and asks for the city's state", () => {
    const rows = parseNdtvFuel(fixture('ndtv-petrol-maharashtra-state.html'), { fuel: 'petrol', place: mumbai });
    expect(rows.map((r) => r.name)).toEqual(['Ahmednagar', 'Mumbai', 'Nagpur', 'Pune', 'Thane']);
    expect(rows).toContainEqual({ name: 'Mumbai', price: 103.44, type: 'city' });
    expect(rows).toContainEqual({ name: 'Pune', price: 104.11, type: 'city' });
    expect(ndtvFuel('http://n.test').request({ fuel: 'petrol', place: mumbai }).url).toBe('http://n.test/fuel-prices/petrol-price-in-maharashtra-state');
    expect(ndtvFuel('http://n.test').request({ fuel: 'diesel' }).url).toBe('http://n.test/fuel-prices/diesel-price-in-all-state');
  });
});

// A price page has no honest "no results" state: every page we ask for lists prices. So any
// page that arrives (not a bot check) and yields no price is a `parse` failure: failed over,
// suspended and logged, never an empty answer.
describe('fuel parsers when the markup changes', () => {
  it('goodreturns: the state-wise table with its rows gone is a parse failure', () => {
    const broken = without(fixture('goodreturns-petrol-price.html'), 'table tr');
    expect(broken).toContain('<table');
    expect(failureKind(() => parseGoodreturnsFuel(broken, { fuel: 'petrol' }))).toBe('parse');
  });

  it("goodreturns: a city's page with the price block and intro figure gone is a parse failure", () => {
    const broken = without(fixture('goodreturns-petrol-mumbai.html'), '.gd-fuel-price, #gr_top_intro_content b');
    expect(failureKind(() => parseGoodreturnsFuel(broken, { fuel: 'petrol', place: mumbai }))).toBe('parse');
  });

  it('NDTV: the #myID table with its rows gone is a parse failure', () => {
    const broken = without(fixture('ndtv-petrol-all-state.html'), '#myID tr');
    expect(broken).toContain('myID');
    expect(failureKind(() => parseNdtvFuel(broken, { fuel: 'petrol' }))).toBe('parse');
    expect(failureKind(() => parseNdtvFuel(without(fixture('ndtv-petrol-maharashtra-state.html'), '#myID tr'), { fuel: 'petrol', place: mumbai }))).toBe(
      'parse',
    );
  });
});

// Real answers contributed with `npm run probe -- --save <dir>` (README, "Contributing captures")
// land in ../fixtures/captured and are read here; with none contributed this block is skipped.
// A listing must give the states; a city's page (goodreturns) or a state's (NDTV) that city.
const captured = (await readCaptures(fileURLToPath(new URL('../fixtures', import.meta.url)))).filter((c) => c.body);
describe.runIf(captured.length > 0)('captured live answers', () => {
  it.each(captured.map((c) => [c.file, c] as const))('%s reads as a price page', (_file, c) => {
    const fuel = /diesel/.test(c.url) ? 'diesel' : 'petrol';
    const read = c.upstream === 'ndtv-fuel' ? readNdtvFuel : readGoodreturnsFuel;
    const slug = /-price-in-([a-z-]+?)(?:\.html)?$/.exec(new URL(c.requested).pathname)?.[1];
    const place = slug && slug !== 'all-state' ? (FUEL_REGISTRY.find(slug.replace(/-state$/, '')) ?? bengaluru) : undefined;
    const city = place?.type === 'city' ? place : place ? bengaluru : undefined;
    const got = read(c.body!.toString(), { fuel, ...(city ? { place: city } : {}) });
    if (city) expect(got.rows.filter((r) => r.type === 'city').length).toBeGreaterThan(0);
    else expect(got.rows.length).toBeGreaterThan(20);
  });
});
