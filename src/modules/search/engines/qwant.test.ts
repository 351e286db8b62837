import { describe, expect, it } from 'vitest';
import { qwant } from './qwant.js';
import { TEST_QUERY, fixture, pageOf } from '../testing/pages.js';

const opts = { baseUrl: 'https://api.qwant.com', userAgent: 'UA' };

describe('qwant engine', () => {
  it('asks the v3 web API with a locale Qwant knows (en_IN is not one, so en_GB)', () => {
    const u = new URL(qwant.request({ ...TEST_QUERY, time: 'day', page: 2 }, opts).url);
    expect(u.pathname).toBe('/v3/search/web');
    expect(u.searchParams.get('locale')).toBe('en_GB');
    expect(u.searchParams.get('offset')).toBe('10');
    expect(u.searchParams.get('count')).toBe('10');
    expect(u.searchParams.get('freshness')).toBe('day');
    expect(new URL(qwant.request({ ...TEST_QUERY, region: 'us' }, opts).url).searchParams.get('locale')).toBe('en_US');
  });

  it('reads web items of the mainline, skipping ads and stripping markup (constructed answer)', () => {
    expect(qwant.parse(pageOf(fixture('qwant-web.json')), TEST_QUERY)).toEqual([
      {
        url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
        title: 'Meteorological Centre Thiruvananthapuram',
        snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
      },
      {
        url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia',
        title: 'Monsoon of South Asia - Wikipedia',
        snippet: 'The monsoon reaches Kerala around 1 June.',
        published: '2022-03-08T00:00:00.000Z',
      },
    ]);
  });

  it('maps error 24 to rate_limited and a captchaUrl to blocked', () => {
    expect(() => qwant.parse(pageOf(fixture('qwant-error.json')), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
    const captcha = JSON.stringify({ status: 'error', data: { error_code: 27, error_data: { captchaUrl: 'https://www.qwant.com/captcha' } } });
    expect(() => qwant.parse(pageOf(captcha), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'blocked' }));
    expect(() => qwant.parse(pageOf('<html>'), TEST_QUERY)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });
});
