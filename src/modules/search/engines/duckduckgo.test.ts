import { describe, expect, it } from 'vitest';
import { duckduckgo } from './duckduckgo.js';
import { TEST_QUERY, fixture, pageOf, serpPage, warcPage } from '../testing/pages.js';

const opts = { baseUrl: 'https://html.duckduckgo.com', userAgent: 'UA' };

describe('duckduckgo engine', () => {
  it('posts the query, region and day filter as the HTML form does', () => {
    const req = duckduckgo.request({ ...TEST_QUERY, time: 'day' }, opts);
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://html.duckduckgo.com/html/');
    const form = new URLSearchParams(req.body);
    expect(form.get('q')).toBe('kerala monsoon');
    expect(form.get('kl')).toBe('in-en');
    expect(form.get('df')).toBe('d');
    expect(form.has('s')).toBe(false);
    expect(new URLSearchParams(duckduckgo.request({ ...TEST_QUERY, page: 2 }, opts).body).get('s')).toBe('10');
  });

  it('reads current HTML results, unwraps uddg links, skips ads and decodes entities (constructed page)', () => {
    const hits = duckduckgo.parse(pageOf(fixture('duckduckgo-html.html')), TEST_QUERY);
    expect(hits).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'India Meteorological Department & Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
      },
      {
        url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia',
        title: 'Monsoon of South Asia - Wikipedia',
        snippet: 'The monsoon reaches Kerala around 1 June.',
      },
    ]);
  });

  it('reads the 2019 rendered page of se-scraper (same class names) and skips its ads', () => {
    const hits = duckduckgo.parse(pageOf(serpPage('se-scraper/static_2019/duckduckgo1.html.gz')), TEST_QUERY);
    expect(hits).toHaveLength(10);
    expect(hits[0].url).toBe('https://www.pcmag.com/roundup/306323/the-best-cloud-storage-providers-and-file-syncing-services');
    expect(hits.every((h) => !h.url.includes('duckduckgo.com'))).toBe(true);
  });

  it('takes the date shown inside the snippet as the published date', () => {
    const hits = duckduckgo.parse(pageOf(serpPage('se-scraper/mocks/duckduckgo/test-keyword_page1.html.gz')), TEST_QUERY);
    expect(hits[0].title).toBe('Keyword Tests | TestComplete Documentation');
    expect(hits[0].published).toBe(new Date('Nov 21, 2019').toISOString());
    expect(hits[0].snippet.startsWith('In keyword-driven tests')).toBe(true);
  });

  it('reports the JavaScript-only duckduckgo.com page of 2022 as a parse failure, not as no results (why we use the HTML endpoint)', () => {
    expect(() => duckduckgo.parse(pageOf(warcPage('duckduckgo-ukraine-site-www-cfr-org-1646796603')), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'parse' }),
    );
  });

  it('reports the bot challenge as blocked', () => {
    expect(() => duckduckgo.parse(pageOf(fixture('duckduckgo-challenge.html')), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'blocked', upstream: 'duckduckgo' }),
    );
  });
});
