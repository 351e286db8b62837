import { describe, expect, it } from 'vitest';
import { mojeek } from './mojeek.js';
import { TEST_QUERY, fixture, pageOf } from '../testing/pages.js';

const opts = { baseUrl: 'https://www.mojeek.com', userAgent: 'UA' };

describe('mojeek engine', () => {
  it('turns the day filter into since=<yesterday> and never sends s on page 1', () => {
    const u = new URL(mojeek.request({ ...TEST_QUERY, time: 'day' }, opts).url);
    expect(u.searchParams.get('since')).toBe('20261120');
    expect(u.searchParams.has('s')).toBe(false);
    expect(new URL(mojeek.request({ ...TEST_QUERY, page: 3 }, opts).url).searchParams.get('s')).toBe('21');
  });

  it('reads ul.results-standard results (constructed page)', () => {
    const hits = mojeek.parse(pageOf(fixture('mojeek.html')), TEST_QUERY);
    expect(hits[0]).toEqual({
      url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
      title: 'Meteorological Centre Thiruvananthapuram',
      snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
    });
    expect(hits).toHaveLength(2);
  });

  it('reports the automated-queries page as blocked', () => {
    expect(() => mojeek.parse(pageOf(fixture('mojeek-blocked.html')), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'blocked' }));
  });
});
