// Issue 42's reproductions through every door of the web module, against a fake site on
// 127.0.0.1: selectors whose matching costs a power of the page are a 400 naming the parameter
// and the part, before anything is fetched; pages nested thousands deep read with every word
// (never a 500 from a stack overflow); a page of more nodes than are read is a 422 naming the
// limit. Small pages: these assert the answers, not the time (bench/ measures speed).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { MAX_DOM_NODES } from './extract/dom.js';
import { webModule } from './index.js';

const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });
/** A page of n nested <div>s with words at the bottom, a link among them, and words after. */
const nested = (n: number) =>
  html(
    `<html><head><title>Nested ${n}</title></head><body>${'<div>'.repeat(n)}<p>the deepest words of the page</p><a href="/from-the-bottom">bottom link</a>${'</div>'.repeat(n)}<p>words after the nesting</p></body></html>`,
  );
/** 200 sibling blocks: what the selectors of the issue were aimed at (N small: no timing here). */
const SIBLINGS = html(`<html><body><main><div class="first">first</div>${'<div class="item"><p>item text</p></div>'.repeat(200)}</main></body></html>`);
/** A JSON-LD block nested 50,000 deep: JSON.parse takes it, every recursive reader of it would overflow. */
const DEEP_LD = html(
  `<html><head><title>Deep data</title><script type="application/ld+json">{"@type":"Article","headline":${'{"name":'.repeat(50_000)}"x"${'}'.repeat(50_000)}}</script></head><body><article><p>${'Plain article words. '.repeat(20)}</p></article></body></html>`,
);

const HOSTILE = ['.nope ~ div ~ div', '.nope ~ * ~ * ~ *', ':has(:has(:has(.nope)))'];
const REAL = ['nav, footer, .ad, #cookie-banner, article > p, div[class*="share"], main :is(h1,h2)', 'li:has(> a)', '.a ~ .b'];

describe('bounded page work through every web door (issue 42)', () => {
  let site: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const scrape = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/firecrawl/v2/scrape', payload: body });
  const q = encodeURIComponent;
  const fetched = () => site.requests.filter((r) => r.path === '/siblings').length;

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /siblings': SIBLINGS,
      'GET /nested-3000': nested(3000),
      'GET /nested-10000': nested(10_000),
      'GET /from-the-bottom': html('<html><body><article><p>the page the bottom link opens</p></article></body></html>'),
      'GET /too-many-nodes': html(`<html><body>${'<p>x</p>'.repeat(MAX_DOM_NODES / 2 + 1)}</body></html>`),
      'GET /links-to-too-many': html('<html><body><main><p>A page linking to a huge one.</p><a href="/too-many-nodes">huge</a></main></body></html>'),
      'GET /deep-ld': DEEP_LD,
      'GET /robots.txt': { status: 404, body: '' },
      'GET /sitemap.xml': { status: 404, body: '' },
    });
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '20000' }, { modules: [webModule] });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('refuses sibling chains and nested :has() in /fetch and /crawl include/exclude with a 400 naming the parameter and part, fetching nothing', async () => {
    for (const param of ['exclude', 'include']) {
      for (const s of HOSTILE) {
        for (const path of ['/fetch', '/v1/fetch', '/crawl']) {
          const r = await get(`${path}?url=${q(`${site.url}/siblings`)}&no_cache=1&${param}=${q(s)}`);
          expect(r.statusCode, `${path} ${param}=${s}`).toBe(400);
          expect(r.json()).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param, selector: s, part: expect.any(String) });
          expect(r.json().error).toMatch(/is refused/);
        }
      }
    }
    expect(r400part(await get(`/fetch?url=${q(`${site.url}/siblings`)}&exclude=${q(':has(:has(:has(.nope)))')}`))).toBe(':has(:has(.nope))');
    expect(fetched()).toBe(0);
  });

  it("refuses them in /r/'s selector headers and the Firecrawl scrape body, naming the option the client sent", async () => {
    for (const s of HOSTILE) {
      for (const [header, param] of [
        ['x-remove-selector', 'exclude'],
        ['x-target-selector', 'include'],
        ['x-exclude', 'exclude'],
      ]) {
        const r = await get(`/r/${site.url}/siblings`, { [header]: s });
        expect(r.statusCode, `${header}: ${s}`).toBe(400);
        expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param, selector: s });
      }
      for (const option of ['excludeTags', 'includeTags']) {
        const r = await scrape({ url: `${site.url}/siblings`, [option]: ['nav', s] });
        expect(r.statusCode, `${option}: ${s}`).toBe(400);
        expect(r.json()).toMatchObject({ success: false, param: option, selector: s });
      }
    }
    // The MCP fetch tool runs /fetch's route: the same refusal, as a tool error.
    const mcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'fetch', arguments: { url: `${site.url}/siblings`, exclude: '.nope ~ div ~ div' } },
      },
    });
    expect(mcp.json().result).toMatchObject({ isError: true });
    expect(JSON.stringify(mcp.json().result.content)).toMatch(/exclude: \\".nope ~ div ~ div\\" is refused/);
    // wait_for is a selector too (render=1 reads it in the browser): the same shapes are refused first.
    const wait = await get(`/fetch?url=${q(`${site.url}/siblings`)}&render=1&wait_for=${q('.nope ~ div ~ div')}`);
    expect(wait.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'wait_for' });
    expect(fetched()).toBe(0);
  });

  it('takes the selectors real clients send, and matches a ~ and a :has() as css-select would', async () => {
    for (const s of REAL) {
      const r = await get(`/fetch?url=${q(`${site.url}/siblings`)}&exclude=${q(s)}&format=text`);
      expect(r.statusCode, s).toBe(200);
    }
    const after = (await get(`/fetch?url=${q(`${site.url}/siblings`)}&include=${q('.first ~ .item')}&format=text`)).json();
    expect(after.content.match(/item text/g)).toHaveLength(200);
    expect(after.content).not.toContain('first');
    const kept = (await get(`/fetch?url=${q(`${site.url}/siblings`)}&exclude=${q('div:has(> p), main > :nth-child(n+2)')}&format=text&main=0`)).json();
    expect(kept.content).toBe('first');
  });

  it('reads pages nested 3,000 and 10,000 deep with every word, on /fetch, /r/, /crawl, /map and the Firecrawl scrape', async () => {
    for (const n of [3000, 10_000]) {
      const url = `${site.url}/nested-${n}`;
      for (const query of ['', '&main=0&formats=markdown,text,html,links,images', '&format=json', '&format=text&exclude=p%20a']) {
        const r = await get(`/fetch?url=${q(url)}&links=1${query}`);
        expect(r.statusCode, `${n} ${query}`).toBe(200);
        const page = r.json();
        if (!query.includes('json')) expect(page.content, `${n} ${query}`).toContain('the deepest words of the page');
        expect(page.links.map((l: { url: string }) => l.url)).toContain(`${site.url}/from-the-bottom`);
      }
      const reader = await get(`/r/${url}`);
      expect(reader.statusCode, `/r/ ${n}`).toBe(200);
      expect(reader.body).toContain('the deepest words of the page');
      const crawl = await get(`/crawl?url=${q(url)}&limit=2`);
      expect(crawl.statusCode, `/crawl ${n}`).toBe(200);
      expect(crawl.json().pages.map((p: { url: string }) => p.url)).toContain(`${site.url}/from-the-bottom`);
      const map = await get(`/map?url=${q(url)}`);
      expect(map.statusCode, `/map ${n}`).toBe(200);
      expect(map.json().links.map((l: { url: string }) => l.url)).toContain(`${site.url}/from-the-bottom`);
      const fc = await scrape({ url, formats: ['markdown', 'html', 'links'] });
      expect(fc.statusCode, `scrape ${n}`).toBe(200);
      expect(fc.json().data.markdown).toContain('the deepest words of the page');
    }
  });

  it('answers a page of more nodes than are read with 422 PAGE_TOO_COMPLEX naming the limit, on every door', async () => {
    const url = `${site.url}/too-many-nodes`;
    const body = { success: false, code: 'PAGE_TOO_COMPLEX', limit: 'nodes', max: MAX_DOM_NODES };
    for (const path of [`/fetch?url=${q(url)}`, `/crawl?url=${q(url)}`, `/map?url=${q(url)}`, `/r/${url}`]) {
      const r = await get(path);
      expect(r.statusCode, path).toBe(422);
      expect(r.json(), path).toMatchObject(body);
    }
    const fc = await scrape({ url });
    expect(fc.statusCode).toBe(422);
    expect(fc.json()).toMatchObject({ success: false, code: 'PAGE_TOO_COMPLEX' });
    // A followed page over the limit is one failed entry of a crawl, not the crawl's failure.
    const crawl = await get(`/crawl?url=${q(`${site.url}/links-to-too-many`)}&limit=1`);
    expect(crawl.statusCode).toBe(200);
    expect(crawl.json().pages[0]).toMatchObject({ success: false, code: 'PAGE_TOO_COMPLEX', url });
  });

  it('skips a JSON-LD block nested past any real one instead of overflowing on it', async () => {
    for (const format of ['markdown', 'json']) {
      const r = await get(`/fetch?url=${q(`${site.url}/deep-ld`)}&format=${format}&formats=metadata`);
      expect(r.statusCode, format).toBe(200);
      expect(r.json().title).toBe('Deep data');
    }
  });
});

/** The refused part of a 400. */
function r400part(r: { statusCode: number; json: () => { part?: string } }): string | undefined {
  expect(r.statusCode).toBe(400);
  return r.json().part;
}
