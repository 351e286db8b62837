import { describe, expect, it } from 'vitest';
import { searxng } from './searxng.js';
import { braveApi } from './brave-api.js';
import { configuredEngines } from './index.js';
import { loadConfig } from '../../../config.js';
import { TEST_QUERY, fixture, pageOf } from '../testing/pages.js';

describe('optional engines', () => {
  it('asks a SearXNG instance for JSON with the day range and reads its results (constructed answer)', () => {
    const u = new URL(searxng.request({ ...TEST_QUERY, time: 'day' }, { baseUrl: 'http://searx.local', userAgent: 'UA' }).url);
    expect(u.searchParams.get('format')).toBe('json');
    expect(u.searchParams.get('time_range')).toBe('day');
    const hits = searxng.parse(pageOf(fixture('searxng.json')), TEST_QUERY);
    expect(hits[0]).toEqual({
      url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
      title: 'Meteorological Centre Thiruvananthapuram',
      snippet: 'Daily monsoon bulletin for Kerala & Lakshadweep.',
      published: new Date('2026-11-21T06:00:00').toISOString(),
    });
    expect(hits[1].published).toBeUndefined();
  });

  it('sends the Brave API key as X-Subscription-Token and reads web.results (constructed answer)', () => {
    const req = braveApi.request({ ...TEST_QUERY, time: 'day' }, { baseUrl: 'https://api.search.brave.com', userAgent: 'UA', apiKey: 'k1' });
    expect(req.headers?.['x-subscription-token']).toBe('k1');
    expect(new URL(req.url).searchParams.get('freshness')).toBe('pd');
    const hits = braveApi.parse(pageOf(fixture('brave-api.json')), TEST_QUERY);
    expect(hits.map((h) => h.snippet)).toEqual(['Daily monsoon bulletin for Kerala & Lakshadweep.', 'The monsoon reaches Kerala around 1 June.']);
  });

  it('adds searxng and brave_api only when configured, and refuses unknown engine names', () => {
    const names = (env: Record<string, string>) => configuredEngines(loadConfig({ DATABASE_URL: 'sqlite::memory:', ...env })).map((e) => e.engine.name);
    expect(names({})).toEqual(['duckduckgo', 'bing', 'brave', 'mojeek', 'startpage', 'yahoo', 'qwant']);
    expect(names({ SEARCH_ENGINES: 'bing,google', SEARXNG_URL: 'http://searx.local', BRAVE_API_KEY: 'k' })).toEqual(['bing', 'google', 'searxng', 'brave_api']);
    expect(() => names({ SEARCH_ENGINES: 'bing,altavista' })).toThrow(/altavista/);
    expect(configuredEngines(loadConfig({ SEARCH_ENGINE_WEIGHTS: 'bing=1.5' })).find((e) => e.engine.name === 'bing')?.weight).toBe(1.5);
  });
});
