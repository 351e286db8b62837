// /fetch and /crawl with render=1: the page is loaded in the screenshot module's guarded
// browser (the pageRenderer port) and the DOM its scripts left is read like fetched HTML.
// The browser cases run when JANKARI_TEST_CHROMIUM names a Chromium (CI always does); the
// site on 127.0.0.1 is allowed with FETCH_ALLOW_HOSTS, a second server on 127.0.0.2 is not.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './helpers/env.js';
import { testApp } from './helpers/app.js';
import { browserTestApp } from './helpers/browser-tier.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { ARRIVED, navigatingPages, refusedServer } from './helpers/navigating-pages.js';
import { MAX_NAVIGATIONS } from '../src/lib/browser/index.js';
import { screenshotModule } from '../src/modules/screenshot/index.js';
import { webModule } from '../src/modules/web/index.js';

type App = Awaited<ReturnType<typeof testApp>>;
const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const SENTENCE = 'This paragraph was written by a script after the page loaded. ';

// The article arrives by a fetch() a moment after load: only a render that waits for the
// network to settle sees it.
const SCRIPTED = `<html><head><title>Scripted</title></head><body><main id="app"><p>Loading…</p></main>
<script>setTimeout(() => fetch('/data.json').then((r) => r.json()).then((d) => {
  document.getElementById('app').innerHTML = '<article><h1>' + d.heading + '</h1><p>' + d.text + '</p></article>';
}), 100);</script></body></html>`;

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 800, size: 11, font });
  return doc.save();
}

describe('render=1 without the screenshot module', () => {
  let t: App;
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await fakeUpstream({ 'GET /': html(SCRIPTED) });
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1' }, { modules: [webModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('answers 503 saying rendering is not available, on /fetch and /crawl', async () => {
    for (const path of ['/fetch', '/v1/fetch', '/crawl']) {
      const res = await t.app.inject({ url: `${path}?url=${encodeURIComponent(site.url + '/')}&render=1` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_READY', error: 'rendering is not available on this server' });
    }
    expect(site.requests).toHaveLength(0);
  });

  it('answers 400 naming render for a value other than 0 or 1', async () => {
    const res = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(site.url + '/')}&render=yes` });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('render');
  });
});

describe('render=1 with no browser installed', () => {
  let t: App;
  beforeAll(async () => {
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_PATH: '/nonexistent/chromium' }, { modules: [webModule, screenshotModule] });
  });
  afterAll(() => t.close());

  it('answers 503 saying how to install one, as /screenshot does', async () => {
    const res = await t.app.inject({ url: '/fetch?url=http%3A%2F%2F127.0.0.1%3A9%2F&render=1' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_READY', error: expect.stringMatching(/apt-get install chromium/) });
  });
});

describe.runIf(CHROMIUM)('render=1 in a real headless Chromium', () => {
  let t: App;
  let site: FakeUpstream;
  let evil: Server;
  let evilHits = 0;
  const get = async (qs: string) => {
    const r = await t.app.inject({ url: `/fetch?${qs}` });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    // Were it reached, it would write LEAKED into the page.
    evil = createServer((_req, res) => {
      evilHits++;
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' })
        .end("document.body.insertAdjacentHTML('beforeend', '<p>LEAKED from the private server</p>')");
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.2', resolve));
    const evilUrl = `http://127.0.0.2:${(evil.address() as AddressInfo).port}`;
    site = await fakeUpstream({
      'GET /': html(SCRIPTED),
      'GET /data.json': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ heading: 'Built by script', text: SENTENCE.repeat(6) }) },
      'GET /pulls-private':
        html(`<html><head><title>Pulls</title></head><body><article><h1>Own words</h1><p>${'Served by the page itself. '.repeat(8)}</p></article>
        <script src="${evilUrl}/inject.js"></script><img src="${evilUrl}/pixel.png"></body></html>`),
      'GET /missing': { status: 404, ...html('<p>gone</p>') },
      'GET /doc.pdf': { headers: { 'content-type': 'application/pdf' }, body: Buffer.from(await onePagePdf('A rendered request for a PDF.')) },
    });
    t = await browserTestApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_TIMEOUT_MS: '15000' }, { modules: [webModule, screenshotModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await new Promise((resolve) => evil.close(resolve));
  });

  it('reads what a script wrote with render=1; a plain fetch does not see it', async () => {
    const url = encodeURIComponent(site.url + '/');
    const plain = await get(`url=${url}`);
    expect(plain.status).toBe(200);
    expect(plain.body.content).not.toContain('Built by script');
    const rendered = await get(`url=${url}&render=1`);
    expect(rendered.status).toBe(200);
    expect(rendered.body).toMatchObject({ success: true, final_url: `${site.url}/`, status_code: 200, title: 'Scripted', cached: false });
    expect(rendered.body.content_type).toMatch(/^text\/html/);
    expect(rendered.body.content).toMatch(/^# Built by script/m);
    expect(rendered.body.content).toContain(SENTENCE.trim());
  });

  it('caches a render apart from the plain fetch of the same page', async () => {
    const url = encodeURIComponent(site.url + '/');
    const before = site.requests.filter((r) => r.path === '/data.json').length;
    const again = await get(`url=${url}&render=1`);
    expect(again.body.cached).toBe(true);
    expect(again.body.content).toContain('Built by script');
    expect(site.requests.filter((r) => r.path === '/data.json')).toHaveLength(before);
    const text = await get(`url=${url}&render=1&format=text&links=1`);
    expect(text.body.cached).toBe(false);
    expect(text.body.content).toContain(SENTENCE.trim());
    expect(text.body.links).toEqual([]);
  });

  it('still blocks a subresource on a private address while rendering', async () => {
    const res = await get(`url=${encodeURIComponent(site.url + '/pulls-private')}&render=1`);
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('Served by the page itself.');
    expect(res.body.content).not.toContain('LEAKED');
    expect(evilHits).toBe(0);
  });

  it('answers 502 with the status for a rendered page that is an HTTP error', async () => {
    const res = await get(`url=${encodeURIComponent(site.url + '/missing')}&render=1`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', status_code: 404 });
  });

  it('reads a PDF with render=1&pdf=1 from its bytes, and refuses it with render=1 alone', async () => {
    const url = encodeURIComponent(site.url + '/doc.pdf');
    const refused = await get(`url=${url}&render=1`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'UNSUPPORTED_CONTENT', content_type: 'application/pdf' });
    const read = await get(`url=${url}&render=1&pdf=1&format=text`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, page_count: 1, content: 'A rendered request for a PDF.' });
  });

  it('renders the root and the followed pages of /crawl', async () => {
    site.set(
      'GET /hub',
      html(
        `<html><head><title>Hub</title></head><body><main><h1>Hub</h1><p>${'Links to a scripted page. '.repeat(5)}</p><a href="/">Scripted</a></main></body></html>`,
      ),
    );
    const r = await t.app.inject({ url: `/v1/crawl?url=${encodeURIComponent(site.url + '/hub')}&render=1&limit=2` });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.title).toBe('Hub');
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0]).toMatchObject({ success: true, final_url: `${site.url}/` });
    expect(body.pages[0].content).toContain('Built by script');
  });
});

// Issue 31: pages that navigate once loaded answered 500 (a read met the navigation) or, when
// the navigation went to a refused address, 200 with the proxy's refusal as the content, cached.
describe.runIf(CHROMIUM)('render=1 of a page that navigates on its own', () => {
  let t: App;
  let site: FakeUpstream;
  let refused: Awaited<ReturnType<typeof refusedServer>>;
  const render = async (path: string) => {
    const r = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(site.url + path)}&render=1&format=text` });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    refused = await refusedServer();
    site = await fakeUpstream(navigatingPages(refused));
    t = await browserTestApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', BROWSER_TIMEOUT_MS: '15000' }, { modules: [webModule, screenshotModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await refused.close();
  });

  it.each(['/nav/meta', '/nav/header', '/nav/replace'])(
    'reads the page %s leads to, not the one it leaves',
    async (path) => {
      const res = await render(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        url: `${site.url}${path}`,
        final_url: `${site.url}/nav/arrived`,
        status_code: 200,
        title: 'Arrived',
        cached: false,
      });
      expect(res.body.content).toContain(ARRIVED.trim());
      expect(res.body.content).not.toContain('Leaving.');
    },
    60_000,
  );

  it.each(['/nav/to-loopback', '/nav/to-loopback-tls', '/nav/to-metadata'])(
    'answers 400 BLOCKED_URL for %s, which navigates to a refused address, every time (never a cached success)',
    async (path) => {
      for (let i = 0; i < 2; i++) {
        const res = await render(path);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'BLOCKED_URL', error: expect.stringMatching(/loopback|link-local/) });
        expect(JSON.stringify(res.body)).not.toContain('refused: ');
        expect(res.body.cached).toBeUndefined();
      }
      expect(refused.connections()).toBe(0);
    },
    90_000,
  );

  it.each(['/nav/loop', '/nav/slow-loop'])(
    'answers %s, which navigates for ever, with the page it stood on after a bounded number of navigations',
    async (path) => {
      const before = site.requests.filter((r) => r.path === path).length;
      const res = await render(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, status_code: 200 });
      expect(res.body.title).toMatch(/^(Slow l|L)oop \d+$/);
      // Which page depends on the machine's pace (a page quiet for half a second is read), but the
      // URL and the title are of that one page.
      const n = Number(res.body.title.split(' ').pop());
      expect(res.body.final_url).toBe(n === 0 ? `${site.url}${path}` : `${site.url}${path}?n=${n}`);
      expect(res.body.content).toContain('Round and round the page goes.');
      // The first page and MAX_NAVIGATIONS more (one more may be on its way when the hold begins).
      expect(site.requests.filter((r) => r.path === path).length - before).toBeLessThanOrEqual(1 + MAX_NAVIGATIONS + 1);
    },
    60_000,
  );
});
