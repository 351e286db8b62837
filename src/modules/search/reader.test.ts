// GET /s/<query> against fake engines on 127.0.0.1: the terms from the path as written,
// Markdown or JSON, /search's options as X- headers.

import { describe, expect, it } from 'vitest';
import type { FakeHit } from './testing/fake-engines.js';
import { searchApps } from './testing/app.js';

const { setup } = searchApps();

const hits: FakeHit[] = [
  { url: 'https://mausam.imd.gov.in/thiruvananthapuram/', title: 'Meteorological Centre [Thiruvananthapuram]', snippet: 'Daily monsoon bulletin for Kerala.' },
  { url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia', title: 'Monsoon of South Asia', snippet: 'The monsoon reaches Kerala around 1 June.' },
  { url: 'https://site3.example/page', title: 'Site 3', snippet: 'Snippet 3' },
];

describe('GET /s/<query>', () => {
  it('answers the /search results as Markdown, a heading per result', async () => {
    const { app, fakes } = await setup({ bing: { hits } });
    const r = await app.inject({ url: '/s/kerala+monsoon%20forecast' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(r.body).toBe(
      [
        '## 1. [Meteorological Centre Thiruvananthapuram](https://mausam.imd.gov.in/thiruvananthapuram/)',
        'Daily monsoon bulletin for Kerala.',
        '## 2. [Monsoon of South Asia](https://en.wikipedia.org/wiki/Monsoon_of_South_Asia)',
        'The monsoon reaches Kerala around 1 June.',
        '## 3. [Site 3](https://site3.example/page)',
        'Snippet 3',
      ].join('\n\n'),
    );
    expect(fakes.servers.bing.requests[0].url).toContain('kerala+monsoon+forecast');
  });

  it('answers the /search JSON with Accept: application/json, the same as /search, and takes X- headers', async () => {
    const { app } = await setup({ bing: { hits } });
    const r = await app.inject({ url: '/s/what+is+a+monsoon%3F', headers: { accept: 'application/json', 'x-limit': '2' } });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ success: true, query: 'what is a monsoon?', count: 2 });
    const search = (await app.inject({ url: '/search?q=what+is+a+monsoon%3F&limit=2' })).json();
    expect(body.results).toEqual(search.results);
    const searxng = await app.inject({ url: '/s/monsoon', headers: { 'x-format': 'searxng' } });
    expect(searxng.json()).toMatchObject({ query: 'monsoon', number_of_results: 3 });
    // A ? is part of the terms, not the start of a query string.
    const asked = await app.inject({ url: '/s/monsoon?kerala', headers: { accept: 'application/json' } });
    expect(asked.json().query).toBe('monsoon?kerala');
  });

  it('refuses terms too short or a bad header, naming them', async () => {
    const { app } = await setup({ bing: { hits } });
    for (const url of ['/s/', '/s/a', '/s/%20%20']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param: 'q' });
    }
    const bad = await app.inject({ url: '/s/monsoon', headers: { 'x-limit': '99' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ param: 'x-limit' });
    expect(bad.json().error).toMatch(/x-limit must be an integer from 1 to 30/);
  });
});
