// The reader controls that need the browser (wait_for, mobile, lang, formats=screenshot) on
// /fetch and /crawl with render=1, in a real headless Chromium (JANKARI_TEST_CHROMIUM; CI always
// sets it) behind the guarded proxy, against a fake site on 127.0.0.1.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './helpers/env.js';
import { testApp } from './helpers/app.js';
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
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_PATH: CHROMIUM!, BROWSER_TIMEOUT_MS: '15000' }, { modules: [webModule, screenshotModule] });
  });
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
});
