// /astro/chart in a real browser (headless Chromium, when JANKARI_TEST_CHROMIUM names one; CI
// always does): each style renders with no console message and every graha's label is laid out.
// The landing page's try-it form shows it. Screenshots of the three styles go to test-artifacts/ (ignored by git) for a person to look at.

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroModule } from '../src/modules/astro/index.js';
import { metaModule } from '../src/modules/meta/index.js';
import { testApp } from './helpers/app.js';
import { CHROMIUM } from './helpers/env.js';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// P.V. Narasimha Rao, the book's chart 6 (fixtures/astro-book-charts.json), with a transit overlay.
const PVNR =
  'latitude=18.4333&longitude=79.15&year=1921&month=6&day=28&hour=12&min=49&tz=%2B05:17&name=P.V.%20Narasimha%20Rao&degrees=1&transit=1&transit_date=2026-11-21';

describe.runIf(CHROMIUM)('/astro/chart in headless Chromium', () => {
  let base = '';
  let built: Awaited<ReturnType<typeof testApp>>;
  let browser: Browser;
  beforeAll(async () => {
    built = await testApp({}, { modules: [metaModule, astroModule], now: () => new Date('2026-11-21T12:00:00Z') });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await built?.close();
  });

  for (const style of ['north', 'south', 'east']) {
    it(`renders the ${style} style with no console message and every label laid out`, async () => {
      const context = await browser.newContext({ viewport: { width: 520, height: 560 } });
      const page = await context.newPage();
      const messages: string[] = [];
      // The browser's own favicon request meets this module-only app's 404; it is not the chart's.
      page.on('console', (m) => m.location().url.endsWith('/favicon.ico') || messages.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      const res = await page.goto(`${base}/astro/chart?${PVNR}&style=${style}`);
      expect(res?.status()).toBe(200);
      const boxes = await page.$$eval('text[data-graha]', (els) =>
        els.map((e) => {
          const b = (e as SVGGraphicsElement).getBBox();
          return { graha: e.getAttribute('data-graha'), transit: e.getAttribute('data-transit') === 'true', w: b.width, h: b.height };
        }),
      );
      // Nine grahas and the lagna, and the nine again in transit; each with a visible box.
      expect(boxes).toHaveLength(19);
      for (const b of boxes) expect(b.w * b.h, `${b.graha}${b.transit ? ' (transit)' : ''}`).toBeGreaterThan(0);
      const svg = await page.$eval('svg', (e) => ({ w: e.getBoundingClientRect().width, title: e.querySelector('title')?.textContent ?? '' }));
      expect(svg.w).toBe(480);
      expect(svg.title).toContain('P.V. Narasimha Rao');
      await page.screenshot({ path: `${ARTIFACTS}astro-chart-${style}.png` });
      expect(messages).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it("shows the chart in the landing page's try-it form, from the route's example", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => m.location().url.endsWith('/favicon.ico') || messages.push(`${m.type()}: ${m.text()}`));
    await page.goto(`${base}/`);
    const form = page.locator('article.endpoint', { has: page.locator('code', { hasText: /^\/astro\/chart$/ }) });
    await form.locator('summary').click();
    await form.locator('button[type=submit]').click();
    const img = form.locator('.image img');
    await img.waitFor();
    expect(await img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(480);
    await form.screenshot({ path: `${ARTIFACTS}astro-chart-landing-form.png` });
    expect(messages).toEqual([]);
    await context.close();
  }, 60_000);
});
