// The browser as its own tier (issue 46): the app renders in a remote browser, a real
// Playwright browser server (launchServer) or a real DevTools endpoint, both on this machine's
// Chromium (JANKARI_TEST_CHROMIUM; CI sets it). What must hold there as it holds locally: a page
// asking for a private address is a 400 BLOCKED_URL and the private listener sees no connection;
// when the tier goes away mid-load the answers are 503 with Retry-After (never a 500, never a
// hang), and the next request after its return is served; /health and /metrics show the tier.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotModule } from '../src/modules/screenshot/index.js';
import { webModule } from '../src/modules/web/index.js';
import { testApp } from './helpers/app.js';
import { CdpBrowser, PlaywrightServer } from './helpers/browser-tier.js';
import { CHROMIUM } from './helpers/env.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { refusedServer } from './helpers/navigating-pages.js';

type App = Awaited<ReturnType<typeof testApp>>;

/** A remote browser that can be killed and started again at the same address. */
interface Tier {
  settings(): Record<string, string>;
  start(): Promise<unknown>;
  kill(): Promise<void>;
}

const TIERS: [string, () => Tier][] = [
  [
    'a Playwright browser server',
    () => {
      const s = new PlaywrightServer();
      return { settings: () => ({ BROWSER_WS_ENDPOINT: s.endpoint }), start: () => s.start(), kill: () => s.kill() };
    },
  ],
  [
    'a DevTools (CDP) endpoint',
    () => {
      const b = new CdpBrowser();
      return { settings: () => ({ BROWSER_CDP_URL: b.url }), start: () => b.start(), kill: () => b.stop() };
    },
  ],
];

describe.runIf(CHROMIUM).each(TIERS)('the browser in %s', (_name, makeTier) => {
  let tier: Tier;
  let site: FakeUpstream;
  let refused: Awaited<ReturnType<typeof refusedServer>>;
  let t: App;
  /** Resolves when the site has been asked for /slow (its answer waits until the test lets it go). */
  let slowAsked: () => void = () => {};
  let n = 0;
  // Each visit a new URL: the screenshot cache would otherwise answer (or serve stale) in its place.
  const fresh = (path: string) => encodeURIComponent(`${site.url}${path}?n=${n++}`);

  beforeAll(async () => {
    refused = await refusedServer();
    site = await fakeUpstream({
      'GET /hello': { headers: { 'content-type': 'text/html' }, body: '<title>Hello</title><h1>hello</h1>' },
      'GET /to-private': { status: 302, headers: { location: `${refused.http}/` } },
      'GET /asks-private': {
        headers: { 'content-type': 'text/html' },
        body: `<title>asks</title><img src="${refused.http}/x.png"><script>fetch('${refused.http}/f').catch(() => {})</script><script>location.replace('${refused.http}/next')</script>`,
      },
      'GET /slow': () => {
        slowAsked();
        return { hang: true };
      },
    });
    tier = makeTier();
    await tier.start();
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_TIMEOUT_MS: '15000', ...tier.settings() }, { modules: [webModule, screenshotModule] });
  });
  afterAll(async () => {
    await t?.close();
    await tier?.kill();
    await site?.close();
    await refused?.close();
  });

  it('renders and shoots public pages through the remote browser, its contexts behind this instance’s proxy', async () => {
    const shot = await t.app.inject({ url: `/screenshot?url=${fresh('/hello')}` });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    const page = await t.app.inject({ url: `/fetch?url=${fresh('/hello')}&render=1&format=text` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ success: true, title: 'Hello', status_code: 200 });
  });

  it('answers 400 BLOCKED_URL for a page that asks for a private address, and the private listener sees no connection', async () => {
    for (const path of ['/to-private', '/asks-private']) {
      const shot = await t.app.inject({ url: `/screenshot?url=${fresh(path)}` });
      expect(shot.statusCode, path).toBe(400);
      expect(shot.json()).toMatchObject({ code: 'BLOCKED_URL' });
      const page = await t.app.inject({ url: `/fetch?url=${fresh(path)}&render=1` });
      expect(page.statusCode, path).toBe(400);
      expect(page.json()).toMatchObject({ success: false, code: 'BLOCKED_URL' });
    }
    expect(refused.connections()).toBe(0);
  });

  it('shows the tier in /health and counts its visits by outcome and their queue wait in /metrics', async () => {
    const health = (await t.app.inject({ url: '/health' })).json();
    expect(health.dependencies.browser).toMatchObject({
      status: 'up',
      tier: 'remote',
      kind: 'BROWSER_WS_ENDPOINT' in tier.settings() ? 'playwright' : 'cdp',
      connected: true,
      reachable: true,
      contexts_max: 2,
      required: false,
    });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^jankari_browser_visits_total\{outcome="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^jankari_browser_visits_total\{outcome="blocked"\} [1-9]/m);
    expect(metrics).toMatch(/^jankari_browser_queue_wait_seconds_count [1-9]/m);
  });

  it('answers 503 with Retry-After when the remote browser dies mid-load and while it is away, and serves again once it is back', async () => {
    const asked = new Promise<void>((resolve) => (slowAsked = resolve));
    const loading = t.app.inject({ url: `/screenshot?url=${fresh('/slow')}` });
    await asked;
    await tier.kill();
    const midLoad = await loading;
    expect(midLoad.statusCode).toBe(503);
    expect(midLoad.headers['retry-after']).toBe('5');
    expect(midLoad.json()).toMatchObject({ code: 'NOT_READY' });

    // While it is away: every door a 503 with Retry-After, and /health says so.
    for (const url of [`/screenshot?url=${fresh('/hello')}`, `/fetch?url=${fresh('/hello')}&render=1`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
    }
    // /health checks at most once a second: asked until a check made after the kill answers.
    let browser: Record<string, unknown> = {};
    for (let i = 0; i < 50 && browser.status !== 'down'; i++) {
      browser = (await t.app.inject({ url: '/health' })).json().dependencies.browser;
      if (browser.status !== 'down') await new Promise((r) => setTimeout(r, 100));
    }
    expect(browser).toMatchObject({ status: 'down', connected: false, reachable: false });

    await tier.start();
    const back = await t.app.inject({ url: `/screenshot?url=${fresh('/hello')}` });
    expect(back.statusCode).toBe(200);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^jankari_browser_visits_total\{outcome="unavailable"\} [1-9]/m);
  }, 60_000);
});
