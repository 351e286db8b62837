// GET /r/<url> against a fake site on 127.0.0.1 (allowed through the SSRF guard with
// FETCH_ALLOW_HOSTS=127.0.0.1): the target as written (query string, fragment, encodings),
// text or JSON, options as headers, and the same keys and guard as /fetch.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { webModule } from './index.js';

const ARTICLE = readFileSync(new URL('./fixtures/article.html', import.meta.url), 'utf8');
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });

describe('GET /r/<url>', () => {
  let site: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  beforeAll(async () => {
    site = await fakeUpstream((req) => {
      if (req.path === '/article') return html(ARTICLE);
      // Echoes its query string, to show the target's own query reached it.
      if (req.path === '/echo')
        return html(`<html><head><title>Echo</title></head><body><article><p>query was ${req.query.toString()}</p></article></body></html>`);
      return { status: 404, body: 'no' };
    });
    // The fetch timeout at its most: every page here answers, so it ends only a hang, never a busy machine's slow answer.
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000' }, { modules: [webModule] });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('answers the page as Markdown text by default, the same content /fetch gives', async () => {
    const r = await get(`/r/${site.url}/article`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const fetched = (await get(`/fetch?url=${encodeURIComponent(`${site.url}/article`)}`)).json();
    expect(r.body).toBe(fetched.content);
    expect(r.body).toContain('## Rainfall so far');
  });

  it('answers the /fetch JSON when the client sends Accept: application/json', async () => {
    const r = await get(`/r/${site.url}/article`, { accept: 'application/json' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.json()).toMatchObject({ success: true, url: `${site.url}/article`, title: 'Monsoon arrives early in Kerala', format: 'markdown' });
  });

  it('keeps the target URL as written: its query string, http://, a percent-encoded whole, a fragment dropped', async () => {
    const target = `${site.url}/echo?a=1&b=two%20words`;
    for (const path of [`/r/${target}`, `/r/${target}#section-2`, `/r/${encodeURIComponent(target)}`, `/r/${encodeURIComponent(`${target}#frag`)}`]) {
      const r = await get(path, { accept: 'application/json' });
      expect(r.statusCode, path).toBe(200);
      expect(r.json().url, path).toBe(target);
      expect(r.json().content, path).toContain('query was a=1&b=two+words');
    }
    // A bare host with its path, encoded as a whole (the landing page's form sends it so).
    const host = site.url.replace('http://', '');
    const bare = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1' }, { modules: [webModule] });
    try {
      const r = await bare.app.inject({ url: `/r/${encodeURIComponent(`${host}/echo?a=1`)}`, headers: { accept: 'application/json' } });
      // https is added to a bare host, as /fetch does; the fake site speaks http, so the answer is a failure naming the https URL.
      expect(r.json().url ?? r.json().error).toContain(`https://${host}/echo?a=1`);
    } finally {
      await bare.close();
    }
    // A proxy that merged the two slashes of http://.
    const merged = await get(`/r/${site.url.replace('http://', 'http:/')}/echo?x=1`, { accept: 'application/json' });
    expect(merged.json().url).toBe(`${site.url}/echo?x=1`);
  });

  it('takes /fetch parameters as X- headers, and Jina Reader names for them', async () => {
    const text = await get(`/r/${site.url}/article`, { 'x-format': 'text' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).not.toContain('## Rainfall');
    expect(text.body).toContain('Rainfall so far');
    const jina = await get(`/r/${site.url}/article`, { 'x-return-format': 'html', accept: 'application/json' });
    expect(jina.json().format).toBe('html');
    // HTML is text on this origin, never a page of it.
    const asText = await get(`/r/${site.url}/article`, { 'x-return-format': 'html' });
    expect(asText.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(asText.body).toMatch(/<h2>Rainfall so far<\/h2>/);
    const links = await get(`/r/${site.url}/article`, { 'x-with-links-summary': 'true' });
    expect(links.body).toMatch(/## Links\n\n- \[/);
    const whole = await get(`/r/${site.url}/article`, { 'x-main': 'false', accept: 'application/json' });
    expect(whole.json().content).toMatch(/Related stories/);
  });

  it("takes Jina's selector headers as include and exclude", async () => {
    const only = await get(`/r/${site.url}/article`, { 'x-target-selector': 'table' });
    expect(only.body).toContain('Kozhikode');
    expect(only.body).not.toContain('Fishermen have been told');
    const without = await get(`/r/${site.url}/article`, { 'x-remove-selector': 'table' });
    expect(without.body).not.toContain('Kozhikode');
    const missing = await get(`/r/${site.url}/article`, { 'x-target-selector': '.nothing-here' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'SELECTOR_NOT_FOUND', selector: '.nothing-here' });
  });

  it('refuses a bad header value naming the header, and an empty or private target', async () => {
    const bad = await get(`/r/${site.url}/article`, { 'x-format': 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param: 'x-format' });
    expect(bad.json().error).toMatch(/x-format must be one of markdown, text, html, json/);
    for (const path of ['/r/', '/r', '/r/%20']) {
      const empty = await get(path);
      expect(empty.statusCode, path).toBe(400);
      expect(empty.json(), path).toMatchObject({ success: false, param: 'url' });
    }
    const guarded = await testApp({}, { modules: [webModule] });
    try {
      for (const target of ['http://127.0.0.1:9/', 'http://169.254.169.254/latest/meta-data/', 'http%3A%2F%2F10.0.0.1%2F']) {
        const r = await guarded.app.inject({ url: `/r/${target}` });
        expect(r.statusCode, target).toBe(400);
        expect(r.json().code, target).toBe('BLOCKED_URL');
      }
    } finally {
      await guarded.close();
    }
  });

  it('needs a key when keys are set, as /fetch does (x-api-key or Bearer)', async () => {
    const keyed = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', API_KEYS: 'k1' }, { modules: [webModule] });
    try {
      expect((await keyed.app.inject({ url: `/r/${site.url}/article` })).statusCode).toBe(401);
      expect((await keyed.app.inject({ url: `/r/${site.url}/article`, headers: { authorization: 'Bearer k1' } })).statusCode).toBe(200);
    } finally {
      await keyed.close();
    }
  });
});

describe('GET /r/<url>: the reader controls as headers, X- and Jina names alike', () => {
  let site: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const hits = (path: string) => site.requests.filter((r) => r.path === path).length;

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /article': html(ARTICLE),
      'GET /counter': () => html(`<html><body><article><h1>Counter</h1><p>${'Served at a moment. '.repeat(10)}</p></article></body></html>`),
      'GET /lang': (req) => html(`<html><body><p>accept-language was ${req.headers['accept-language']}</p></body></html>`),
    });
    // No browser here (a missing binary): what renders answers 503, which shows it was asked to render.
    t = await testApp(
      { FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000', BROWSER_PATH: '/nonexistent/chromium' },
      { modules: [webModule], now: () => new Date(clock) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('X-Max-Age and X-Cache-Tolerance accept a stored copy up to that age, X-No-Cache reads anew, the answer says how old it is', async () => {
    const json = { accept: 'application/json' };
    const first = await get(`/r/${site.url}/counter`, json);
    expect(first.json()).toMatchObject({ cached: false, age_s: 0 });
    clock += 120_000;
    const young = await get(`/r/${site.url}/counter`, { ...json, 'x-max-age': '300' });
    expect(young.json()).toMatchObject({ cached: true, age_s: 120 });
    expect(young.headers.age).toBe('120');
    const jina = await get(`/r/${site.url}/counter`, { ...json, 'x-cache-tolerance': '300' });
    expect(jina.json()).toMatchObject({ cached: true, age_s: 120 });
    expect(hits('/counter')).toBe(1);
    const old = await get(`/r/${site.url}/counter`, { ...json, 'x-cache-tolerance': '60' });
    expect(old.json()).toMatchObject({ cached: false, age_s: 0 });
    expect(hits('/counter')).toBe(2);
    // Jina sends `X-No-Cache: true`; the text answer (no JSON) also says the age in Age.
    clock += 30_000;
    const fresh = await get(`/r/${site.url}/counter`, { 'x-no-cache': 'true' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.age).toBe('0');
    expect(hits('/counter')).toBe(3);
    const bad = await get(`/r/${site.url}/counter`, { 'x-max-age': 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'x-max-age' });
  });

  it('X-Locale and X-Lang are the Accept-Language sent to the page', async () => {
    const locale = await get(`/r/${site.url}/lang`, { 'x-locale': 'hi-IN', 'x-main': '0' });
    expect(locale.body).toContain('accept-language was hi-IN');
    const lang = await get(`/r/${site.url}/lang`, { 'x-lang': 'ta-IN,ta;q=0.9,en;q=0.5', 'x-main': '0' });
    expect(lang.body).toContain('accept-language was ta-IN,ta;q=0.9,en;q=0.5');
    const bad = await get(`/r/${site.url}/lang`, { 'x-locale': 'not a language!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ param: 'lang', error: expect.stringMatching(/Accept-Language value/) });
  });

  it('X-With-Images-Summary and X-With-Links-Summary (true or all) add Markdown lists after the text, and fields in JSON', async () => {
    for (const v of ['true', 'all']) {
      const r = await get(`/r/${site.url}/article`, { 'x-with-images-summary': v, 'x-with-links-summary': v, 'x-main': '0' });
      expect(r.statusCode, v).toBe(200);
      expect(r.body, v).toContain(`## Images\n\n- ![Rain over Kochi](${site.url}/images/rain.jpg)`);
      expect(r.body, v).toContain(`- [Heatwave grips the north](${site.url}/a)`);
    }
    const none = await get(`/r/${site.url}/article`, { 'x-with-images-summary': 'false' });
    expect(none.body).not.toContain('## Images');
    const json = await get(`/r/${site.url}/article`, { 'x-with-images-summary': 'true', 'x-formats': 'metadata', accept: 'application/json' });
    expect(json.json().images).toEqual([{ url: `${site.url}/images/rain.jpg`, alt: 'Rain over Kochi' }]);
    expect(json.json().metadata).toMatchObject({ title: 'Monsoon arrives early in Kerala' });
  });

  it("takes every Jina header whose /fetch parameter exists; the browser ones render, as Jina's default engine does", async () => {
    const ok: [string, string][] = [
      ['x-return-format', 'text'],
      ['x-target-selector', 'h1'],
      ['x-remove-selector', 'table'],
      ['x-cache-tolerance', '60'],
      ['x-locale', 'en-IN'],
      ['x-engine', 'direct'],
      ['x-with-links-summary', 'true'],
      ['x-with-images-summary', 'true'],
    ];
    for (const [header, value] of ok) {
      const r = await get(`/r/${site.url}/article`, { [header]: value });
      expect(r.statusCode, header).toBe(200);
    }
    // Each of these reads in the browser, which this server lacks: 503, not a 400 asking for X-Render.
    for (const headers of [{ 'x-wait-for-selector': '#late' }, { 'x-return-format': 'screenshot' }, { 'x-engine': 'browser' }] as Record<string, string>[]) {
      const r = await get(`/r/${site.url}/article`, headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(503);
      expect(r.json().code).toBe('NOT_READY');
    }
    // Said not to render, a browser-only header is /fetch's 400 naming its parameter.
    for (const headers of [
      { 'x-wait-for-selector': '#late', 'x-render': '0' },
      { 'x-wait-for-selector': '#late', 'x-engine': 'direct' },
    ] as Record<string, string>[]) {
      const r = await get(`/r/${site.url}/article`, headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(400);
      expect(r.json()).toMatchObject({ param: 'wait_for', error: expect.stringMatching(/add render=1/) });
    }
    const shot = await get(`/r/${site.url}/article`, { 'x-return-format': 'screenshot', 'x-render': 'false' });
    expect(shot.json()).toMatchObject({ param: 'formats', error: expect.stringMatching(/add render=1/) });
    const page = await get(`/r/${site.url}/article`, { 'x-return-format': 'pageshot' });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({ param: 'x-return-format', error: expect.stringMatching(/GET \/screenshot\?full_page=1/) });
  });
});
