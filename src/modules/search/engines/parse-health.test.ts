// Each engine's parser told apart "no results" from "I can no longer read this page": a real
// capture with its result elements removed (what a markup change looks like to our selectors)
// must be a `parse` failure, and the same capture showing the engine's own no-results notice
// (constructed here from the capture: items removed, the engine's notice put in) an empty answer.

import { describe, expect, it } from 'vitest';
import { cheerio } from './text.js';
import type { Engine } from './types.js';
import { bing } from './bing.js';
import { brave } from './brave.js';
import { braveApi } from './brave-api.js';
import { duckduckgo } from './duckduckgo.js';
import { google } from './google.js';
import { mojeek } from './mojeek.js';
import { qwant } from './qwant.js';
import { searxng } from './searxng.js';
import { startpage } from './startpage.js';
import { yahoo } from './yahoo.js';
import { TEST_QUERY, fixture, pageOf, serpPage, warcPage } from '../testing/pages.js';

interface HtmlCase {
  engine: Engine;
  /** Where the page comes from (a real capture unless it says constructed). */
  capture: string;
  page: () => string;
  /** The result elements the parser reads. */
  items: string;
  /** Where the engine puts its no-results notice, and the notice. */
  into: string;
  notice: string;
}

const HTML: HtmlCase[] = [
  {
    engine: duckduckgo,
    capture: 'se-scraper 2019 capture',
    page: () => serpPage('se-scraper/static_2019/duckduckgo1.html.gz'),
    items: '.result',
    into: '#links',
    notice: '<div class="result result--no-result"><div class="no-results">No results.</div></div>',
  },
  {
    engine: bing,
    capture: 'serp-parser no-JS capture',
    page: () => serpPage('serp-parser/test/bing/nojs/bing-nojs.html.gz'),
    items: 'li.b_algo',
    into: '#b_results',
    notice: '<li class="b_no"><h1>There are no results for <strong>kerala monsoon</strong></h1></li>',
  },
  {
    engine: brave,
    capture: 'Wayback capture 2022-11',
    page: () => warcPage('brave-openoffice-1667290210'),
    items: 'div.snippet',
    into: '#results',
    notice: '<div class="no-results"><p>Not many great matches came back for your search</p></div>',
  },
  {
    engine: yahoo,
    capture: 'Wayback capture 2022-03',
    page: () => warcPage('yahoo-dating-sites-1647656764'),
    items: 'div.algo-sr, div.algo',
    into: '#web',
    notice: '<div class="compNoResult"><p>We did not find results for: <b>kerala monsoon</b></p></div>',
  },
  {
    engine: google,
    capture: 'serp-parser desktop capture',
    page: () => serpPage('serp-parser/test/google/desktop/matrix.html.gz'),
    items: 'a:has(h3)',
    into: '#search',
    notice: '<div id="topstuff"><p>Your search - <em>kerala monsoon</em> - did not match any documents.</p></div>',
  },
  {
    engine: mojeek,
    capture: 'constructed page',
    page: () => fixture('mojeek.html'),
    items: 'ul.results-standard > li',
    into: '.results',
    notice: '<p class="no-results">No pages found matching: kerala monsoon</p>',
  },
];

const without = (html: string, items: string, into?: string, notice?: string) => {
  const $ = cheerio().load(html);
  $(items).remove();
  if (into && notice) $(into).first().append(notice);
  return $.html();
};

describe.each(HTML)('$engine.name parser on the $capture', (c) => {
  it('reads results from the capture as it is', () => {
    expect(c.engine.parse(pageOf(c.page()), TEST_QUERY).length).toBeGreaterThan(0);
  });

  it('fails with parse when the results list is there but its items are gone (a markup change)', () => {
    const broken = without(c.page(), c.items);
    expect(() => c.engine.parse(pageOf(broken), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'parse', upstream: c.engine.name }));
  });

  it("answers no results when the page carries the engine's own no-results notice", () => {
    expect(c.engine.parse(pageOf(without(c.page(), c.items, c.into, c.notice)), TEST_QUERY)).toEqual([]);
  });

  it('answers no results for an empty list past page 1 (the end of the results)', () => {
    expect(c.engine.parse(pageOf(without(c.page(), c.items)), { ...TEST_QUERY, page: 3 })).toEqual([]);
  });
});

describe('parse failures of the other engines', () => {
  it('duckduckgo: result blocks whose links are gone are parse, not an empty answer', () => {
    const $ = cheerio().load(serpPage('se-scraper/static_2019/duckduckgo1.html.gz'));
    $('.result a.result__a').remove();
    expect(() => duckduckgo.parse(pageOf($.html()), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'parse', message: expect.stringMatching(/result blocks, none readable/) }),
    );
  });

  it('startpage: a payload whose web block lists nothing is parse; the no-results page is empty (constructed page)', () => {
    const page = fixture('startpage.html');
    const emptied = page.replace(/"display_type":"web-google","results":\[.*?\]\}\]/, '"display_type":"web-google","results":[]}]');
    expect(emptied).not.toBe(page);
    expect(() => startpage.parse(pageOf(emptied), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'parse' }));
    const none = emptied.replace('<div id="main"></div>', '<div id="main"><p>No results found for kerala monsoon</p></div>');
    expect(startpage.parse(pageOf(none), TEST_QUERY)).toEqual([]);
  });

  it('qwant: success without a mainline is parse; an empty mainline is its "nothing found" (constructed answers)', () => {
    const body = JSON.parse(fixture('qwant-web.json'));
    delete body.data.result;
    expect(() => qwant.parse(pageOf(JSON.stringify(body)), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'parse' }));
    body.data.result = { items: { mainline: [] } };
    expect(qwant.parse(pageOf(JSON.stringify(body)), TEST_QUERY)).toEqual([]);
  });

  it('searxng and the Brave API: an empty results array is an answer; results without URLs or no array are parse (constructed answers)', () => {
    expect(searxng.parse(pageOf('{"query":"x","results":[]}'), TEST_QUERY)).toEqual([]);
    expect(() => searxng.parse(pageOf('{"query":"x"}'), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'parse' }));
    expect(() => searxng.parse(pageOf('{"results":[{"title":"no url"}]}'), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'parse' }));
    expect(braveApi.parse(pageOf('{"type":"search","web":{"results":[]}}'), TEST_QUERY)).toEqual([]);
    expect(() => braveApi.parse(pageOf('{"web":{"results":[{"title":"x","url":"javascript:0"}]}}'), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'parse' }),
    );
  });
});
