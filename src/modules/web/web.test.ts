// End-to-end tests of /fetch, /crawl and /map against fake sites on 127.0.0.1, allowed
// through the SSRF guard with FETCH_ALLOW_HOSTS=127.0.0.1 (the SSRF suite runs without it).

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { Ports } from '../../core/ports.js';
import { webModule } from './index.js';

const ARTICLE = readFileSync(new URL('./fixtures/article.html', import.meta.url), 'utf8');
const html = (body: string, status = 200) => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const page = (title: string, text: string) =>
  html(`<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p></article></body></html>`);

type App = Awaited<ReturnType<typeof testApp>>;

// The two over-long spellings a fuzzer found answered 500 (getaddrinfo EINVAL): a 501-character
// label, and a 304-character name. Neither is sent anywhere: libuv refuses names over 255
// bytes before asking a resolver, and normalizeUrl refuses them before that.
const LONG_LABEL = `${'a'.repeat(501)}.com`;
const LONG_NAME = `${'a'.repeat(300)}.com`;

describe('web fetch against fake sites', () => {
  let site: FakeUpstream;
  let t: App;
  const get = async (path: string, app = t) => {
    const r = await app.app.inject({ url: path });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    site = await fakeUpstream({
      'GET /article': html(ARTICLE),
      'GET /hop1': { status: 301, headers: { location: '/hop2' } },
      'GET /hop2': { status: 302, headers: { location: '/article' } },
      'GET /to-private': { status: 302, headers: { location: 'http://10.0.0.7/admin' } },
      'GET /to-metadata-decimal': { status: 307, headers: { location: 'http://2852039166/latest/meta-data/' } },
      'GET /to-ftp': { status: 302, headers: { location: 'ftp://example.com/file' } },
      'GET /to-long-label': { status: 302, headers: { location: `http://${LONG_LABEL}/` } },
      'GET /to-long-name': { status: 302, headers: { location: `http://${LONG_NAME}/` } },
      'GET /loop': { status: 302, headers: { location: '/loop' } },
      'GET /report.pdf': { headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj', 'latin1') },
      'GET /disguised': { headers: { 'content-type': 'text/html' }, body: Buffer.from('%PDF-1.4 binary', 'latin1') },
      'GET /gone': html('<p>nothing here</p>', 404),
      'GET /broken': html('<p>oops</p>', 503),
      'GET /slow': { hang: true },
      'GET /big': html(`<p>${'x'.repeat(20_000)}</p>`),
      'GET /bomb': { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(2_000_000, 0x20)) },
      'GET /gzip': {
        headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' },
        body: gzipSync(Buffer.from('<html><head><title>Zipped</title></head><body><p>compressed words here</p></body></html>')),
      },
      'GET /sjis': {
        headers: { 'content-type': 'text/html; charset=Shift_JIS' },
        body: Buffer.concat([
          Buffer.from('<html lang="ja"><head><title>'),
          Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
          Buffer.from('</title></head><body><p>'),
          Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
          Buffer.from('</p></body></html>'),
        ]),
      },
      'GET /gbk': {
        headers: { 'content-type': 'text/html' },
        body: Buffer.concat([
          Buffer.from('<html><head><meta charset="gbk"><title>t</title></head><body><p>'),
          Buffer.from([0xd6, 0xd0, 0xce, 0xc4]),
          Buffer.from('</p></body></html>'),
        ]),
      },
      'GET /cp1252': {
        headers: { 'content-type': 'text/html; charset=windows-1252' },
        body: Buffer.concat([Buffer.from('<p>'), Buffer.from([0x93, 0x80, 0x35, 0x94]), Buffer.from('</p>')]),
      },
      'GET /plain.txt': { headers: { 'content-type': 'text/plain' }, body: 'just text\nsecond line' },
      // A small site to crawl and map.
      'GET /':
        html(`<html><head><title>Home</title></head><body><nav><a href="/one">One</a></nav><main><h1>Home</h1><p>${'Welcome to the site. '.repeat(20)}</p>
        <a href="/one">One</a> <a href="/two">Two</a> <a href="/private/secret">Secret</a> <a href="/three">Three</a> <a href="/file.pdf">PDF</a>
        <a href="http://other.example/x">Elsewhere</a> <a href="mailto:a@b.c">Mail</a></main></body></html>`),
      'GET /one': page('One', 'First page text. '.repeat(10)),
      'GET /two': page('Two', 'Second page text. '.repeat(10)),
      'GET /three': html('<p>missing</p>', 404),
      'GET /private/secret': page('Secret', 'should never be fetched'),
      'GET /robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n\nSitemap: /custom-sitemap.xml\n' },
      'GET /custom-sitemap.xml': {
        headers: { 'content-type': 'application/xml' },
        body: '<sitemapindex><sitemap><loc>SITE/posts.xml</loc></sitemap></sitemapindex>',
      },
      'GET /posts.xml': {
        headers: { 'content-type': 'application/xml' },
        body: '<urlset><url><loc>SITE/post/1</loc></url><url><loc>SITE/post/2</loc></url><url><loc>SITE/one</loc></url></urlset>',
      },
      'GET /sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: '<urlset><url><loc>SITE/post/3</loc></url></urlset>' },
    });
    // Sitemaps name absolute URLs: point them at this server.
    for (const p of ['/custom-sitemap.xml', '/posts.xml', '/sitemap.xml']) {
      const r = (await fetch(site.url + p).then((x) => x.text())).replaceAll('SITE', site.url);
      site.set(`GET ${p}`, { headers: { 'content-type': 'application/xml' }, body: r });
    }
    // The fetch timeout at its most: every page here answers, so it ends only a hang, never a busy
    // machine's slow answer (the slow-site test has its own app).
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000', FETCH_MAX_BYTES: '100000' });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('returns the main article as Markdown with the spec fields and metadata', async () => {
    const { status, body } = await get(`/fetch?url=${site.url}/article`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      url: `${site.url}/article`,
      final_url: `${site.url}/article`,
      status_code: 200,
      content_type: 'text/html; charset=utf-8',
      title: 'Monsoon arrives early in Kerala',
      description: 'The south-west monsoon reached the Kerala coast three days ahead of its normal date.',
      format: 'markdown',
      lang: 'en-GB',
      site_name: 'The Example Times',
      image: `${site.url}/images/monsoon.jpg`,
      canonical: `${site.url}/weather/monsoon-early`,
      cached: false,
    });
    expect(body.content).toContain('## Rainfall so far');
    expect(body.content).toContain('| District | Rain (mm) |\n| --- | --- |\n| Kozhikode | 112 |');
    expect(body.content).toContain('```python\nimport json');
    expect(body.content).toContain('- Fishermen have been told not to venture out.');
    expect(body.content).toContain(`![Rain over Kochi](${site.url}/images/rain.jpg)`);
    expect(body.content).not.toMatch(/cookies|Related stories|Contact|window\.tracking/);
    expect(body.words).toBeGreaterThan(100);
    expect(body.reading_time_min).toBe(1);
    expect(body.chars).toBe(body.content.length);
    expect(body.links).toBeUndefined();
    expect(typeof body.took_ms).toBe('number');
  });

  it('keeps a heading at its level: an h1 in the article is # in Markdown', async () => {
    const para = '<p>The south-west monsoon reached the coast early this year, and the districts report heavy rain across the week. </p>'.repeat(6);
    site.set(
      'GET /two-parts',
      html(
        `<html><head><title>Monsoon notes</title></head><body><article><h1>Monsoon notes</h1>${para}<h1>Part two: the dams</h1>${para}<h2>Idukki</h2>${para}</article></body></html>`,
      ),
    );
    const { body } = await get(`/fetch?url=${site.url}/two-parts`);
    expect(body.content).toMatch(/^# Part two: the dams$/m);
    expect(body.content).toMatch(/^## Idukki$/m);
  });

  it('keeps the whole page with main=0, and gives text, html and json formats', async () => {
    const whole = (await get(`/fetch?url=${site.url}/article&main=0&format=text`)).body;
    expect(whole.content).toContain('Related stories');
    expect(whole.content).toContain('We use cookies.');
    expect(whole.format).toBe('text');
    const text = (await get(`/fetch?url=${site.url}/article&format=text`)).body;
    expect(text.content).not.toMatch(/[#|*`]/);
    expect(text.content).toContain('Kozhikode\t112');
    const h = (await get(`/fetch?url=${site.url}/article&format=html`)).body;
    expect(h.content).toContain('<table>');
    expect(h.content).not.toMatch(/<script|style=|class="byline"/);
    const json = (await get(`/fetch?url=${site.url}/article&format=json`)).body;
    expect(json).toMatchObject({ format: 'json', title: 'Monsoon arrives early in Kerala' });
    // content is a JSON document of the page's fields: metadata, outline, JSON-LD.
    expect(JSON.parse(json.content)).toMatchObject({
      title: 'Monsoon arrives early in Kerala',
      site_name: 'The Example Times',
      headings: [
        { level: 1, text: 'Monsoon arrives early in Kerala' },
        { level: 2, text: 'Rainfall so far' },
        { level: 3, text: 'Related stories' },
      ],
      json_ld: [],
    });
  });

  it('answers the same content for the same page, and says cached on the second call', async () => {
    const first = (await get(`/fetch?url=${site.url}/article&format=text&max=500`)).body;
    const again = (await get(`/fetch?url=${site.url}/article&format=text&max=500`)).body;
    expect(again.cached).toBe(true);
    expect(again.content).toBe(first.content);
    expect(first.content.length).toBeLessThanOrEqual(500);
    expect(first.chars).toBe(first.content.length);
  });

  it('lists every link, absolute and de-duplicated, with links=1', async () => {
    const { body } = await get(`/fetch?url=${site.url}/article&links=1`);
    const urls = body.links.map((l: { url: string }) => l.url);
    expect(urls).toContain(`${site.url}/news`);
    expect(urls).toContain(`${site.url}/privacy`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(body.links.find((l: { url: string }) => l.url === `${site.url}/a`).text).toBe('Heatwave grips the north');
  });

  it('follows redirects and reports the final URL', async () => {
    const { status, body } = await get(`/fetch?url=${site.url}/hop1`);
    expect(status).toBe(200);
    expect(body.url).toBe(`${site.url}/hop1`);
    expect(body.final_url).toBe(`${site.url}/article`);
  });

  it('refuses a redirect to a private address at that hop, without contacting it', async () => {
    for (const path of ['/to-private', '/to-metadata-decimal']) {
      const { status, body } = await get(`/fetch?url=${site.url}${path}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'BLOCKED_URL' });
      expect(body.error).toMatch(/private|link-local/);
    }
    const ftp = await get(`/fetch?url=${site.url}/to-ftp`);
    expect(ftp.status).toBe(400);
    expect(ftp.body.success).toBe(false);
  });

  it('answers a redirect to a name no resolver accepts with 502, not 500', async () => {
    for (const path of ['/to-long-label', '/to-long-name']) {
      const { status, body } = await get(`/fetch?url=${site.url}${path}`);
      expect(status).toBe(502);
      expect(body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED' });
      expect(body.error).toMatch(/could not be resolved \(EINVAL\)/);
    }
  });

  it('skips a crawled link to a name no resolver accepts, and still answers the root', async () => {
    site.set(
      'GET /long-links',
      html(
        `<main><p>${'Odd links here. '.repeat(10)}</p><a href="http://${LONG_LABEL}/x">l</a><a href="http://${LONG_NAME}/y">n</a><a href="/one">One</a></main>`,
      ),
    );
    const { status, body } = await get(`/crawl?url=${site.url}/long-links&same_host=0&format=text`);
    expect(status).toBe(200);
    expect(body.pages.map((p: { url: string }) => p.url)).toEqual([`${site.url}/one`]);
  });

  it('gives up after 5 redirects', async () => {
    const { status, body } = await get(`/fetch?url=${site.url}/loop`);
    expect(status).toBe(502);
    expect(body.error).toMatch(/more than 5 redirects/);
  });

  it('does not parse PDFs or binaries served as HTML', async () => {
    const pdf = await get(`/fetch?url=${site.url}/report.pdf`);
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ success: false, code: 'UNSUPPORTED_CONTENT', content_type: 'application/pdf' });
    expect(pdf.body.error).toMatch(/is a PDF; binary files are not parsed/);
    const disguised = await get(`/fetch?url=${site.url}/disguised`);
    expect(disguised.body.error).toMatch(/PDF/);
  });

  it('maps site errors to 502 and slow sites to 504, always with the JSON body', async () => {
    const gone = await get(`/fetch?url=${site.url}/gone`);
    expect(gone.status).toBe(502);
    expect(gone.body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', status_code: 404 });
    expect(gone.body.error).toMatch(/HTTP 404/);
    expect((await get(`/fetch?url=${site.url}/broken`)).status).toBe(502);
    // A site that never answers, asked with the least timeout: only the timeout ends the call.
    const hurried = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '500', FETCH_MAX_BYTES: '100000' });
    try {
      const slow = await get(`/fetch?url=${site.url}/slow`, hurried);
      expect(slow.status).toBe(504);
      expect(slow.body.success).toBe(false);
    } finally {
      await hurried.close();
    }
    const down = await get('/fetch?url=http://127.0.0.1:1/');
    expect(down.status).toBe(502);
  });

  it('caps the body size on the wire and after decompression', async () => {
    const capped = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_MAX_BYTES: '10000' });
    try {
      const big = await capped.app.inject({ url: `/fetch?url=${site.url}/big` });
      expect(big.statusCode).toBe(502);
      expect(big.json().error).toMatch(/larger than 10000 bytes/);
      const bomb = await capped.app.inject({ url: `/fetch?url=${site.url}/bomb` });
      expect(bomb.statusCode).toBe(502);
      expect(bomb.json().error).toMatch(/larger than 10000 bytes/);
      const zipped = await capped.app.inject({ url: `/fetch?url=${site.url}/gzip&format=text&main=0` });
      expect(zipped.json()).toMatchObject({ title: 'Zipped', content: 'compressed words here' });
    } finally {
      await capped.close();
    }
  });

  it('decodes Shift_JIS, GBK and windows-1252 pages', async () => {
    const sjis = (await get(`/fetch?url=${site.url}/sjis&format=text&main=0`)).body;
    expect(sjis).toMatchObject({ title: '日本語', content: '日本語', lang: 'ja' });
    expect(sjis.words).toBe(3);
    expect((await get(`/fetch?url=${site.url}/gbk&format=text&main=0`)).body.content).toBe('中文');
    expect((await get(`/fetch?url=${site.url}/cp1252&format=text&main=0`)).body.content).toBe('“€5”');
  });

  it('returns plain text documents as they are', async () => {
    const { body } = await get(`/fetch?url=${site.url}/plain.txt&format=text`);
    expect(body.content).toBe('just text\nsecond line');
  });

  it('rejects bad parameters with 400 and the web error body', async () => {
    const missing = await get('/fetch');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, code: 'INVALID_PARAMETER' });
    const fmt = await get(`/fetch?url=${site.url}/article&format=pdf`);
    expect(fmt.status).toBe(400);
    expect(fmt.body.valid_values).toEqual(['markdown', 'text', 'html', 'json']);
    expect((await get(`/fetch?url=${site.url}/article&max=499`)).status).toBe(400);
    expect((await get(`/crawl?url=${site.url}/&limit=11`)).status).toBe(400);
    expect((await get(`/map?url=${site.url}/&limit=501`)).status).toBe(400);
    const ftp = await get('/fetch?url=ftp://example.com/x');
    expect(ftp.status).toBe(400);
    expect(ftp.body).toMatchObject({ success: false, code: 'BLOCKED_URL' });
    expect((await get('/fetch?url=http://exa mple.com/')).status).toBe(400);
  });

  it('crawls the root and its same-host links, honouring robots.txt and skipping binaries', async () => {
    const { status, body } = await get(`/crawl?url=${site.url}/&format=text&limit=5`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, title: 'Home' });
    const urls = body.pages.map((p: { url: string }) => p.url);
    expect(urls).toEqual([`${site.url}/one`, `${site.url}/two`, `${site.url}/three`]);
    expect(body.pages[0]).toMatchObject({ success: true, title: 'One', format: 'text' });
    expect(body.pages[2]).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', status_code: 404 });
    expect(site.requests.some((r) => r.path === '/private/secret')).toBe(false);
    expect(body.links).toBeUndefined();
    const limited = (await get(`/v1/crawl?url=${site.url}/&limit=1`)).body;
    expect(limited.pages).toHaveLength(1);
  });

  it("asks each followed link's own site for its robots.txt", async () => {
    const other = await fakeUpstream({
      'GET /robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: jankari-fetch\nDisallow: /blocked\n' },
      'GET /open': page('Open', 'Other site page. '.repeat(10)),
      'GET /blocked': page('Blocked', 'must not be fetched'),
    });
    try {
      site.set(
        'GET /cross',
        html(`<main><p>${'Links elsewhere. '.repeat(10)}</p><a href="${other.url}/blocked">b</a><a href="${other.url}/open">o</a></main>`),
      );
      const { body } = await get(`/crawl?url=${site.url}/cross&same_host=0&format=text`);
      expect(body.pages.map((p: { url: string }) => p.url)).toEqual([`${other.url}/open`]);
      expect(other.requests.some((r) => r.path === '/blocked')).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('maps the page links plus sitemap.xml and robots.txt sitemaps', async () => {
    const { status, body } = await get(`/map?url=${site.url}/&limit=500`);
    expect(status).toBe(200);
    const urls = body.links.map((l: { url: string }) => l.url);
    expect(urls).toEqual(expect.arrayContaining([`${site.url}/one`, `${site.url}/post/1`, `${site.url}/post/2`, `${site.url}/post/3`]));
    expect(urls).not.toContain('http://other.example/x');
    expect(new Set(urls).size).toBe(urls.length);
    expect(body.count).toBe(urls.length);
    expect(body.truncated).toBe(false);
    expect(body.sources.map((s: { type: string }) => s.type)).toEqual(['page', 'sitemap', 'sitemap', 'sitemap']);
    const small = (await get(`/v1/map?url=${site.url}/&limit=2`)).body;
    expect(small).toMatchObject({ count: 2, truncated: true });
    const everywhere = (await get(`/map?url=${site.url}/&limit=500&same_host=0`)).body;
    expect(everywhere.links.map((l: { url: string }) => l.url)).toContain('http://other.example/x');
  });

  it('serves the /v1 aliases with the same behaviour', async () => {
    const a = (await get(`/fetch?url=${site.url}/article&format=text`)).body;
    const b = (await get(`/v1/fetch?url=${site.url}/article&format=text`)).body;
    expect(b.content).toBe(a.content);
  });

  it('gives other modules a page reader with the same rules, through the pageReader port', async () => {
    const ports = new Ports();
    const instance = webModule.create(t.ctx, ports);
    const reader = ports.get('pageReader');
    const p = await reader.read(`${site.url}/article`, { format: 'text', main: true, maxChars: 1000 });
    expect(p.title).toBe('Monsoon arrives early in Kerala');
    expect(p.content.length).toBeLessThanOrEqual(1000);
    await expect(reader.read('http://10.0.0.1/', { format: 'text', main: true, maxChars: 1000 })).rejects.toMatchObject({ code: 'BLOCKED_URL' });
    for (const host of [LONG_LABEL, LONG_NAME]) {
      await expect(reader.read(`http://${host}/`, { format: 'text', main: true, maxChars: 1000 })).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    }
    await instance.close?.();
  });
});

describe('web fetch with FETCH_ALLOW_HOSTS empty (the SSRF rules as shipped)', () => {
  let t: App;
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await fakeUpstream({ 'GET /': page('Local', 'never') });
    t = await testApp({});
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://[2001::5efe:a9fe:a9fe]/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://localhost/',
  ])('refuses %s with 400 BLOCKED_URL', async (u) => {
    for (const path of ['/fetch', '/crawl', '/map']) {
      const r = await t.app.inject({ url: `${path}?url=${encodeURIComponent(u)}` });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, code: 'BLOCKED_URL' });
      expect(r.json().error).toMatch(/not fetched/);
    }
  });

  it('names FETCH_ALLOW_HOSTS when it refuses a loopback page, and no setting when it refuses a scheme', async () => {
    const r = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(site.url)}` });
    expect(r.json()).toMatchObject({ code: 'BLOCKED_URL', hint: expect.stringContaining('add it to FETCH_ALLOW_HOSTS') });
    expect(r.json().hint).toContain('127.0.0.1');
    const ftp = await t.app.inject({ url: '/fetch?url=ftp://example.com/x' });
    expect(ftp.json().hint).toBeUndefined();
  });

  it('refuses the local fake site itself, by address and by a name resolving to it', async () => {
    for (const u of [site.url, `http://localhost:${site.port}/`]) {
      const r = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(u)}` });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('BLOCKED_URL');
    }
    expect(site.requests).toHaveLength(0);
  });

  // A host name DNS cannot hold is a malformed url parameter (INVALID_PARAMETER, as other
  // malformed URLs are), refused before any lookup; not BLOCKED_URL, which says "private".
  it.each([
    ['a 501-character label', LONG_LABEL, /label of 501 characters; a DNS label has at most 63/],
    ['a 300-character label', LONG_NAME, /label of 300 characters/],
    ['308 characters in short labels', `${'a'.repeat(50)}.`.repeat(6) + 'in', /\b308 characters long; a DNS name has at most 253/],
    ['a 64-character label', `sub.${'b'.repeat(64)}.example`, /label of 64 characters/],
    ['an empty label', 'a..b.com', /empty label/],
  ])('answers a host name with %s with 400 on every web route', async (_what, host, why) => {
    for (const path of ['/fetch', '/crawl', '/map', '/v1/fetch', '/v1/crawl', '/v1/map']) {
      for (const u of [`http://${host}/`, host]) {
        const r = await t.app.inject({ url: `${path}?url=${encodeURIComponent(u)}` });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param: 'url' });
        expect(r.json().error).toMatch(why);
      }
    }
  });

  it('requires x-api-key when API keys are configured', async () => {
    const keyed = await testApp({ API_KEYS: 'k1' });
    try {
      const no = await keyed.app.inject({ url: '/fetch?url=http://10.0.0.1/' });
      expect(no.statusCode).toBe(401);
      expect(no.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const yes = await keyed.app.inject({ url: '/fetch?url=http://10.0.0.1/', headers: { 'x-api-key': 'k1' } });
      expect(yes.statusCode).toBe(400);
    } finally {
      await keyed.close();
    }
  });
});
