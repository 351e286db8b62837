import { describe, expect, it } from 'vitest';
import { startpage, balancedObject } from './startpage.js';
import { TEST_QUERY, fixture, pageOf } from '../testing/pages.js';

const opts = { baseUrl: 'https://www.startpage.com', userAgent: 'UA' };

describe('startpage engine', () => {
  it('asks /sp/search with with_date=d for the past day', () => {
    const u = new URL(startpage.request({ ...TEST_QUERY, time: 'day' }, opts).url);
    expect(u.pathname).toBe('/sp/search');
    expect(u.searchParams.get('query')).toBe('kerala monsoon');
    expect(u.searchParams.get('with_date')).toBe('d');
  });

  it('reads web results from the React payload, skipping ads, even with "})" inside a string (constructed page)', () => {
    expect(startpage.parse(pageOf(fixture('startpage.html')), TEST_QUERY)).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'Meteorological Centre Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
        published: '2026-11-19T12:00:00.000Z',
      },
      {
        url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia',
        title: 'Monsoon of South Asia - Wikipedia',
        snippet: 'The monsoon reaches Kerala around 1 June (see "onset})").',
      },
    ]);
  });

  it('cuts a JSON object by braces outside strings', () => {
    const s = 'f({"a":"}{\\"","b":{"c":1}}).x';
    expect(balancedObject(s, 2)).toBe('{"a":"}{\\"","b":{"c":1}}');
    expect(balancedObject('{"a":', 0)).toBeUndefined();
  });

  it('reports the captcha redirect as blocked and a cut payload as unreadable', () => {
    expect(() => startpage.parse(pageOf('<html></html>', 'https://www.startpage.com/sp/captcha?x=1'), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'blocked' }),
    );
    expect(() => startpage.parse(pageOf('<script>React.createElement(UIStartpage.AppSerpWeb, {"render":'), TEST_QUERY)).toThrow(
      expect.objectContaining({ kind: 'bad_response' }),
    );
  });
});
