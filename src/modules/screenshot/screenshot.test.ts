// /screenshot through the app. The parameter rules and the missing-browser answer need no
// browser; the images are taken by a real headless Chromium (JANKARI_TEST_CHROMIUM; CI always
// sets it) of pages on 127.0.0.1, allowed with FETCH_ALLOW_HOSTS like the web tests do.

import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../../test/helpers/env.js';
import { testApp } from '../../../test/helpers/app.js';
import { browserTestApp } from '../../../test/helpers/browser-tier.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { navigatingPages, refusedServer } from '../../../test/helpers/navigating-pages.js';
import { MAX_NAVIGATIONS } from '../../lib/browser/index.js';
import { screenshotModule } from './index.js';

type App = Awaited<ReturnType<typeof testApp>>;
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });

describe('screenshot parameters (no browser needed)', () => {
  let t: App;
  beforeAll(async () => {
    t = await testApp({ BROWSER_PATH: '/nonexistent/chromium' }, { modules: [screenshotModule] });
  });
  afterAll(() => t.close());

  it.each([
    ['width=100', 'width'],
    ['width=5000', 'width'],
    ['height=0', 'height'],
    ['height=2000', 'height'],
    ['format=gif', 'format'],
    ['format=jpeg&quality=0', 'quality'],
    ['format=webp&quality=101', 'quality'],
    ['quality=50', 'quality'],
    ['delay=6000', 'delay'],
    ['delay=-1', 'delay'],
    ['full_page=2', 'full_page'],
    ['dark=yes', 'dark'],
    ['width=abc', 'width'],
  ])('answers 400 naming the parameter for %s', async (qs, param) => {
    const res = await t.app.inject({ url: `/screenshot?url=example.com&${qs}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'INVALID_PARAMETER' });
    expect(JSON.stringify(body)).toContain(param);
  });

  it('answers 400 without a url, and for one that is not a URL', async () => {
    expect((await t.app.inject({ url: '/screenshot' })).statusCode).toBe(400);
    const bad = await t.app.inject({ url: '/screenshot?url=http%3A%2F%2F' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, param: 'url' });
  });

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://localhost:8080/'])(
    'refuses %s with BLOCKED_URL before any browser is asked',
    async (url) => {
      const res = await t.app.inject({ url: `/screenshot?url=${encodeURIComponent(url)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BLOCKED_URL' });
    },
  );

  it('answers 503 saying how to install a browser when BROWSER_PATH names none, and the rest of the service still answers', async () => {
    const res = await t.app.inject({ url: '/screenshot?url=example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_READY', error: expect.stringMatching(/apt-get install chromium.*BROWSER_PATH/) });
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('asks for an API key when keys are configured', async () => {
    const keyed = await testApp({ BROWSER_PATH: '/nonexistent/chromium', API_KEYS: 'k1' }, { modules: [screenshotModule] });
    try {
      expect((await keyed.app.inject({ url: '/screenshot?url=example.com' })).statusCode).toBe(401);
      expect((await keyed.app.inject({ url: '/screenshot?url=example.com', headers: { 'x-api-key': 'k1' } })).statusCode).toBe(503);
    } finally {
      await keyed.close();
    }
  });
});

describe.runIf(CHROMIUM)('screenshots in headless Chromium', () => {
  let site: FakeUpstream;
  let t: App;
  const shot = (qs: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/screenshot?${qs}`, headers });

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /': html('<html><body style="margin:0;background:#fff"><h1>Hello</h1></body></html>'),
      'GET /tall': html('<html><body style="margin:0"><div style="height:3000px;background:linear-gradient(#f00,#00f)"></div></body></html>'),
      'GET /huge': html('<html><body style="margin:0"><div style="height:50000px;background:#0a0"></div></body></html>'),
      'GET /scheme': html(
        '<html><head><style>body{margin:0;background:#fff} @media (prefers-color-scheme: dark){body{background:#000}}</style></head><body></body></html>',
      ),
      'GET /counted': html('<p>counted</p>'),
      'GET /to-private': { status: 302, headers: { location: 'http://10.0.0.1/' } },
    });
    t = await browserTestApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_CONTEXTS: '2' }, { modules: [screenshotModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('returns a PNG of the viewport at the asked size', async () => {
    const res = await shot(`url=${encodeURIComponent(site.url + '/')}&width=800&height=600`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    expect(res.headers['x-final-url']).toBe(`${site.url}/`);
    const png = PNG.sync.read(res.rawPayload);
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(Array.from(png.data.subarray(0, 3))).toEqual([255, 255, 255]);
  });

  it('answers each format in the media type and with the headers /openapi.json documents', async () => {
    const answers = documentedAnswers();
    for (const format of ['png', 'jpeg', 'webp']) {
      const res = await answers.media(t.app, `/screenshot?url=${encodeURIComponent(site.url + '/')}&format=${format}&width=640&height=480`);
      expect(res.headers['content-type']).toBe(`image/${format}`);
    }
  });

  it('returns jpeg and webp at the asked quality', async () => {
    const jpeg = await shot(`url=${encodeURIComponent(site.url + '/')}&format=jpeg&quality=60&width=640&height=480`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    const webp = await shot(`url=${encodeURIComponent(site.url + '/')}&format=webp&width=640&height=480`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
  });

  it('captures the whole page with full_page=1, and stops at the height cap', async () => {
    const tall = PNG.sync.read((await shot(`url=${encodeURIComponent(site.url + '/tall')}&full_page=1&width=400&height=300`)).rawPayload);
    expect([tall.width, tall.height]).toEqual([400, 3000]);
    const huge = PNG.sync.read((await shot(`url=${encodeURIComponent(site.url + '/huge')}&full_page=1&width=1920&height=300`)).rawPayload);
    // 12 million pixels at 1920 wide: 6250 rows (under the 8000-row cap).
    expect([huge.width, huge.height]).toEqual([1920, 6250]);
  });

  it('asks for the dark colour scheme with dark=1', async () => {
    const light = PNG.sync.read((await shot(`url=${encodeURIComponent(site.url + '/scheme')}&width=320&height=240`)).rawPayload);
    const dark = PNG.sync.read((await shot(`url=${encodeURIComponent(site.url + '/scheme')}&width=320&height=240&dark=1`)).rawPayload);
    expect(Array.from(light.data.subarray(0, 3))).toEqual([255, 255, 255]);
    expect(Array.from(dark.data.subarray(0, 3))).toEqual([0, 0, 0]);
  });

  it('serves a second identical request from the cache, and 304 to its ETag', async () => {
    const qs = `url=${encodeURIComponent(site.url + '/counted')}&width=320&height=240`;
    const first = await shot(qs);
    const second = await shot(qs);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(site.requests.filter((r) => r.path === '/counted')).toHaveLength(1);
    const again = await shot(qs, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves the last image, flagged stale, when the site stops answering; 502 when there is none', async () => {
    const gone = await fakeUpstream({ 'GET /': html('<p>soon gone</p>') });
    const qs = `url=${encodeURIComponent(gone.url + '/')}&width=320&height=240`;
    const fresh = await shot(qs);
    expect(fresh.headers['x-cache']).toBe('miss');
    // Age the cached entry past its 15 minutes (the store is the in-memory LRU of this app).
    const lru = (t.ctx.cache.store as unknown as { lru: Map<string, { fresh: number }> }).lru;
    for (const [key, entry] of lru.entries()) if (key.startsWith('screenshot:')) entry.fresh = 0;
    await gone.close();
    const stale = await shot(qs);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(stale.rawPayload.equals(fresh.rawPayload)).toBe(true);
    const none = await shot(`${qs}&dark=1`);
    expect(none.statusCode).toBe(502);
    expect(none.json()).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('refuses a page that redirects to a private address', async () => {
    const res = await shot(`url=${encodeURIComponent(site.url + '/to-private')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BLOCKED_URL', error: expect.stringMatching(/10\.0\.0\.1 is a private address/) });
    // The hop refused is named, with its address (issue 42).
    expect(res.json()).toMatchObject({ url: `${site.url}/to-private`, refused_url: 'http://10.0.0.1/', refused_address: '10.0.0.1' });
    expect(res.json().error).toMatch(/^refused to load http:\/\/10\.0\.0\.1\/, where http:\/\/127\.0\.0\.1:\d+\/to-private led: /);
  });
});

// Issue 31: a page that navigates once loaded answered 500 (the capture met the navigation) or
// showed the page being left; one that navigated to a refused address must be refused.
describe.runIf(CHROMIUM)('screenshots of pages that navigate on their own', () => {
  let site: FakeUpstream;
  let refused: Awaited<ReturnType<typeof refusedServer>>;
  let t: App;
  const shot = (path: string) => t.app.inject({ url: `/screenshot?url=${encodeURIComponent(site.url + path)}&width=320&height=240` });
  const firstPixel = (png: Buffer) => Array.from(PNG.sync.read(png).data.subarray(0, 3));

  beforeAll(async () => {
    refused = await refusedServer();
    site = await fakeUpstream(navigatingPages(refused));
    t = await browserTestApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_CONTEXTS: '2' }, { modules: [screenshotModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await refused.close();
  });

  it.each(['/nav/meta', '/nav/header', '/nav/replace'])(
    'shows the page %s leads to (green), not the one it leaves (red)',
    async (path) => {
      const res = await shot(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-final-url']).toBe(`${site.url}/nav/arrived`);
      expect(firstPixel(res.rawPayload)).toEqual([0, 255, 0]);
    },
    60_000,
  );

  it.each(['/nav/to-loopback', '/nav/to-loopback-tls', '/nav/to-metadata'])(
    'answers 400 BLOCKED_URL for %s, which navigates to a refused address, every time (no image cached)',
    async (path) => {
      for (let i = 0; i < 2; i++) {
        const res = await shot(path);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['x-cache']).toBeUndefined();
        expect(res.json()).toMatchObject({ success: false, code: 'BLOCKED_URL', error: expect.stringMatching(/loopback|link-local/) });
        // Issue 42: the 400 names the hop refused and its address, not only the page asked for.
        const hop = path === '/nav/to-metadata' ? 'http://169.254.169.254/latest/meta-data/' : `${path.endsWith('tls') ? refused.https : refused.http}/`;
        const address = path === '/nav/to-metadata' ? '169.254.169.254' : '127.0.0.2';
        expect(res.json()).toMatchObject({ url: `${site.url}${path}`, refused_url: hop, refused_address: address });
        expect(res.json().error).toMatch(new RegExp(`^refused to load ${hop.replace(/[.?]/g, '\\$&')}, where ${site.url}${path} led: `));
      }
      expect(refused.connections()).toBe(0);
    },
    90_000,
  );

  it.each(['/nav/loop', '/nav/slow-loop'])(
    'shows %s, which navigates for ever, as it stood after a bounded number of navigations',
    async (path) => {
      const before = site.requests.filter((r) => r.path === path).length;
      const res = await shot(path);
      expect(res.statusCode).toBe(200);
      // Which page depends on the machine's pace (a page quiet for half a second is read): any of them.
      expect(res.headers['x-final-url']).toMatch(new RegExp(`^${site.url}${path}(\\?n=\\d+)?$`));
      expect(firstPixel(res.rawPayload)).toEqual([0, 0, 255]);
      expect(site.requests.filter((r) => r.path === path).length - before).toBeLessThanOrEqual(1 + MAX_NAVIGATIONS + 1);
    },
    60_000,
  );
});
