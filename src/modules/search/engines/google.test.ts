import { describe, expect, it } from 'vitest';
import { google } from './google.js';
import { TEST_QUERY, pageOf, serpPage, warcPage } from '../testing/pages.js';

const opts = { baseUrl: 'https://www.google.com', userAgent: 'UA' };

describe('google engine', () => {
  it('asks for the past day with tbs=qdr:d and pages with start', () => {
    const u = new URL(google.request({ ...TEST_QUERY, time: 'day', page: 3 }, opts).url);
    expect(u.searchParams.get('tbs')).toBe('qdr:d');
    expect(u.searchParams.get('start')).toBe('20');
    expect(u.searchParams.get('gl')).toBe('in');
  });

  it('reads the 2023 desktop page of serp-parser (organic results only)', () => {
    const hits = google.parse(pageOf(serpPage('serp-parser/test/google/desktop/matrix.html.gz')), TEST_QUERY);
    expect(hits.map((h) => h.url).slice(0, 3)).toEqual([
      'https://www.imdb.com/title/tt0133093/',
      'https://www.imdb.com/title/tt10838180/',
      'https://en.wikipedia.org/wiki/The_Matrix',
    ]);
    expect(hits[0].title).toBe('The Matrix (1999)');
    expect(hits[0].snippet.length).toBeGreaterThan(40);
  });

  it('unwraps /url?q= links of the no-JS page', () => {
    const hits = google.parse(pageOf(serpPage('serp-parser/test/google/nojs/matrix-nojs.html.gz')), TEST_QUERY);
    expect(hits).toHaveLength(10);
    expect(hits[0]).toMatchObject({ url: 'https://www.imdb.com/title/tt0133093/', title: 'The Matrix (1999) - IMDb' });
  });

  it('matches the archive-query-log capture of 2022 (targets of its /url links)', () => {
    const hits = google.parse(pageOf(warcPage('google-list-of-crossings-of-the-james-river-1662064377')), TEST_QUERY);
    expect(hits.map((h) => h.url)).toEqual([
      'https://51.222.228.198/blog/pl/James_River_(Virginia)',
      'https://51.222.228.198/blog/nl/Robert_E._Lee_Memorial_Bridge',
    ]);
    expect(hits.map((h) => h.title)).toEqual(['James River - mixi.wiki', 'Robert E. Lee Memorial Bridge - mixi.wiki']);
  });

  it('reports the recaptcha page as blocked', () => {
    expect(() => google.parse(pageOf(serpPage('serp-parser/test/google/desktop/recaptcha.html.gz')), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'blocked' }),
    );
    expect(() => google.parse(pageOf('<html></html>', 'https://www.google.com/sorry/index?continue=x'), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'blocked' }),
    );
  });
});
