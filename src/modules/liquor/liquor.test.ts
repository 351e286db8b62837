import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { homePage, makeKeralaPdf, priceListPage, printedRows } from './fixtures/make-pdf.js';
import { KSBC_ROWS } from './fixtures/rows.js';
import { tablesOf } from '../../core/db/index.js';
import { LIQUOR_IMPORT_JOB, liquorModule } from './index.js';
import type { LiquorTables } from './tables.js';

type T = Awaited<ReturnType<typeof testApp>>;

async function ksbc(pdf: Buffer): Promise<FakeUpstream> {
  return fakeUpstream({
    'GET /': { body: homePage, headers: { 'content-type': 'text/html' } },
    'GET /price-list': { body: priceListPage('/files/pricelist.pdf'), headers: { 'content-type': 'text/html' } },
    'GET /files/pricelist.pdf': { body: pdf, headers: { 'content-type': 'application/pdf' } },
  });
}

const env = (site: FakeUpstream, extra: Record<string, string> = {}) => ({ LIQUOR_KERALA_URL: `${site.url}/`, LIQUOR_MIN_ROWS: '20', ...extra });
const runJob = (t: T) => t.instance(liquorModule).jobs![0].run({ signal: new AbortController().signal });

describe('/liquor before any list is imported', () => {
  let t: T;
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await ksbc(await makeKeralaPdf());
    t = await testApp(env(site), { modules: [liquorModule] });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('answers 503 on every route, saying no list has been imported', async () => {
    for (const url of ['/liquor/brands', '/liquor/categories', '/liquor?brand=sira', '/liquor/search?q=rum', '/liquor/product/1', '/liquor-img/sira_1.webp']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject({ status: 'error', code: 'NOT_READY', message: expect.stringMatching(/imported yet/), job: 'liquor-import' });
      // The command that loads it now: the import downloads the list, or takes a PDF at hand.
      expect(res.json().hint, url).toBe('`npm run crawl -- liquor-import` (downloads it) or `npm run import -- liquor --file <pdf>` loads it now');
    }
  });

  it('refuses a list that fails a gate and keeps answering 503', async () => {
    site.set('GET /files/pricelist.pdf', { body: await makeKeralaPdf({ rows: printedRows().map((r) => (r.serial === 4 ? { ...r, code: '11001121W' } : r)) }) });
    const report = await runJob(t);
    expect(report.ok).toBe(false);
    expect(report.lines[0]).toMatch(/REFUSED .*product codes repeated: 11001121W/);
    expect((await t.app.inject({ url: '/liquor/brands' })).statusCode).toBe(503);
  });
});

describe('/liquor after an import', () => {
  let t: T;
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await ksbc(await makeKeralaPdf());
    t = await testApp(env(site), { modules: [liquorModule] });
    await t.ctx.scheduler.runNow(LIQUOR_IMPORT_JOB);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('finds the PDF through the site’s price-list page and stores it', () => {
    expect(site.requests.map((r) => r.path)).toEqual(['/', '/price-list', '/files/pricelist.pdf']);
    expect(t.ctx.scheduler.status().find((j) => j.name === LIQUOR_IMPORT_JOB)!.last_error).toBeNull();
  });

  it('lists brand families with product and category counts, and the states loaded', async () => {
    const res = await t.app.inject({ url: '/liquor/brands' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      state: 'kerala',
      cached: false,
      stale: false,
      states: [{ state: 'kerala', effective: '2026-05-11', products: KSBC_ROWS.length }],
    });
    expect(body.count).toBe(body.brands.length);
    expect(body.brands).toContainEqual({ brand: 'amazing', products: 4, categories: 3 });
    expect(body.brands).toContainEqual({ brand: 'sira', products: 4, categories: 1 });
    expect(body.source).toMatchObject({
      authority: expect.stringMatching(/KSBC/),
      effective: '2026-05-11',
      printed: '2026-09-23',
      url: `${site.url}/files/pricelist.pdf`,
    });
    expect((await t.app.inject({ url: '/liquor/brands' })).json().cached).toBe(true);
  });

  it('lists categories by display name with product counts', async () => {
    const body = (await t.app.inject({ url: '/liquor/categories' })).json();
    expect(body.categories).toEqual([
      { category: 'Beer', products: 5 },
      { category: 'Brandy', products: 10 },
      { category: 'Rum', products: 5 },
      { category: 'Vodka', products: 4 },
      { category: 'Whisky', products: 4 },
      { category: 'Wine', products: 10 },
    ]);
    expect(body.count).toBe(6);
  });

  it('lists a brand’s products cheapest first, with absolute image URLs', async () => {
    const res = await t.app.inject({ url: '/liquor?brand=southern-choice', headers: { host: 'api.example:8080' } });
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', brand: 'southern-choice', count: 4 });
    expect(body.products[0]).toEqual({
      id: expect.any(Number),
      brand: 'southern-choice',
      name: 'SOUTHERN CHOICE BRANDY',
      volume: '180 ml',
      price: '350',
      image: expect.stringMatching(/^http:\/\/api\.example:8080\/liquor-img\/southern-choice_\d+\.webp$/),
    });
    const prices = body.products.map((p: { price: string }) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('lists a category by its name in any case, echoing the category', async () => {
    const body = (await t.app.inject({ url: '/liquor?category=whisky' })).json();
    expect(body).toMatchObject({ category: 'Whisky', count: 4 });
    expect(body.products.map((p: { price: string }) => p.price)).toEqual(['310', '660', '1300', '1400']);
  });

  it('answers 404 naming the closest brands and categories', async () => {
    const brand = await t.app.inject({ url: '/liquor?brand=southern-choise' });
    expect(brand.statusCode).toBe(404);
    expect(brand.json()).toMatchObject({ code: 'NOT_FOUND', param: 'brand', closest: expect.arrayContaining(['southern-choice']) });
    const cat = await t.app.inject({ url: '/liquor?category=wisky' });
    expect(cat.json()).toMatchObject({ param: 'category', closest: expect.arrayContaining(['Whisky']) });
  });

  it('answers 400 without a brand or category, with both, or for an unknown state', async () => {
    expect((await t.app.inject({ url: '/liquor' })).json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'brand' });
    expect((await t.app.inject({ url: '/liquor?brand=sira&category=Wine' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/liquor/brands?state=goa' })).json()).toMatchObject({ param: 'state', valid_values: ['kerala'] });
  });

  it('searches names fuzzily, best match first', async () => {
    const body = (await t.app.inject({ url: '/liquor/search?q=soulmate%20whisky' })).json();
    expect(body).toMatchObject({ status: 'ok', query: 'soulmate whisky', count: 3 });
    expect(body.products.every((p: { name: string }) => p.name === 'SOULMATE BLU PREMIUM WHISKY')).toBe(true);
    expect((await t.app.inject({ url: '/liquor/search?q=southrn%20choice' })).json().products[0].brand).toBe('southern-choice');
    expect((await t.app.inject({ url: '/liquor/search?q=champagne' })).json()).toMatchObject({ count: 0, products: [] });
  });

  it('refuses a search text shorter than 2 or longer than 100 characters', async () => {
    expect((await t.app.inject({ url: '/liquor/search?q=r' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/liquor/search?q=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('answers a product with honest fields only', async () => {
    const item = (await t.app.inject({ url: '/liquor?brand=nicols' })).json().products[1];
    const res = await t.app.inject({ url: `/liquor/product/${item.id}` });
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product).toMatchObject({
      ...item,
      category: 'Brandy',
      sku: '11001311S',
      rating: null,
      review_count: 0,
      reviews: [],
      in_newest_list: true,
      listed_since: '2026-05-11',
      price_history: [{ effective: '2026-05-11', price: '1350', before_tax: 373.22, tax: 936.78, cess: 40 }],
    });
    expect(product.availability).toMatch(/^In the newest Kerala price list \(effective 2026-05-11\).*not what a shop has in stock/);
    expect(product.description).toMatch(/750 ml, supplied by UNIBEV JSM, GOA\. Rs 1350 .*effective 2026-05-11/);
  });

  it('answers 400 for an id that is not a positive integer and 404 for an unknown one', async () => {
    for (const id of ['0', 'abc', '-3', '1.5'])
      expect((await t.app.inject({ url: `/liquor/product/${id}` })).json(), id).toMatchObject({ code: 'INVALID_PARAMETER', param: 'id' });
    expect((await t.app.inject({ url: '/liquor/product/99999' })).statusCode).toBe(404);
  });

  it('serves a generated WebP card, as documented, with a week of caching and an ETag that answers 304', async () => {
    const img = (await t.app.inject({ url: '/liquor?brand=sira' })).json().products[0].image as string;
    const path = new URL(img).pathname;
    const res = await documentedAnswers().media(t.app, path, { path: '/liquor-img/{file}' });
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const again = await t.app.inject({ url: path, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 JSON for unknown and malformed image names, and for path escapes', async () => {
    for (const url of [
      '/liquor-img/sira_999.webp',
      '/liquor-img/nobrand_1.webp',
      '/liquor-img/sira_1.png',
      '/liquor-img/sira_0.webp',
      '/liquor-img/..%2F..%2Fetc%2Fpasswd',
      '/liquor-img/..%2Fpackage.json',
      '/liquor-img/../../package.json',
      '/liquor-img/%2e%2e%2fsira_1.webp',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('uses PUBLIC_BASE_URL for image URLs when it is set', async () => {
    const other = await testApp(env(site, { PUBLIC_BASE_URL: 'https://jankari.example/' }), { modules: [liquorModule] });
    try {
      await other.ctx.scheduler.runNow(LIQUOR_IMPORT_JOB);
      const body = (await other.app.inject({ url: '/liquor?brand=sira' })).json();
      expect(body.products[0].image).toMatch(/^https:\/\/jankari\.example\/liquor-img\/sira_\d\.webp$/);
    } finally {
      await other.close();
    }
  });

  it('lists the routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/liquor/brands', '/liquor/categories', '/liquor', '/liquor/search', '/liquor/product/{id}', '/liquor-img/{file}']),
    );
  });
});

describe('/liquor across two lists', () => {
  let t: T;
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await ksbc(await makeKeralaPdf());
    t = await testApp(env(site), { modules: [liquorModule] });
    await t.ctx.scheduler.runNow(LIQUOR_IMPORT_JOB);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('does not store the same file twice', async () => {
    const report = await runJob(t);
    expect(report).toMatchObject({ ok: true, lines: [expect.stringMatching(/unchanged/)] });
  });

  it('keeps a product’s price history and marks products the newer list dropped', async () => {
    const rows = printedRows()
      .filter((r) => r.code !== '15995342U')
      .map((r) => (r.code === '11001121W' ? { ...r, before: 440, tax: 1090, price: 1570 } : r));
    site.set('GET /files/pricelist.pdf', { body: await makeKeralaPdf({ rows, effective: '01-09-2026', printed: '02-Sep-26' }) });
    expect((await runJob(t)).lines[0]).toMatch(
      /stored 37 products, list effective 2026-09-01, from .*, read by content stream \(grouping by y disagrees; not used\)$/,
    );

    const item = (await t.app.inject({ url: '/liquor?brand=southern-choice' }))
      .json()
      .products.find((p: { name: string; volume: string }) => p.volume === '750 ml' && p.name === 'SOUTHERN CHOICE BRANDY');
    expect(item.price).toBe('1570');
    const { product } = (await t.app.inject({ url: `/liquor/product/${item.id}` })).json();
    expect(product.price_history.map((h: { effective: string; price: string }) => [h.effective, h.price])).toEqual([
      ['2026-05-11', '1550'],
      ['2026-09-01', '1570'],
    ]);

    const dropped = await t.app.inject({ url: '/liquor/search?q=rio%20red' });
    expect(dropped.json().products.map((p: { name: string }) => p.name)).not.toContain('RIO RED');
    const old = await tablesOf<LiquorTables>(t.ctx.db).selectFrom('liquor_product').select('id').where('code', '=', '15995342U').executeTakeFirstOrThrow();
    const detail = (await t.app.inject({ url: `/liquor/product/${old.id}` })).json().product;
    expect(detail).toMatchObject({ in_newest_list: false, price: '180' });
    expect(detail.availability).toMatch(/^Not in the newest Kerala price list \(effective 2026-09-01\); last listed in the list effective 2026-05-11/);
  });

  it('keeps the stored catalog when the next list has a gap in its serial numbers', async () => {
    site.set('GET /files/pricelist.pdf', { body: await makeKeralaPdf({ rows: printedRows().filter((r) => r.serial !== 9), effective: '01-10-2026' }) });
    const report = await runJob(t);
    expect(report.ok).toBe(false);
    expect(report.lines[0]).toMatch(/REFUSED .*missing 9/);
    expect((await t.app.inject({ url: '/liquor/brands' })).json().source.effective).toBe('2026-09-01');
  });

  it('imports a list from a local file with the same gates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'liquor-'));
    const file = join(dir, 'list.pdf');
    writeFileSync(file, await makeKeralaPdf({ effective: '01-11-2026', printed: '01-Nov-26' }));
    const out = await t.instance(liquorModule).importFile(file);
    expect(out).toMatchObject({ stored: true, rows: KSBC_ROWS.length, effective: '2026-11-01', source_url: `file:${file}` });
    expect((await t.app.inject({ url: '/liquor/brands' })).json().source).toMatchObject({ effective: '2026-11-01', printed: '2026-11-01' });
  });
});
