// The reader controls of /fetch and /crawl (include, exclude, formats, max_age, no_cache,
// lang, format=json, and the 400s of wait_for and mobile without render=1) against fake
// sites on 127.0.0.1. The browser controls (wait_for, mobile, screenshot) are in
// test/web-render.test.ts, with a real Chromium.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { webModule } from './index.js';

const ARTICLE = readFileSync(new URL('./fixtures/article.html', import.meta.url), 'utf8');
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const PRODUCT = `<html><head><title>Kettle</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Steel kettle","sku":"${'K'.repeat(600)}","offers":{"@type":"Offer","price":"1299","priceCurrency":"INR"}}</script>
</head><body><h1>Steel kettle</h1><p>${'A kettle that boils water quickly. '.repeat(10)}</p>
<img src="/k1.jpg" alt="The kettle" width="640" height="480"><img data-src="/k2.jpg" alt="Its lid"><img src="/k1.jpg"></body></html>`;

type App = Awaited<ReturnType<typeof testApp>>;

describe('reader controls on /fetch and /crawl', () => {
  let site: FakeUpstream;
  let t: App;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const get = async (path: string) => {
    const r = await t.app.inject({ url: path });
    return { status: r.statusCode, body: r.json(), headers: r.headers };
  };
  const hits = (path: string) => site.requests.filter((r) => r.path === path).length;

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /article': html(ARTICLE),
      'GET /product': html(PRODUCT),
      'GET /notes.txt': { headers: { 'content-type': 'text/plain' }, body: 'plain notes' },
      'GET /lang': (req) => html(`<html><body><p>accept-language was ${req.headers['accept-language']}</p></body></html>`),
      'GET /counter': () => html(`<html><body><article><h1>Counter</h1><p>${'Served at a moment. '.repeat(10)}</p></article></body></html>`),
      'GET /list': html(
        `<html><body><main><h1>Index</h1><p>${'An index page. '.repeat(10)}</p><ul class="posts"><li><a href="/post/1">One</a></li><li><a href="/post/2">Two</a></li></ul></main></body></html>`,
      ),
      'GET /post/1': html('<html><body><article class="body"><p>Post one body.</p></article><div class="ad">Buy now</div></body></html>'),
      'GET /post/2': html('<html><body><div class="other"><p>Post two has no article body.</p></div></body></html>'),
    });
    // The fetch timeout at its most: every page here answers, so it ends only a hang, never a busy machine's slow answer.
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000' }, { modules: [webModule], now: () => new Date(clock) });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('include keeps only what the selectors match, in document order, from comma-separated or repeated values', async () => {
    const a = (await get(`/fetch?url=${site.url}/article&include=table,h1&format=text`)).body;
    expect(a.content.startsWith('Monsoon arrives early in Kerala')).toBe(true);
    expect(a.content).toContain('Kozhikode');
    expect(a.content).not.toContain('Farmers in the region');
    const b = (await get(`/fetch?url=${site.url}/article&include=h1&include=table&format=text`)).body;
    expect(b.content).toBe(a.content);
    // A selector list with a comma inside :is() stays one selector; nested matches are not repeated.
    const c = (await get(`/fetch?url=${site.url}/article&include=${encodeURIComponent('article, :is(h1, h2)')}&format=text`)).body;
    expect(c.content.match(/Monsoon arrives early in Kerala/g)).toHaveLength(1);
    // include reaches what main-content isolation would drop.
    const d = (await get(`/fetch?url=${site.url}/article&include=.related&format=markdown`)).body;
    expect(d.content).toContain('Heatwave grips the north');
    expect(d.title).toBe('Monsoon arrives early in Kerala');
  });

  it('exclude removes what the selectors match before extraction', async () => {
    const plain = (await get(`/fetch?url=${site.url}/article&format=text`)).body;
    expect(plain.content).toContain('Kozhikode');
    const cut = (await get(`/fetch?url=${site.url}/article&format=text&exclude=table,ul`)).body;
    expect(cut.content).not.toContain('Kozhikode');
    expect(cut.content).not.toContain('Fishermen');
    expect(cut.content).toContain('Farmers in the region');
  });

  it('answers 422 naming an include selector that matches nothing, and 400 naming the parameter of an invalid one', async () => {
    const none = await get(`/fetch?url=${site.url}/article&include=h1,.no-such-thing`);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ success: false, code: 'SELECTOR_NOT_FOUND', param: 'include', selector: '.no-such-thing' });
    expect(none.body.error).toContain('".no-such-thing" matched nothing');
    const text = await get(`/fetch?url=${site.url}/notes.txt&include=p`);
    expect(text.status).toBe(422);
    expect(text.body).toMatchObject({ code: 'SELECTOR_NOT_FOUND', selector: 'p' });
    const before = site.requests.length;
    for (const param of ['include', 'exclude']) {
      const bad = await get(`/fetch?url=${site.url}/article&${param}=${encodeURIComponent('div[')}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param });
      expect(bad.body.error).toContain('not a valid CSS selector');
    }
    // A bad selector costs no fetch.
    expect(site.requests.length).toBe(before);
  });

  it('formats gives several outputs of one fetch, a field each', async () => {
    const before = hits('/product');
    const { status, body } = await get(`/fetch?url=${site.url}/product&formats=markdown,text,html,links,images,metadata`);
    expect(status).toBe(200);
    expect(hits('/product') - before).toBe(1);
    expect(body.markdown).toBe(body.content);
    expect(body.text).toContain('A kettle that boils water quickly.');
    expect(body.text).not.toContain('#');
    // Each output is what that format alone gives.
    for (const f of ['text', 'html'] as const) expect(body[f]).toBe((await get(`/fetch?url=${site.url}/product&format=${f}`)).body.content);
    expect(body.links).toEqual([]);
    expect(body.images).toEqual([
      { url: `${site.url}/k1.jpg`, alt: 'The kettle', width: 640, height: 480 },
      { url: `${site.url}/k2.jpg`, alt: 'Its lid' },
    ]);
    expect(body.metadata).toMatchObject({ title: 'Steel kettle', url: `${site.url}/product`, final_url: `${site.url}/product`, status_code: 200 });
  });

  it('answers 400 for an unknown output, and for screenshot, wait_for or mobile without render=1', async () => {
    const unknown = await get(`/fetch?url=${site.url}/article&formats=markdown,pdf`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ param: 'formats' });
    expect(unknown.body.valid_values).toContain('images');
    for (const [q, param] of [
      ['formats=screenshot', 'formats'],
      ['wait_for=%23late', 'wait_for'],
      ['wait_for=500', 'wait_for'],
      ['mobile=1', 'mobile'],
    ]) {
      const r = await get(`/fetch?url=${site.url}/article&${q}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_PARAMETER', param });
      expect(r.body.error).toContain('render=1');
    }
    const long = await get(`/fetch?url=${site.url}/article&render=1&wait_for=60000`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ param: 'wait_for' });
    const badLang = await get(`/fetch?url=${site.url}/article&lang=${encodeURIComponent('en<script>')}`);
    expect(badLang.status).toBe(400);
    expect(badLang.body).toMatchObject({ param: 'lang' });
  });

  it('lang is the Accept-Language sent', async () => {
    const { body } = await get(`/fetch?url=${site.url}/lang&lang=${encodeURIComponent('hi-IN,hi;q=0.9,en;q=0.5')}&format=text`);
    expect(body.content).toContain('accept-language was hi-IN,hi;q=0.9,en;q=0.5');
  });

  it('max_age accepts a stored copy up to that age, no_cache always fetches, and the answer says how old it is', async () => {
    const first = await get(`/fetch?url=${site.url}/counter`);
    expect(first.body).toMatchObject({ cached: false, age_s: 0, fetched_at: '2026-03-01T10:00:00.000Z' });
    expect(first.headers.age).toBe('0');
    expect(hits('/counter')).toBe(1);
    clock += 120_000;
    const young = await get(`/fetch?url=${site.url}/counter&max_age=300`);
    expect(young.body).toMatchObject({ cached: true, age_s: 120 });
    expect(young.headers.age).toBe('120');
    expect(hits('/counter')).toBe(1);
    const old = await get(`/fetch?url=${site.url}/counter&max_age=60`);
    expect(old.body).toMatchObject({ cached: false, age_s: 0, fetched_at: '2026-03-01T10:02:00.000Z' });
    expect(hits('/counter')).toBe(2);
    clock += 30_000;
    const fresh = await get(`/fetch?url=${site.url}/counter&no_cache=1`);
    expect(fresh.body).toMatchObject({ cached: false, age_s: 0 });
    expect(hits('/counter')).toBe(3);
    // The default path serves the stored copy (fresh for 15 minutes) and says its age.
    clock += 10_000;
    const stored = await get(`/fetch?url=${site.url}/counter`);
    expect(stored.body).toMatchObject({ cached: true, age_s: 10 });
    expect(hits('/counter')).toBe(3);
  });

  it('format=json gives the page fields as a JSON document, JSON-LD included, cut to max without breaking it', async () => {
    const { body } = await get(`/fetch?url=${site.url}/product&format=json`);
    const doc = JSON.parse(body.content);
    expect(doc).toMatchObject({ title: 'Steel kettle', headings: [{ level: 1, text: 'Steel kettle' }] });
    expect(doc.json_ld[0]).toMatchObject({ '@type': 'Product', name: 'Steel kettle', offers: { price: '1299' } });
    expect(body.chars).toBe(body.content.length);
    const cut = (await get(`/fetch?url=${site.url}/product&format=json&max=500`)).body;
    expect(cut.content.length).toBeLessThanOrEqual(500);
    expect(JSON.parse(cut.content)).toMatchObject({ title: 'Steel kettle', json_ld: [] });
  });

  it('applies the controls to every crawled page; a page the include does not match is a failure naming it', async () => {
    const { status, body } = await get(`/crawl?url=${site.url}/list&include=${encodeURIComponent('h1, .posts, article.body')}&exclude=.ad&format=text&limit=2`);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'SELECTOR_NOT_FOUND', selector: 'article.body' });
    const ok = await get(`/crawl?url=${site.url}/list&include=.posts&format=text&limit=2&formats=metadata`);
    expect(ok.status).toBe(200);
    expect(ok.body.content).toBe('One\nTwo');
    expect(ok.body.metadata).toMatchObject({ final_url: `${site.url}/list` });
    const crawled = await get(`/v1/crawl?url=${site.url}/post/1&include=article&exclude=.ad&format=text&limit=2`);
    expect(crawled.status).toBe(200);
    const list = await get(`/crawl?url=${site.url}/list&include=${encodeURIComponent('h1')}&format=text&limit=2`);
    // Links come from the included part: an h1 holds none, so nothing is followed.
    expect(list.body.pages).toEqual([]);
    const pages = await get(`/crawl?url=${site.url}/list&exclude=h1&format=text&limit=2&formats=images`);
    expect(pages.body.pages).toHaveLength(2);
    for (const p of pages.body.pages) expect(p.images).toEqual([]);
  });

  it('a crawled page that lacks an include match is listed as a failure naming the selector', async () => {
    site.set('GET /both', html(`<html><body><div class="c"><p>Root.</p><a href="/post/1">1</a> <a href="/post/2">2</a></div></body></html>`));
    site.set('GET /post/1', html('<html><body><div class="c"><p>Post one.</p></div></body></html>'));
    const { status, body } = await get(`/crawl?url=${site.url}/both&include=.c&format=text&limit=2`);
    expect(status).toBe(200);
    expect(body.pages[0]).toMatchObject({ success: true, content: 'Post one.' });
    expect(body.pages[1]).toMatchObject({ success: false, code: 'SELECTOR_NOT_FOUND', url: `${site.url}/post/2` });
    expect(body.pages[1].error).toContain('".c" matched nothing');
  });

  it('the /v1 aliases take the same controls, and the MCP fetch and crawl tools list them from the same schemas', async () => {
    const v1 = await get(`/v1/fetch?url=${site.url}/article&include=h1&format=text&formats=metadata`);
    expect(v1.body).toMatchObject({ content: 'Monsoon arrives early in Kerala', metadata: { title: 'Monsoon arrives early in Kerala' } });
    expect((await get(`/v1/fetch?url=${site.url}/article&include=.nothing`)).status).toBe(422);
    const listed = t.mcpTools().listed;
    for (const name of ['fetch', 'crawl']) {
      const tool = listed.find((x) => x.name === name);
      for (const p of ['include', 'exclude', 'wait_for', 'formats', 'max_age', 'no_cache', 'mobile', 'lang'])
        expect(tool?.inputSchema.properties).toHaveProperty(p);
    }
  });
});
