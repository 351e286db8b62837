// The two HTML pages in a real browser (headless Chromium, when JANKARI_TEST_CHROMIUM names one;
// CI always does): they load and render with no console message, so the Content-Security-Policy
// the server sends blocks nothing the page needs. The landing page is also driven with
// Playwright: a form sent, charts drawn from stored prices, its weight and speed measured.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTables, PriceRepository } from '../src/lib/prices/index.js';
import { testApp } from './helpers/app.js';
import { axeBlocking } from './helpers/axe.js';
import { CHROMIUM } from './helpers/env.js';

const run = promisify(execFile);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these, Chromium phones home at start and the closed network refuses it.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Loads a page headless; returns the rendered DOM and the console lines Chromium logged. */
async function load(url: string): Promise<{ dom: string; console: string[] }> {
  const flags = [
    ...FLAGS,
    `--user-data-dir=${mkdtempSync(join(tmpdir(), 'jankari-chromium-'))}`,
    '--enable-logging=stderr',
    '--v=0',
    '--virtual-time-budget=5000',
    '--dump-dom',
    url,
  ];
  const { stdout, stderr } = await run(CHROMIUM!, flags, { timeout: 240_000, maxBuffer: 20 * 1024 * 1024 });
  return { dom: stdout, console: stderr.split('\n').filter((l) => /:CONSOLE/.test(l)) };
}

// The test clock: prices are stored for the 14 India days up to this one.
const NOW = new Date('2026-11-20T06:00:00Z');
const DAYS = Array.from({ length: 14 }, (_, i) => new Date(NOW.getTime() - (13 - i) * 86_400_000).toISOString().slice(0, 10));

/** A few days of stored crawls, as the fuel and commodities crawls write them (constructed values). */
async function seedPrices(db: ConstructorParameters<typeof PriceRepository>[0]): Promise<void> {
  const at = NOW.toISOString();
  const run = { started_at: at, finished_at: at, ok: true, rows: 1, error: null, sources: [] };
  const fuel = new PriceRepository(db, priceTables('fuel'));
  await fuel.upsert(
    DAYS.flatMap((day, i) => [
      { location: 'delhi', product: 'petrol', day, price: 94.72 + i * 0.05, source: 'test', updated_at: at },
      { location: 'mumbai', product: 'petrol', day, price: 103.44 - i * 0.04, source: 'test', updated_at: at },
    ]),
  );
  await fuel.recordRun(run);
  const metals = new PriceRepository(db, priceTables('commodities'));
  await metals.upsert(DAYS.map((day, i) => ({ location: 'india', product: 'gold', day, price: 7800 + 12 * i, source: 'test', updated_at: at })));
  await metals.recordRun(run);
}

describe.runIf(CHROMIUM)('HTML pages in headless Chromium', () => {
  let base = '';
  let built: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    built = await testApp({ PRICES_VERSION_CHECK_MS: '0' }, { now: () => NOW });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => built.close());

  it('renders the landing page without a console message, saying there are no prices before a crawl', async () => {
    const page = await load(`${base}/`);
    expect(page.dom).toContain('<h1>jankari</h1>');
    expect(page.dom).toContain('No prices yet: no crawl has succeeded');
    expect(page.dom).toContain('Dependencies');
    expect(page.console).toEqual([]);
  });

  it('renders the docs page, every operation listed, without a console message', async () => {
    const page = await load(`${base}/docs`);
    const doc = (await built.app.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.filter((id) => !page.dom.includes(`<article class="op" id="${id}"`))).toEqual([]);
    expect(page.dom).toContain('<h1>jankari API reference</h1>');
    expect(page.console).toEqual([]);
  });

  describe('the landing page, driven with Playwright, after crawls', () => {
    let browser: Browser;
    beforeAll(async () => {
      await seedPrices(built.ctx.db);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    });
    afterAll(() => browser?.close());

    /** Opens / in a fresh context (empty cache) at one width; collects console lines and bytes. */
    async function open(width: number) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      const sizes: Promise<{ url: string; bytes: number; encoding?: string }>[] = [];
      page.on('requestfinished', (req) =>
        sizes.push(
          Promise.all([req.sizes(), req.response()]).then(([s, res]) => ({
            url: req.url(),
            bytes: s.responseBodySize + s.responseHeadersSize,
            encoding: res?.headers()['content-encoding'],
          })),
        ),
      );
      await page.goto(`${base}/`);
      await page.waitForSelector('html[data-ready]');
      return { page, context, messages, transferred: () => Promise.all(sizes) };
    }

    async function timing(page: Page) {
      return page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const mark = (n: string) => Math.round(performance.getEntriesByName(n)[0]!.startTime);
        return { domContentLoaded: Math.round(nav.domContentLoadedEventEnd), interactive: mark('jankari-interactive'), ready: mark('jankari-ready') };
      });
    }

    it('loads in under 200 KB with no console message, draws both charts, and shows health', async () => {
      const { page, context, messages, transferred } = await open(1280);
      const plots = await page.$$eval('figure.chart .plot', (els) =>
        els.map((e) => ({ drawn: e.getAttribute('data-drawn'), canvas: e.querySelectorAll('canvas').length })),
      );
      expect(plots).toEqual([
        { drawn: '14', canvas: 1 },
        { drawn: '14', canvas: 1 },
      ]);
      expect(await page.textContent('#chart-fuel .summary')).toContain(`Delhi: 95.37 ₹ per litre on ${DAYS[13]}`);
      expect(await page.textContent('#health-report')).toMatch(/database\s*up/);
      const files = await transferred();
      const total = files.reduce((n, f) => n + f.bytes, 0);
      const t = await timing(page);
      console.log(
        `landing first load: ${files.length} responses, ${total} bytes transferred; ${JSON.stringify(t)} ms; encodings ${[...new Set(files.map((f) => f.encoding ?? 'none'))].join(',')}`,
      );
      expect(total).toBeLessThan(200 * 1024);
      expect(t.interactive).toBeLessThan(5000);
      const shot = join(tmpdir(), 'jankari-landing-1280.png');
      await page.screenshot({ path: shot });
      await page.screenshot({ path: join(tmpdir(), 'jankari-landing-1280-full.png'), fullPage: true });
      console.log(`landing screenshot: ${shot}`);
      expect(messages).toEqual([]);
      await context.close();
    });

    it('sends a form and shows the JSON answer and its status, escaped, with the keyboard alone', async () => {
      const { page, context, messages } = await open(1280);
      const form = page.locator('form[data-path="/numerology"]');
      const summary = form.locator('xpath=..').locator('summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => form.locator('input[name="name"]').inputValue()).toBe('Thomas Cruise Mapother');
      await form.locator('input[name="name"]').fill('Ada Lovelace');
      await form.locator('input[name="name"]').press('Enter');
      await page.waitForSelector('form[data-path="/numerology"] .status.ok');
      expect(await form.locator('.status').textContent()).toMatch(/^HTTP 200 OK/);
      const answer = await form.locator('pre.answer').textContent();
      expect(JSON.parse(answer!)).toMatchObject({ status: 'ok' });
      expect(answer).toContain('"status": "ok"');
      expect(await form.locator('pre.answer *').count()).toBe(0);
      await form.locator('xpath=../..').screenshot({ path: join(tmpdir(), 'jankari-landing-form.png') });
      expect(messages).toEqual([]);
      await context.close();
    });

    it('labels every input, keeps headings in order, and fits a phone (390 wide)', async () => {
      const { page, context, messages } = await open(390);
      const a11y = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        unlabelled: [...document.querySelectorAll('input, select')].filter((e) => !(e as HTMLInputElement).labels?.length).length,
        skipped: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])).filter((n, i, all) => i > 0 && n > all[i - 1]! + 1)
          .length,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(a11y).toEqual({ lang: 'en', unlabelled: 0, skipped: 0, overflow: 0 });
      // The month calendar (the clock's November: Diwali on the 8th) shows all seven columns on the
      // phone's screen (it used to show three and a half and scroll); its region stays focusable.
      const cal = page.locator('.cal-wrap');
      expect(await cal.getAttribute('tabindex')).toBe('0');
      expect(await cal.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
      const lastColumn = await page.locator('table.cal th').nth(6).boundingBox();
      expect(lastColumn!.x + lastColumn!.width).toBeLessThanOrEqual(390);
      await expect.poll(() => page.locator('td:has(time[datetime="2026-11-08"]) strong').allTextContents()).toContain('Diwali (Lakshmi Puja)');
      await cal.screenshot({ path: join(tmpdir(), 'jankari-landing-calendar-390.png') });
      const shot = join(tmpdir(), 'jankari-landing-390.png');
      await page.screenshot({ path: shot });
      console.log(`landing phone screenshot: ${shot}`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
      expect(messages).toEqual([]);
      await context.close();
    });
  });

  describe('accessibility (axe-core) at a desktop and a phone width', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    });
    afterAll(() => browser?.close());

    it.each([
      ['/', 1280],
      ['/', 390],
      ['/docs', 1280],
      ['/docs', 390],
    ])('%s at %i px: no critical or serious rule broken, nothing wider than the screen', async (path, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${base}${path}`);
      if (path === '/') await page.waitForSelector('html[data-ready]');
      // every folded answer open, so axe checks the examples too
      await page.$$eval('details', (els) => els.forEach((d) => d.setAttribute('open', '')));
      expect(await axeBlocking(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await context.close();
    });

    it('/docs at 390×844: the operations list is a box of its own, the first operation within two screens, parameter tables not clipped', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${base}/docs`);
      const at = await page.evaluate(() => ({
        firstOp: (document.querySelector('article.op') as HTMLElement).getBoundingClientRect().top + window.scrollY,
        clipped: [...document.querySelectorAll('table.params')].filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1).length,
      }));
      console.log(`docs at 390×844: ${JSON.stringify(at)}`);
      expect(at.firstOp).toBeLessThan(2 * 844);
      expect(at.clipped).toBe(0);
      await context.close();
    });

    it.each([
      [1280, 900],
      [390, 844],
    ])('the landing page at %i×%i px: how to call it on the first screen, endpoints next, health folded last', async (width, height) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.waitForSelector('html[data-ready]');
      const at = await page.evaluate(() => {
        const top = (sel: string) => Math.round(document.querySelector(sel)!.getBoundingClientRect().top + window.scrollY);
        const bottom = (sel: string) => Math.round(document.querySelector(sel)!.getBoundingClientRect().bottom + window.scrollY);
        return {
          page: document.documentElement.scrollHeight,
          firstCall: bottom('pre.curl'),
          docsLink: bottom('a[href="/docs"]'),
          firstEndpoint: top('.endpoint'),
          lastEndpoint: top('.endpoint:last-of-type'),
          calendar: top('#calendar'),
          prices: top('#prices'),
          calendarHeight: Math.round(document.querySelector('#calendar')!.parentElement!.getBoundingClientRect().height),
          health: top('#health'),
          healthOpen: document.querySelector('details.health')!.hasAttribute('open'),
          healthStatus: document.getElementById('health-status')!.textContent,
        };
      });
      console.log(`landing at ${width}×${height}: ${JSON.stringify(at)}`);
      await page.locator('.cal-wrap').screenshot({ path: join(tmpdir(), `jankari-landing-calendar-${width}.png`) });
      // Loose budgets: the first screen shows a call and the documents; the endpoints start
      // on the first screen of a desktop and within three of a phone; health comes after them, folded.
      expect(at.firstCall).toBeLessThanOrEqual(height);
      expect(at.docsLink).toBeLessThanOrEqual(height);
      expect(at.firstEndpoint).toBeLessThan(width >= 1000 ? height : 3 * height);
      expect(at.health).toBeGreaterThan(at.lastEndpoint);
      // The month calendar sits after the endpoints (and charts), before health.
      expect(at.calendar).toBeGreaterThan(at.lastEndpoint);
      expect(at.calendar).toBeLessThan(at.health);
      expect(at.healthOpen).toBe(false);
      expect(at.healthStatus).toMatch(/^(ok|degraded|error)$/);
      await context.close();
    });
  });
});
