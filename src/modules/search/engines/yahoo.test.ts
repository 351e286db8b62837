import { describe, expect, it } from 'vitest';
import { yahoo } from './yahoo.js';
import { TEST_QUERY, fixture, pageOf, warcExpected, warcPage } from '../testing/pages.js';

const opts = { baseUrl: 'https://search.yahoo.com', userAgent: 'UA' };

describe('yahoo engine', () => {
  it('pages with b= and filters the past day with btf=d', () => {
    const u = new URL(yahoo.request({ ...TEST_QUERY, time: 'day', page: 2 }, opts).url);
    expect(u.searchParams.get('p')).toBe('kerala monsoon');
    expect(u.searchParams.get('b')).toBe('8');
    expect(u.searchParams.get('btf')).toBe('d');
  });

  it('reads a 2022 capture: URLs as expected, breadcrumb removed from titles, date split off', () => {
    const name = 'yahoo-dating-sites-1647656764';
    const hits = yahoo.parse(pageOf(warcPage(name)), TEST_QUERY);
    expect(hits.map((h) => h.url)).toEqual(warcExpected(name).results.map((r) => r.url));
    // The reference keeps the breadcrumb in the title ("www.datingadvice.com › dating-sites9 Best…"); we do not.
    expect(hits[0].title).toBe('9 Best Dating Sites of 2022 - (According to Experts)');
    expect(hits[3].title).toBe('Tinder | Dating, Make Friends & Meet New People');
    expect(hits[0].published).toBe(new Date('Mar 08, 2022').toISOString());
    expect(hits[0].snippet.startsWith('Match is the best online dating site')).toBe(true);
  });

  it('uses aria-label titles and unwraps RU= links, skipping ads (constructed 2025 page)', () => {
    expect(yahoo.parse(pageOf(fixture('yahoo-2025.html')), TEST_QUERY)).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'Meteorological Centre Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
        published: '2026-11-21T06:00:00.000Z',
      },
    ]);
  });

  it('treats the EU consent redirect as a block', () => {
    expect(() => yahoo.parse(pageOf('<html></html>', 'https://consent.yahoo.com/v2/collectConsent?sessionId=1'), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'blocked' }),
    );
  });
});
