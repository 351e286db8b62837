// Firecrawl's own JavaScript SDK (@mendable/firecrawl-js, its default v2 client) pointed at
// this app's /firecrawl prefix over a real socket, against a fake site and fake search engines
// on 127.0.0.1: scrape with formats, map, search, and the errors and "not supported" answers
// as the SDK surfaces them. Cross-module (web and search), so it lives here.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchModule } from '../src/modules/search/index.js';
import { fakeEngines } from '../src/modules/search/testing/fake-engines.js';
import { webModule } from '../src/modules/web/index.js';
import { testApp } from './helpers/app.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';

const ARTICLE = readFileSync(new URL('../src/modules/web/fixtures/article.html', import.meta.url), 'utf8');
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const page = (title: string, text: string) =>
  html(`<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p></article></body></html>`);

/** The SDK's error for a call, or a failure when the call succeeded. */
async function sdkError(call: Promise<unknown>): Promise<SdkError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof SdkError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

describe('the official Firecrawl SDK against /firecrawl', () => {
  let site: FakeUpstream;
  let engines: Awaited<ReturnType<typeof fakeEngines>>;
  let t: Awaited<ReturnType<typeof testApp>>;
  let firecrawl: Firecrawl;
  let apiUrl: string;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const hits = (path: string) => site.requests.filter((r) => r.path === path).length;

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /article': html(ARTICLE),
      'GET /': html(
        `<html><head><title>Home</title></head><body><main><h1>Home</h1><p>${'Welcome to the site. '.repeat(20)}</p><a href="/one">One</a> <a href="/two">Two</a> <a href="/monsoon-news">Monsoon news</a></main></body></html>`,
      ),
      'GET /one': page('One', 'First page text about the monsoon. '.repeat(10)),
      'GET /two': page('Two', 'Second page text. '.repeat(10)),
      'GET /monsoon-news': page('Monsoon news', 'The southwest monsoon sets in over Kerala. '.repeat(10)),
      'GET /counter': () => page('Counter', 'Served at a moment. '.repeat(10)),
      'GET /lang': (req) => page('Lang', `accept-language was ${req.headers['accept-language']}`),
      'GET /robots.txt': { status: 404, body: '' },
      'GET /sitemap.xml': { status: 404, body: '' },
    });
    engines = await fakeEngines({
      bing: {
        hits: [
          { url: `${site.url}/one`, title: 'One', snippet: 'The first page.' },
          { url: `${site.url}/monsoon-news`, title: 'Monsoon news', snippet: 'Kerala monsoon.' },
          { url: 'https://en.wikipedia.org/wiki/Monsoon', title: 'Monsoon - Wikipedia', snippet: 'A seasonal wind.' },
        ],
      },
    });
    t = await testApp(
      // No browser here (a missing binary): an option that renders answers 503, which shows it asked to render.
      {
        ...engines.env,
        // Deadlines at their most: nothing here hangs, so they cost nothing and no answer turns
        // into a timeout on a loaded machine.
        SEARCH_DEADLINE_MS: '30000',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FETCH_TIMEOUT_MS: '120000',
        API_KEYS: 'fc-test-key',
        BROWSER_PATH: '/nonexistent/chromium',
      },
      { modules: [webModule, searchModule], now: () => new Date(clock) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/firecrawl`;
    firecrawl = new Firecrawl({ apiKey: 'fc-test-key', apiUrl });
  });
  afterAll(async () => {
    await t?.close();
    await engines?.close();
    await site?.close();
  });

  it('scrapes a page as Markdown by default, with Firecrawl metadata', async () => {
    const doc = await firecrawl.scrape(`${site.url}/article`);
    expect(doc.markdown).toContain('## Rainfall so far');
    expect(doc.html).toBeUndefined();
    expect(doc.metadata).toMatchObject({
      title: 'Monsoon arrives early in Kerala',
      description: 'The south-west monsoon reached the Kerala coast three days ahead of its normal date.',
      language: 'en-GB',
      sourceURL: `${site.url}/article`,
      url: `${site.url}/article`,
      statusCode: 200,
      contentType: 'text/html; charset=utf-8',
      ogSiteName: 'The Example Times',
    });
  });

  it('scrapes several formats at once: markdown, html and links, the whole page with onlyMainContent false', async () => {
    const doc = await firecrawl.scrape(`${site.url}/article`, { formats: ['markdown', 'html', { type: 'links' }], onlyMainContent: false });
    expect(doc.markdown).toContain('Rainfall so far');
    expect(doc.markdown).toMatch(/Related stories/);
    expect(doc.html).toMatch(/<h2>Rainfall so far<\/h2>/);
    expect(doc.links!.length).toBeGreaterThan(0);
    for (const l of doc.links!) expect(typeof l).toBe('string');
  });

  it("passes includeTags and excludeTags to /fetch as include and exclude, naming Firecrawl's option when one is wrong", async () => {
    const only = await firecrawl.scrape(`${site.url}/article`, { includeTags: ['table'] });
    expect(only.markdown).toContain('Kozhikode');
    expect(only.markdown).not.toContain('Fishermen have been told');
    const without = await firecrawl.scrape(`${site.url}/article`, { excludeTags: ['table', 'figure'] });
    expect(without.markdown).not.toContain('Kozhikode');
    expect(without.markdown).toContain('Rainfall so far');
    const invalid = await sdkError(firecrawl.scrape(`${site.url}/article`, { includeTags: ['table['] }));
    expect(invalid.status).toBe(400);
    expect(invalid.message).toMatch(/^includeTags: "table\[" is not a valid CSS selector/);
    const missing = await sdkError(firecrawl.scrape(`${site.url}/article`, { includeTags: ['.nothing-here'] }));
    expect(missing.status).toBe(422);
    expect(missing.code).toBe('SELECTOR_NOT_FOUND');
  });

  it('gives the images format as absolute URLs, from one reading with markdown and html', async () => {
    const doc = await firecrawl.scrape(`${site.url}/article`, { formats: ['markdown', 'html', 'images'] });
    expect(doc.images).toEqual([`${site.url}/images/rain.jpg`]);
    expect(doc.markdown).toContain('## Rainfall so far');
    expect(doc.html).toMatch(/<h2>Rainfall so far<\/h2>/);
    expect(doc.html).toContain(`src="${site.url}/images/rain.jpg"`);
  });

  it('maxAge (milliseconds) accepts a stored copy up to that age, 0 reads anew; metadata says hit or miss and when it was stored', async () => {
    const first = await firecrawl.scrape(`${site.url}/counter`);
    expect(first.metadata).toMatchObject({ cacheState: 'miss' });
    expect(hits('/counter')).toBe(1);
    clock += 120_000;
    const young = await firecrawl.scrape(`${site.url}/counter`, { maxAge: 300_000 });
    expect(young.metadata).toMatchObject({ cacheState: 'hit', cachedAt: '2026-03-01T10:00:00.000Z' });
    expect(hits('/counter')).toBe(1);
    // Longer than any copy is kept (Firecrawl's default is two days): the stored copy, not a 400.
    const anyAge = await firecrawl.scrape(`${site.url}/counter`, { maxAge: 172_800_000 });
    expect(anyAge.metadata).toMatchObject({ cacheState: 'hit' });
    const old = await firecrawl.scrape(`${site.url}/counter`, { maxAge: 60_000 });
    expect(old.metadata).toMatchObject({ cacheState: 'miss' });
    expect(old.metadata?.cachedAt).toBeUndefined();
    expect(hits('/counter')).toBe(2);
    const fresh = await firecrawl.scrape(`${site.url}/counter`, { maxAge: 0 });
    expect(fresh.metadata).toMatchObject({ cacheState: 'miss' });
    expect(hits('/counter')).toBe(3);
  });

  it('sends location.languages, in order of preference, as the Accept-Language of the reading', async () => {
    const doc = await firecrawl.scrape(`${site.url}/lang`, { location: { country: 'IN', languages: ['hi-IN', 'en-IN', 'en'] } });
    expect(doc.markdown).toContain('accept-language was hi-IN,en-IN;q=0.9,en;q=0.8');
    const bad = await sdkError(firecrawl.scrape(`${site.url}/lang`, { location: { languages: ['not a tag'] } }));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^location.languages: "not a tag" is not a language tag/);
  });

  it('renders the page for waitFor, mobile and the screenshot format (Firecrawl always renders; here only when asked)', async () => {
    // This server has no browser: each answers 503 (the browser suite reads them in a real Chromium).
    for (const options of [{ waitFor: 500 }, { mobile: true }, { formats: ['screenshot' as const] }]) {
      const err = await sdkError(firecrawl.scrape(`${site.url}/article`, options));
      expect(err.status, JSON.stringify(options)).toBe(503);
      expect(err.code).toBe('NOT_READY');
    }
    const long = await sdkError(firecrawl.scrape(`${site.url}/article`, { waitFor: 20_000 }));
    expect(long.status).toBe(400);
    expect(long.message).toBe('waitFor is at most 10000 ms here; 20000 was given');
    const full = await sdkError(firecrawl.scrape(`${site.url}/article`, { formats: [{ type: 'screenshot', fullPage: true }] }));
    expect(full.status).toBe(501);
    expect(full.message).toMatch(/GET \/screenshot\?full_page=1/);
  });

  it('answers in Firecrawl shape a path it does not know (404), a GET (405) and a body without url (400), and lets browsers preflight a POST', async () => {
    const r = await fetch(`${apiUrl}/v2/nothing`, {
      method: 'POST',
      headers: { authorization: 'Bearer fc-test-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ success: false, error: expect.stringMatching(/no Firecrawl endpoint at \/v2\/nothing/) });
    const get = await fetch(`${apiUrl}/v2/scrape`, { headers: { authorization: 'Bearer fc-test-key' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const noUrl = await fetch(`${apiUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: 'Bearer fc-test-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noUrl.status).toBe(400);
    expect(await noUrl.json()).toMatchObject({
      success: false,
      param: 'url',
      error: expect.stringMatching(/^url is required; url must be 1 to 2048 characters/),
    });
    const pre = await fetch(`${apiUrl}/v2/scrape`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('maps a site: its links, filtered by search and cut to limit', async () => {
    const all = await firecrawl.map(`${site.url}/`);
    expect(all.links.map((l) => l.url)).toEqual(expect.arrayContaining([`${site.url}/one`, `${site.url}/two`, `${site.url}/monsoon-news`]));
    expect(all.links.find((l) => l.url === `${site.url}/one`)?.title).toBe('One');
    const some = await firecrawl.map(`${site.url}/`, { search: 'monsoon', limit: 5 });
    expect(some.links).toEqual([{ url: `${site.url}/monsoon-news`, title: 'Monsoon news', description: undefined }]);
    expect((await firecrawl.map(`${site.url}/`, { limit: 1 })).links).toHaveLength(1);
  });

  it('searches the web: results with url, title and description; with scrapeOptions, the pages read', async () => {
    const found = await firecrawl.search('kerala monsoon', { limit: 2 });
    expect(found.web).toEqual([
      { url: `${site.url}/one`, title: 'One', description: 'The first page.', position: 1 },
      { url: `${site.url}/monsoon-news`, title: 'Monsoon news', description: 'Kerala monsoon.', position: 2 },
    ]);
    const within = await firecrawl.search('kerala monsoon', { includeDomains: ['wikipedia.org'] });
    expect(within.web?.map((r) => (r as { url: string }).url)).toEqual(['https://en.wikipedia.org/wiki/Monsoon']);
    const read = await firecrawl.search('kerala monsoon', { limit: 2, scrapeOptions: { formats: ['markdown'] } });
    const docs = read.web as { markdown?: string; metadata?: { sourceURL?: string } }[];
    expect(docs[1].markdown).toContain('southwest monsoon sets in over Kerala');
    expect(docs[1].metadata?.sourceURL).toBe(`${site.url}/monsoon-news`);
  });

  it('answers errors in Firecrawl shape: a wrong key 401, a refused URL 400', async () => {
    const wrong = await sdkError(new Firecrawl({ apiKey: 'nope', apiUrl }).scrape(`${site.url}/article`));
    expect(wrong.status).toBe(401);
    expect(wrong.message).toMatch(/API key is not valid/);
    const blocked = await sdkError(firecrawl.scrape('http://169.254.169.254/latest/meta-data/'));
    expect(blocked.status).toBe(400);
    expect(blocked.code).toBe('BLOCKED_URL');
    const headers = await sdkError(firecrawl.scrape(`${site.url}/article`, { headers: { cookie: 'session=1' } }));
    expect(headers.status).toBe(400);
    expect(headers.message).toMatch(/headers are not sent/);
  });

  it('answers crawl jobs, batch scrapes and LLM extraction with 501 and what to use instead', async () => {
    const json = await sdkError(firecrawl.scrape(`${site.url}/article`, { formats: [{ type: 'json', prompt: 'the headline' }] }));
    expect(json.status).toBe(501);
    expect(json.message).toMatch(/json format needs a language model/);
    const crawl = await sdkError(firecrawl.startCrawl(`${site.url}/`, { limit: 2 }));
    expect(crawl.status).toBe(501);
    expect(crawl.message).toMatch(/crawl jobs are not offered/);
    const status = await sdkError(firecrawl.getCrawlStatus('0b7e3a52-7d7a-4a8e-9c1d-1f2e3d4c5b6a'));
    expect(status.status).toBe(501);
    const batch = await sdkError(firecrawl.startBatchScrape([`${site.url}/one`, `${site.url}/two`]));
    expect(batch.status).toBe(501);
    expect(batch.message).toMatch(/batch scrape jobs are not offered/);
    const extract = await sdkError(firecrawl.startExtract({ urls: [`${site.url}/article`], prompt: 'the headline' }));
    expect(extract.status).toBe(501);
    expect(extract.message).toMatch(/LLM extraction is not offered/);
  });
});
