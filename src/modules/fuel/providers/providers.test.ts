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

describe('goodreturns fuel pages', () => {
  it('reads every row of the state-wise table, old spellings included', () => {
    const rows = parseGoodreturnsFuel(fixture('goodreturns-petrol-price.html'), { fuel: 'petrol' });
    expect(rows).toHaveLength(36);
    expect(rows).toContainEqual({ name: 'Andaman & Nicobar', price: 82.46 });
    expect(rows).toContainEqual({ name: 'Delhi', price: 94.72 });
    // The ticker's index values are not prices.
    expect(rows.some((r) => /sensex|nifty/i.test(r.name))).toBe(false);
  });

  it('takes the state-wise table by its "State" header, not the Metro Cities table before it', () => {
    const read = readGoodreturnsFuel(fixture('goodreturns-petrol-price.html'), { fuel: 'petrol' });
    expect(read.from).toBe('table "Petrol Price in Indian States & Union Territories" (State | Today Price | Yesterday Price)');
    expect(read.rows.some((r) => ['New Delhi', 'Kolkata', 'Mumbai', 'Chennai'].includes(r.name))).toBe(false);
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
    expect(read).toEqual({ rows: [{ name: 'Mumbai', price: 90.03 }], from: 'price block "Diesel Price in Mumbai"' });
    expect(parseGoodreturnsFuel(fixture('goodreturns-diesel-mumbai-blocks.html'), { fuel: 'petrol', place: mumbai })).toEqual([
      { name: 'Mumbai', price: 103.5 },
    ]);
  });

  it("reads the intro paragraph that names the fuel when the fuel's block is gone, and fails when neither says it", () => {
    const noDieselBlock = without(fixture('goodreturns-diesel-mumbai-blocks.html'), '.gd-fuel-priceblock:has(h2:contains("Diesel"))');
    expect(readGoodreturnsFuel(noDieselBlock, { fuel: 'diesel', place: mumbai })).toEqual({
      rows: [{ name: 'Mumbai', price: 90.03 }],
      from: 'intro paragraph',
    });
    const neither = without(noDieselBlock, '#gr_top_intro_content p:contains("diesel")');
    expect(() => parseGoodreturnsFuel(neither, { fuel: 'diesel', place: mumbai })).toThrowError(
      /no diesel price on the Mumbai page; its price blocks: "Petrol Price in Mumbai", "LPG Price in Mumbai \(14.2 Kg\)", "CNG Price in Mumbai"/,
    );
  });

  it('maps every one of the 33 registry states from the upstream spellings', () => {
    const rows = parseGoodreturnsFuel(fixture('goodreturns-diesel-price.html'), { fuel: 'diesel' });
    const states = new Set(rows.map((r) => FUEL_REGISTRY.find(r.name, (p) => p.type === 'state')?.name).filter(Boolean));
    expect(states.size).toBe(33);
  });

  it("reads a city's price from its price block", () => {
    expect(parseGoodreturnsFuel(fixture('goodreturns-petrol-mumbai.html'), { fuel: 'petrol', place: mumbai })).toEqual([{ name: 'Mumbai', price: 103.5 }]);
  });

  it('falls back to the intro paragraph when the price block is missing', () => {
    const html = fixture('goodreturns-petrol-mumbai.html').replace(/<div class="gd-fuel-price">.*?<\/div>/, '');
    expect(parseGoodreturnsFuel(html, { fuel: 'petrol', place: mumbai })[0].price).toBe(103.5);
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

describe('NDTV fuel pages', () => {
  it('reads the all-state table inside #myID', () => {
    const rows = parseNdtvFuel(fixture('ndtv-petrol-all-state.html'), { fuel: 'petrol' });
    expect(rows).toHaveLength(36);
    expect(rows).toContainEqual({ name: 'West Bengal', price: 103.99 });
  });

  it('reads the price from the column headed Price, and refuses a #myID table without one', () => {
    expect(readNdtvFuel(fixture('ndtv-petrol-all-state.html'), { fuel: 'petrol' }).from).toBe('table (Name | Price | Change)');
    const swapped = fixture('ndtv-petrol-all-state.html').replace('<th>Price</th><th>Change</th>', '<th>Change</th><th>Rate</th>');
    expect(() => parseNdtvFuel(swapped, { fuel: 'petrol' })).toThrowError(
      /no petrol table with a "Price" column in #myID of the all-state page on the page; its tables: \(Name \| Change \| Rate\)/,
    );
  });

  it("reads a state's page for a city and asks for the city's state", () => {
    const rows = parseNdtvFuel(fixture('ndtv-petrol-maharashtra-state.html'), { fuel: 'petrol', place: mumbai });
    expect(rows).toContainEqual({ name: 'Mumbai', price: 103.44 });
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
const captured = (await readCaptures(fileURLToPath(new URL('../fixtures', import.meta.url)))).filter((c) => c.body);
describe.runIf(captured.length > 0)('captured live answers', () => {
  it.each(captured.map((c) => [c.file, c] as const))('%s reads as a price listing', (_file, c) => {
    const fuel = /diesel/.test(c.url) ? 'diesel' : 'petrol';
    const parse = c.upstream === 'ndtv-fuel' ? parseNdtvFuel : parseGoodreturnsFuel;
    expect(parse(c.body!.toString(), { fuel }).length).toBeGreaterThan(20);
  });
});
