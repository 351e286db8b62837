import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import type { GroupInfo } from '../../core/http/catalog.js';
import { MODULES } from '../../modules.js';
import { firstCalls, landingHtml } from './landing.js';
import { ASSET_MAX_AGE_S, loadLandingAssets } from './page/assets.js';
import { endpointHtml, exampleValues } from './page/html.js';

type Built = Awaited<ReturnType<typeof testApp>>;
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** Every id="…" in a page, and every label's for="…". */
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
const labelled = (html: string) => new Set([...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]));

describe('GET / for API clients and for browsers', () => {
  let b: Built;
  beforeAll(async () => {
    b = await testApp({}, { modules: [] });
  });
  afterAll(() => b.close());

  it('answers API clients the JSON listing as before, varying on Accept', async () => {
    for (const headers of [{}, { accept: 'application/json' }, { accept: 'application/json, text/html' }]) {
      const res = await b.app.inject({ url: '/', headers });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/Accept(,|$)/);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['status', 'name', 'version', 'auth', 'docs', 'openapi', 'groups']);
      expect(body.groups.map((g: GroupInfo) => g.name)).toEqual(['meta']);
    }
  });

  it('answers a browser a page with no inline script or style, under a policy that allows none', async () => {
    const res = await b.app.inject({ url: '/', headers: HTML });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect([...html.matchAll(/<script\b[^>]*>/g)].every((m) => /\ssrc="\/assets\//.test(m[0]))).toBe(true);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<a href="/docs">');
    expect(html).toContain('<a href="/openapi.json">');
  });

  it('lists every endpoint of the catalog with a form, every field labelled, every id unique', async () => {
    const html = (await b.app.inject({ url: '/', headers: HTML })).body;
    for (const path of ['/', '/health', '/health/live', '/health/ready']) expect(html).toContain(`data-path="${path}"`);
    const all = ids(html);
    expect(new Set(all).size).toBe(all.length);
    const fields = [...html.matchAll(/<(?:input|select) id="([^"]+)"/g)].map((m) => m[1]);
    const labels = labelled(html);
    expect(fields.every((f) => labels.has(f))).toBe(true);
  });

  it('draws no chart when the price groups are not served here', async () => {
    const html = (await b.app.inject({ url: '/', headers: HTML })).body;
    expect(html).not.toContain('class="chart"');
    expect(html).toContain('id="health-report"');
  });

  it('serves its script and styles with a year of caching, an ETag, 304 and compression', async () => {
    const html = (await b.app.inject({ url: '/', headers: HTML })).body;
    const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(linked.map((u) => u.replace(/\?v=.*/, '')).sort()).toEqual(['/assets/landing.css', '/assets/landing.js', '/assets/uplot.css', '/assets/uplot.js']);
    for (const url of linked) {
      const res = await b.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/(javascript|css); charset=utf-8$/);
      expect(res.headers['cache-control']).toBe(`public, max-age=${ASSET_MAX_AGE_S}`);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).length).toBeGreaterThan(1000);
      // Each coding is a representation with its own ETag: the Brotli one is not the plain one.
      const again = await b.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const plain = await b.app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(plain.statusCode).toBe(200);
      expect(await b.app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } })).toHaveProperty('statusCode', 304);
    }
  });

  it('versions each asset URL by its content', () => {
    const assets = loadLandingAssets();
    const again = loadLandingAssets();
    expect(assets.script.url).toMatch(/^\/assets\/landing\.js\?v=[\w-]{10}$/);
    expect(again.script.url).toBe(assets.script.url);
    expect(new Set(Object.values(assets).map((a) => a.url.split('=')[1])).size).toBe(4);
  });

  it('keeps its files out of the listing and the OpenAPI document', async () => {
    expect((await b.app.inject({ url: '/' })).body).not.toContain('/assets/');
    expect(Object.keys((await b.app.inject({ url: '/openapi.json' })).json().paths).some((p) => p.startsWith('/assets'))).toBe(false);
  });
});

describe('the API key field', () => {
  it('appears only when the instance requires keys', async () => {
    const keyed = await testApp({ API_KEYS: 'k-one' }, { modules: [] });
    const open = await testApp({}, { modules: [] });
    try {
      expect((await keyed.app.inject({ url: '/', headers: HTML })).body).toContain('<label for="api-key">');
      expect((await open.app.inject({ url: '/', headers: HTML })).body).not.toContain('api-key');
    } finally {
      await keyed.close();
      await open.close();
    }
  });
});

describe('the page builder', () => {
  const assets = loadLandingAssets();
  const group = (name: string, endpoints: GroupInfo['endpoints']): GroupInfo => ({ name, title: name, description: `${name} things`, endpoints });

  it('fills query and path parameters from the example URL', () => {
    expect(exampleValues('/ifsc/:code', '/ifsc/SBIN0000001?x=1')).toEqual({ code: 'SBIN0000001', x: '1' });
    expect(exampleValues('/fuel/history', '/fuel/history?fuel=petrol&city=new+delhi')).toEqual({ fuel: 'petrol', city: 'new delhi' });
    expect(exampleValues('/ifsc/:code', undefined)).toEqual({});
  });

  it('offers an enum as a select with the example chosen, and marks path parameters', () => {
    const html = endpointHtml(
      {
        path: '/x/:id',
        summary: 'X',
        example: '/x/42?fuel=diesel',
        params: [
          { name: 'id', type: 'string', required: true, rule: '1 to 40 characters' },
          { name: 'fuel', type: 'string', required: false, default: 'petrol', rule: 'one of petrol, diesel' },
        ],
      },
      'e1',
    );
    expect(html).toContain('<input id="e1-id" name="id" aria-describedby="e1-id-h" required data-in="path" type="text" value="42"');
    expect(html).toContain('<option value="">(not set)</option><option>petrol</option><option selected>diesel</option>');
    expect(html).toContain('optional; default petrol');
  });

  it('escapes what it shows from the catalog', () => {
    const html = endpointHtml(
      { path: '/q', summary: '<b>bold</b>', example: '/q?v="><script>alert(1)</script>', params: [{ name: 'v', type: 'string', required: false }] },
      'e2',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('draws the fuel and gold charts when those groups are served, each naming its data', () => {
    const html = landingHtml('jankari', '1.0.0', [group('fuel', []), group('commodities', [])], assets);
    expect(html).toContain('id="chart-fuel"');
    expect(html).toContain('data-status="/fuel/status"');
    expect(html).toContain('/fuel/history?fuel=petrol&amp;city=delhi&amp;days=30');
    expect(html).toContain('id="chart-gold"');
    expect(html).toContain('/commodities/history?metal=gold&amp;city=india&amp;days=30');
  });

  it('keeps headings in order: h1, how to call it, the endpoints (h3 groups, h4 endpoints), prices, health', () => {
    const html = landingHtml('jankari', '1.0.0', [group('fuel', [{ path: '/fuel', summary: 'f', params: [] }])], assets);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.every((n, i) => i === 0 || n <= levels[i - 1]! + 1)).toBe(true);
    expect(levels).toEqual([1, 2, 2, 3, 4, 2, 2]);
    const order = ['id="start"', 'id="endpoints"', 'id="prices"', 'id="health"'].map((id) => html.indexOf(id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // health is folded: its report sits in a closed <details>
    expect(html).toMatch(/<details class="health"><summary>[^]*id="health-report"/);
  });

  it('opens with the calls that answer offline (a chart drawn, panchang, match) and one online call, before other groups', () => {
    const ep = (path: string, example?: string) => ({ path, summary: `${path} things`, params: [], example });
    const groups = [
      group('fuel', [ep('/fuel', '/fuel?state=goa')]),
      group('weather', [ep('/weather', '/weather?city=pune')]),
      group('astro', [
        ep('/astro', '/astro?x=1'),
        ep('/astro/chart', '/astro/chart?x=1'),
        ep('/panchang', '/panchang?city=delhi'),
        ep('/astro/match', '/astro/match?b=1'),
      ]),
      group('numerology', [ep('/numerology', '/numerology?name=a')]),
    ];
    expect(firstCalls(groups).map((c) => c.example)).toEqual([
      '/astro/chart?lat=28.6139&lon=77.209&year=1990&month=5&day=15&hour=10&min=30',
      '/astro/match?b=1',
      '/panchang?city=delhi',
      '/weather?city=pune',
    ]);
  });

  it('opens, with the astro group served, with calls that answer without any upstream', async () => {
    const t = await testApp({}, { modules: MODULES.filter((m) => m.name === 'astro') });
    try {
      const html = (await t.app.inject({ url: '/', headers: HTML })).body;
      const calls = [...html.matchAll(/<ul class="calls">([^]*?)<\/ul>/g)][0]![1]!;
      const hrefs = [...calls.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
      expect(hrefs.map((h) => h.split('?')[0])).toEqual(['/astro/chart', '/astro/match', '/panchang']);
      for (const url of hrefs) expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('opens with a few example calls of the served groups, each a link and a curl line to this address', () => {
    const ep = (path: string, example?: string) => ({ path, summary: `${path} things`, params: [], example });
    const groups = [
      group('meta', [ep('/health', '/health')]),
      group('qr', [ep('/qr', '/qr?text=a')]),
      group('fuel', [ep('/fuel', '/fuel?state=goa')]),
      group('numerology', [ep('/numerology', "/numerology?name=O'Brien")]),
      group('weather', [ep('/weather/raw'), ep('/weather', '/weather?city=pune')]),
      group('liquor', [ep('/liquor', '/liquor?q=x')]),
    ];
    expect(firstCalls(groups).map((c) => c.example)).toEqual(['/weather?city=pune', '/qr?text=a', '/fuel?state=goa', "/numerology?name=O'Brien"]);
    const html = landingHtml('jankari', '1.0.0', groups, assets, { origin: 'https://api.example.org' });
    expect(html).toContain(
      `<a href="/weather?city=pune">The weather now in a city; asks Open-Meteo, so it needs internet</a> <span class="hint">GET <code>/weather</code></span>`,
    );
    expect(html).toContain(`<a href="/qr?text=a">/qr things</a>`);
    expect(html).toContain(`<code>curl &#39;https://api.example.org/weather?city=pune&#39;</code>`);
    expect(html).toContain(`curl &#39;https://api.example.org/numerology?name=O%27Brien&#39;`);
    expect(html).toContain('<a href="/docs">');
    expect(html).toContain('https://api.example.org/mcp');
  });
});
