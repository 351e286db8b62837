// The reader controls that need the browser (wait_for, mobile, lang, formats=screenshot) on
// /fetch and /crawl with render=1, and through the front doors (/r/ headers, Firecrawl's SDK),
// in a real headless Chromium (JANKARI_TEST_CHROMIUM; CI always sets it) behind the guarded
// proxy, against a fake site on 127.0.0.1.

import type { AddressInfo } from 'node:net';
import Firecrawl from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './helpers/env.js';
import type { testApp } from './helpers/app.js';
import { browserTestApp } from './helpers/browser-tier.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { screenshotModule } from '../src/modules/screenshot/index.js';
import { webModule } from '../src/modules/web/index.js';

type App = Awaited<ReturnType<typeof testApp>>;
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });

// Its content comes 2 s after load with no network activity: the network is idle long before,
// so only a reading that waits for it sees it.
const LATE = `<html><head><title>Late</title></head><body><main><h1>Late page</h1><p>${'The frame of the page is here at once. '.repeat(5)}</p></main>
<script>setTimeout(() => { const d = document.createElement('div'); d.id = 'late';
d.innerHTML = '<p>This paragraph arrived two seconds after the page loaded.</p>'; document.querySelector('main').append(d); }, 2000);</script></body></html>`;

// Writes what the browser tells the page about itself (a phone lays out a page without a
// viewport meta tag 980 px wide, as real phones do; this one has the tag).
const WHOAMI = (
  acceptLanguage: string,
) => `<html><head><title>Who</title><meta name="viewport" content="width=device-width"></head><body><main><h1>Who am I</h1><p id="who"></p></main>
<p>accept-language header: ${acceptLanguage}</p>
<script>document.getElementById('who').textContent = 'width ' + innerWidth + ' ua ' + navigator.userAgent;</script></body></html>`;

describe.runIf(CHROMIUM)('reader controls in a real headless Chromium', () => {
  let t: App;
  let site: FakeUpstream;
  const get = async (path: string, qs: string) => {
    const r = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(site.url + path)}&render=1&${qs}` });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /late': html(LATE),
      'GET /who': (req) => html(WHOAMI(String(req.headers['accept-language'] ?? 'none'))),
    });
    t = await browserTestApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_TIMEOUT_MS: '15000' }, { modules: [webModule, screenshotModule] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const firecrawl = () => new Firecrawl({ apiKey: 'unused', apiUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/firecrawl` });
  const isJpegDataUrl = (s: string | undefined) => {
    expect(s).toMatch(/^data:image\/jpeg;base64,/);
    return [...Buffer.from(s!.slice('data:image/jpeg;base64,'.length), 'base64').subarray(0, 3)];
  };
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('wait_for a selector reads the content a script adds after a delay; without it the content is not there yet', async () => {
    const without = await get('/late', 'format=text');
    expect(without.status).toBe(200);
    expect(without.body.content).not.toContain('arrived two seconds after');
    const waited = await get('/late', `format=text&wait_for=${encodeURIComponent('#late')}&no_cache=1`);
    expect(waited.status).toBe(200);
    expect(waited.body.content).toContain('This paragraph arrived two seconds after the page loaded.');
    // Together with include: only the late element.
    const only = await get('/late', `format=text&wait_for=${encodeURIComponent('#late p')}&include=${encodeURIComponent('#late')}`);
    expect(only.body.content).toBe('This paragraph arrived two seconds after the page loaded.');
  });

  it('wait_for a number of milliseconds reads the page that long after it settled', async () => {
    const waited = await get('/late', 'format=text&wait_for=2600');
    expect(waited.status).toBe(200);
    expect(waited.body.content).toContain('arrived two seconds after');
  });

  it('answers 504 naming the selector when it never appears', async () => {
    const r = await get('/late', `wait_for=${encodeURIComponent('#never-there')}`);
    expect(r.status).toBe(504);
    expect(r.body).toMatchObject({ success: false, code: 'UPSTREAM_TIMEOUT', param: 'wait_for', selector: '#never-there' });
    expect(r.body.error).toContain('no element matched "#never-there"');
  });

  it('mobile=1 renders with a phone viewport and user agent, lang is the Accept-Language of the visit', async () => {
    const desk = await get('/who', 'format=text');
    expect(desk.body.content).toMatch(/width 1280 /);
    expect(desk.body.content).not.toContain('Mobile');
    const phone = await get('/who', `format=text&main=0&mobile=1&lang=${encodeURIComponent('hi-IN,hi;q=0.9')}`);
    expect(phone.status).toBe(200);
    expect(phone.body.content).toMatch(/width 412 ua .*Android.*Mobile Safari/);
    expect(phone.body.content).toContain('accept-language header: hi-IN,hi;q=0.9');
  });

  it('formats=screenshot gives a JPEG of the same visit as a data: URL, beside the other outputs', async () => {
    const r = await get('/late', `formats=screenshot,markdown,metadata&wait_for=${encodeURIComponent('#late')}`);
    expect(r.status).toBe(200);
    expect(r.body.markdown).toContain('arrived two seconds after');
    expect(r.body.metadata).toMatchObject({ title: 'Late' });
    expect(r.body.screenshot).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(r.body.screenshot.slice('data:image/jpeg;base64,'.length), 'base64');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('applies wait_for to every page of /crawl', async () => {
    site.set(
      'GET /hub',
      html(`<html><head><title>Hub</title></head><body><main><h1>Hub</h1><div id="late"><a href="/late">Late</a></div></main></body></html>`),
    );
    const r = await t.app.inject({ url: `/crawl?url=${encodeURIComponent(site.url + '/hub')}&render=1&limit=1&format=text&wait_for=%23late` });
    expect(r.statusCode).toBe(200);
    expect(r.json().pages[0]).toMatchObject({ success: true });
    expect(r.json().pages[0].content).toContain('arrived two seconds after');
  });

  it("/r/ with Jina's X-Wait-For-Selector renders and waits without X-Render; X-Return-Format: screenshot answers the image", async () => {
    const r = await t.app.inject({ url: `/r/${site.url}/late`, headers: { 'x-wait-for-selector': '#late', 'x-format': 'text', 'x-no-cache': 'true' } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('This paragraph arrived two seconds after the page loaded.');
    const shot = await t.app.inject({ url: `/r/${site.url}/who`, headers: { 'x-return-format': 'screenshot' } });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect([...shot.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const json = await t.app.inject({ url: `/r/${site.url}/who`, headers: { 'x-return-format': 'screenshot', accept: 'application/json' } });
    expect(json.json()).toMatchObject({ format: 'markdown', content: expect.stringContaining('width 1280 ua') });
    expect(isJpegDataUrl(json.json().screenshot)).toEqual([0xff, 0xd8, 0xff]);
    // Our own X-Formats: screenshot in a text answer: the image after the text, as a Markdown image.
    const text = await t.app.inject({ url: `/r/${site.url}/who`, headers: { 'x-formats': 'screenshot', 'x-render': '1' } });
    expect(text.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(text.body).toMatch(/^width 1280 ua [^]*\n\n## Screenshot\n\n!\[Screenshot\]\(data:image\/jpeg;base64,[A-Za-z0-9+/=]+\)$/);
  });

  it("Firecrawl's SDK: waitFor reads what a script adds later, mobile renders as a phone, screenshot is a data: URL string", async () => {
    const fc = firecrawl();
    const plain = await fc.scrape(`${site.url}/late`, { maxAge: 0 });
    expect(plain.markdown).toContain('The frame of the page is here at once.');
    expect(plain.markdown).not.toContain('arrived two seconds after');
    const waited = await fc.scrape(`${site.url}/late`, { waitFor: 2600, maxAge: 0 });
    expect(waited.markdown).toContain('This paragraph arrived two seconds after the page loaded.');
    const phone = await fc.scrape(`${site.url}/who`, { mobile: true, onlyMainContent: false, location: { languages: ['hi-IN', 'en'] } });
    expect(phone.markdown).toMatch(/width 412 ua .*Android.*Mobile Safari/);
    expect(phone.markdown).toContain('accept-language header: hi-IN,en;q=0.9');
    const shot = await fc.scrape(`${site.url}/who`, { formats: ['markdown', { type: 'screenshot' }] });
    expect(shot.markdown).toContain('width 1280 ua');
    expect(isJpegDataUrl(shot.screenshot)).toEqual([0xff, 0xd8, 0xff]);
  });
});
