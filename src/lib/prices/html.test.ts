import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../core/upstream/index.js';
import { labelledTables, loadPage, PRICE_PAGE_MAX_CHARS } from './html.js';

describe('labelled tables', () => {
  it("names each table by the headings, buttons and title attributes around it, nearest first, and keeps nested tables' rows to them", () => {
    const $ = cheerio.load(`<body><h1>Petrol Price in Bangalore</h1>
      <section class="s" data-gr-title="Last 10 Days Petrol Rate in Bangalore"><h2>Last 10 Days Petrol Rate in Bangalore</h2>
        <div><table><thead><tr><th>Date</th><th>Price</th></tr></thead><tbody><tr><td>September 5, 2026</td><td>₹111.68</td></tr></tbody></table></div></section>
      <section><h2>Historical Petrol Price in Bangalore</h2>
        <div class="item"><div class="head"><button>Petrol Rate in Bangalore, September 2026</button></div>
          <div class="body"><table><tr><th>Details</th><th>Price</th></tr><tr><td>1<sup>st</sup> September</td><td>₹ 111.68<table><tr><td>x</td></tr></table></td></tr></table></div></div>
      </section></body>`);
    const [ten, month] = labelledTables($);
    expect(ten.labels).toEqual(['Last 10 Days Petrol Rate in Bangalore', 'Petrol Price in Bangalore']);
    expect(month.labels[0]).toBe('Petrol Rate in Bangalore, September 2026');
    expect(month.heading).toBe('Historical Petrol Price in Bangalore');
    expect(month.rows).toEqual([['1st September', '₹ 111.68x']]);
  });
});

describe('loading a price page', () => {
  it('refuses a page larger than it parses as an answer that cannot be read, naming the source', () => {
    const page = `<html><body>${'x'.repeat(PRICE_PAGE_MAX_CHARS)}</body></html>`;
    const err = (() => {
      try {
        loadPage('goodreturns', page);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'bad_response' });
    expect((err as Error).message).toMatch(/^goodreturns answered a page of 2,?000,?0\d\d characters/);
    expect(loadPage('goodreturns', '<html><head><title>Petrol price</title></head><body><p>₹ 102.45</p></body></html>')('p').text()).toBe('₹ 102.45');
  });
});
