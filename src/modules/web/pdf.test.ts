// /fetch and /crawl with pdf=1: a PDF answer is read to text (pdfjs in a worker thread, via
// src/lib/pdf) instead of refused. The PDFs are made here with pdf-lib; the site is a fake
// upstream on 127.0.0.1, allowed with FETCH_ALLOW_HOSTS.

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { webModule } from './index.js';

type App = Awaited<ReturnType<typeof testApp>>;
const pdf = (body: Uint8Array, type = 'application/pdf') => ({ headers: { 'content-type': type }, body: Buffer.from(body) });

/** Two pages: a heading line, a paragraph of three lines, a line starting "1. " after a gap; then page two. */
async function makeReport(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Monsoon Report 2026');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const one = doc.addPage([595, 842]);
  const lines: [number, string][] = [
    [800, '# Rainfall in June'],
    [760, 'Rainfall over the country as a whole was'],
    [746, 'above the long period average in June, with'],
    [732, 'the south peninsula the wettest region.'],
    [690, '1. Kerala <received> the most rain & more.'],
  ];
  for (const [y, text] of lines) one.drawText(text, { x: 50, y, size: 11, font });
  doc.addPage([595, 842]).drawText('Second page: outlook for July.', { x: 50, y: 800, size: 11, font });
  return doc.save();
}

describe('pdf=1 against a fake site', () => {
  let site: FakeUpstream;
  let t: App;
  /** route?url=<site page>&<params> */
  const get = async (page: string, params = '', route = '/fetch') => {
    const r = await t.app.inject({ url: `${route}?url=${encodeURIComponent(site.url + page)}${params ? `&${params}` : ''}` });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    const report = await makeReport();
    site = await fakeUpstream({
      'GET /report.pdf': pdf(report),
      'GET /download': pdf(report, 'application/octet-stream'),
      'GET /not-really.pdf': pdf(new TextEncoder().encode('this is not a PDF at all')),
      'GET /page': {
        headers: { 'content-type': 'text/html' },
        body: '<html><head><title>Page</title></head><body><main><h1>Page</h1><p>plain html here</p><a href="/report.pdf">Report</a></main></body></html>',
      },
    });
    // The fetch timeout at its most: every page here answers, so it ends only a hang, never a busy machine's slow answer.
    t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000' }, { modules: [webModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('refuses a PDF without pdf=1, as before', async () => {
    const res = await get('/report.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_CONTENT', content_type: 'application/pdf' });
  });

  it('reads a PDF to Markdown paragraphs with pdf=1, its syntax characters escaped', async () => {
    const res = await get('/report.pdf', 'pdf=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      title: 'Monsoon Report 2026',
      page_count: 2,
      content_type: 'application/pdf',
      status_code: 200,
      lang: 'en',
      format: 'markdown',
    });
    expect(res.body.content.split('\n\n')).toEqual([
      '\\# Rainfall in June',
      'Rainfall over the country as a whole was above the long period average in June, with the south peninsula the wettest region.',
      '1\\. Kerala \\<received\\> the most rain & more.',
      'Second page: outlook for July.',
    ]);
    expect(res.body.description).toMatch(/^Rainfall over the country/);
    expect(res.body.words).toBeGreaterThan(30);
  });

  it('gives plain text, escaped html and metadata-only json', async () => {
    const text = await get('/report.pdf', 'pdf=1&format=text');
    expect(text.body.content).toContain('1. Kerala <received> the most rain & more.\n\nSecond page: outlook for July.');
    const html = await get('/report.pdf', 'pdf=1&format=html');
    expect(html.body.content).toContain('<p>1. Kerala &lt;received&gt; the most rain &amp; more.</p>');
    const json = await get('/report.pdf', 'pdf=1&format=json');
    expect(json.body).toMatchObject({ content: '', title: 'Monsoon Report 2026', page_count: 2 });
  });

  it('recognises a PDF by its bytes when served as octet-stream', async () => {
    const res = await get('/download', 'pdf=1&format=text');
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('outlook for July');
  });

  it('answers 502 for a body that is called a PDF but is not one', async () => {
    const res = await get('/not-really.pdf', 'pdf=1');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', error: expect.stringMatching(/not a readable PDF/) });
  });

  it('leaves HTML pages as they are with pdf=1', async () => {
    const res = await get('/page', 'pdf=1');
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('plain html here');
    expect(res.body.page_count).toBeUndefined();
  });

  it('follows .pdf links in /crawl with pdf=1 only', async () => {
    const without = await get('/page', 'limit=3', '/crawl');
    expect(without.body.pages).toHaveLength(0);
    const withPdf = await get('/page', 'limit=3&pdf=1', '/v1/crawl');
    expect(withPdf.body.pages).toHaveLength(1);
    expect(withPdf.body.pages[0]).toMatchObject({ success: true, title: 'Monsoon Report 2026', page_count: 2 });
  });

  it("leaves this process's JSON.stringify untouched after a pdf=1 fetch", async () => {
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    site.set('GET /fresh.pdf', pdf(await makeReport()));
    const res = await get('/fresh.pdf', 'pdf=1');
    expect(res.status).toBe(200);
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
    // A core-js replacement would not be the engine's own function.
    expect(Function.prototype.toString.call(JSON.stringify)).toContain('[native code]');
  });
});
