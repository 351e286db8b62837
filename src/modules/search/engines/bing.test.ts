import { describe, expect, it } from 'vitest';
import { bing } from './bing.js';
import { TEST_QUERY, fixture, pageOf, serpPage, warcExpected, warcPage } from '../testing/pages.js';

const opts = { baseUrl: 'https://www.bing.com', userAgent: 'UA' };

describe('bing engine', () => {
  it('asks for the market by cookie and the past day with ex1:"ez1"', () => {
    const req = bing.request({ ...TEST_QUERY, time: 'day', page: 2 }, opts);
    const u = new URL(req.url);
    expect(u.origin + u.pathname).toBe('https://www.bing.com/search');
    expect(u.searchParams.get('q')).toBe('kerala monsoon');
    expect(u.searchParams.get('filters')).toBe('ex1:"ez1"');
    expect(u.searchParams.get('first')).toBe('11');
    expect(req.headers?.cookie).toContain('_EDGE_S=mkt=en-in');
  });

  it('matches the archive-query-log expectations on a 2021 capture', () => {
    const name = 'bing-connecticut-covid-deaths-1628019384';
    const hits = bing.parse(pageOf(warcPage(name)), TEST_QUERY);
    const expected = warcExpected(name).results;
    expect(hits.map((h) => h.url)).toEqual(expected.map((r) => r.url));
    expect(hits.map((h) => h.title)).toEqual(expected.map((r) => r.title));
    expect(hits[0].published).toBe(new Date('Jul 30, 2021').toISOString());
    expect(hits[0].snippet.startsWith('COVID-19 cases, rate per 100,000')).toBe(true);
  });

  it('reads the serp-parser no-JS page (10 results, deep links not counted)', () => {
    const hits = bing.parse(pageOf(serpPage('serp-parser/test/bing/nojs/bing-nojs.html.gz')), TEST_QUERY);
    expect(hits).toHaveLength(10);
    expect(hits[1]).toMatchObject({ url: 'https://www.malavida.com/es/soft/bing/', title: 'Bing - Descargar para PC Gratis - Malavida' });
  });

  it('decodes ck/a links, drops the WEB label and reads relative dates (constructed 2025 page)', () => {
    const hits = bing.parse(pageOf(fixture('bing-2025.html')), TEST_QUERY);
    expect(hits).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'Meteorological Centre Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
        published: '2026-11-21T09:00:00.000Z',
      },
      {
        url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia?utm_source=bing',
        title: 'Monsoon of South Asia - Wikipedia',
        snippet: 'The monsoon reaches Kerala around 1 June.',
        published: new Date('Mar 8, 2022').toISOString(),
      },
    ]);
  });

  it('reports the captcha page as blocked', () => {
    expect(() => bing.parse(pageOf(fixture('bing-captcha.html')), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'blocked' }));
  });
});
