// GET /r/<url> against a fake site on 127.0.0.1 (allowed through the SSRF guard with
// FETCH_ALLOW_HOSTS=127.0.0.1): the target as written (query string, fragment, encodings),
// text or JSON, options as headers, and the same keys and guard as /fetch.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { webModule } from './index.js';
import { FetchQuery } from './schemas.js';

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
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '2000' }, { modules: [webModule] });
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

  it("takes Jina's selector headers as include and exclude, or refuses them by name where /fetch lacks them", async () => {
    if ('include' in (FetchQuery as unknown as { properties: object }).properties) {
      const only = await get(`/r/${site.url}/article`, { 'x-target-selector': 'table' });
      expect(only.body).toContain('Kozhikode');
      expect(only.body).not.toContain('Fishermen have been told');
      const without = await get(`/r/${site.url}/article`, { 'x-remove-selector': 'table' });
      expect(without.body).not.toContain('Kozhikode');
    } else {
      const refused = await get(`/r/${site.url}/article`, { 'x-target-selector': 'table' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ param: 'x-target-selector', error: expect.stringMatching(/not supported by this server/) });
    }
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
