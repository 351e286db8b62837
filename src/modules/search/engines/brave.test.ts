import { describe, expect, it } from 'vitest';
import { brave } from './brave.js';
import { TEST_QUERY, fixture, pageOf, warcExpected, warcPage } from '../testing/pages.js';

const opts = { baseUrl: 'https://search.brave.com', userAgent: 'UA' };

describe('brave engine', () => {
  it('sends the day filter as tf=pd and the country in a cookie', () => {
    const req = brave.request({ ...TEST_QUERY, time: 'day' }, opts);
    const u = new URL(req.url);
    expect(u.searchParams.get('tf')).toBe('pd');
    expect(u.searchParams.has('offset')).toBe(false);
    expect(req.headers?.cookie).toContain('country=in');
    expect(req.headers?.['accept-encoding']).toBe('gzip, deflate');
  });

  it('reads the 2022 markup: top-level results in the expected order, cluster sub-links left out', () => {
    const name = 'brave-openoffice-1667290210';
    const hits = brave.parse(pageOf(warcPage(name)), TEST_QUERY);
    const expected = warcExpected(name).results.map((r) => new URL(r.url!).href);
    expect(hits).toHaveLength(17);
    // Every result we keep is one the reference parser found, in the same order.
    let at = -1;
    for (const h of hits) {
      const i = expected.indexOf(h.url, at + 1);
      expect(i, h.url).toBeGreaterThan(at);
      at = i;
    }
    expect(hits[0]).toMatchObject({
      url: 'http://www.openoffice.org/',
      title: 'Apache OpenOffice - Official Site - The Free and Open Productivity ...',
      published: new Date('February 9, 2022').toISOString(),
    });
    expect(hits[0].snippet.startsWith('The official home page of the Apache OpenOffice')).toBe(true);
  });

  it('reads a second 2022 capture with the same shape', () => {
    const hits = brave.parse(pageOf(warcPage('brave-greentext-1664484724')), TEST_QUERY);
    expect(hits[0]).toMatchObject({ url: 'https://knowyourmeme.com/memes/greentext-stories', title: 'Greentext Stories | Know Your Meme' });
    expect(hits[0].published).toBe('2026-11-14T12:00:00.000Z'); // "1 week ago" against the pinned clock
  });

  it('reads the 2025 svelte markup, skipping the infobox (constructed page)', () => {
    expect(brave.parse(pageOf(fixture('brave-2025.html')), TEST_QUERY)).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'Meteorological Centre Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
        published: '2026-11-21T07:00:00.000Z',
      },
      {
        url: 'http://www.imd.gov.in/pages/monsoon_main.php',
        title: 'Monsoon information | India Meteorological Department',
        snippet: 'Onset of the southwest monsoon over Kerala.',
        published: new Date('June 2, 2024').toISOString(),
      },
    ]);
  });

  it('reports the captcha page as blocked', () => {
    expect(() => brave.parse(pageOf(fixture('brave-captcha.html')), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'blocked' }));
  });
});
