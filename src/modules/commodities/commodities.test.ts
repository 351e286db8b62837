import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import type { FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { commoditiesModule } from './index.js';
import { fakeBankbazaar, fakeGoodreturnsMetals, fakeIbja, type MetalsFakeState } from './fixtures/fake-servers.js';

type Built = Awaited<ReturnType<typeof testApp>>;
let now = new Date('2026-11-20T05:00:00Z');

const get = async (b: Built, url: string) => {
  const res = await b.app.inject({ url });
  return { code: res.statusCode, body: res.json() as Record<string, any> };
};

describe('/commodities', () => {
  let b: Built;
  let gr: FakeUpstream;
  let ib: FakeUpstream;
  let bb: FakeUpstream;
  const grState: MetalsFakeState = {};
  const ibState: MetalsFakeState = {};
  beforeAll(async () => {
    [gr, ib, bb] = await Promise.all([fakeGoodreturnsMetals(grState), fakeIbja(ibState), fakeBankbazaar()]);
    b = await testApp(
      { METALS_GOODRETURNS_URL: gr.url, METALS_IBJA_URL: ib.url, METALS_BANKBAZAAR_URL: bb.url, PRICES_VERSION_CHECK_MS: '0', PRICES_CRAWL_CONCURRENCY: '8' },
      { modules: [commoditiesModule], now: () => now },
    );
  });
  afterAll(async () => {
    await b.close();
    await Promise.all([gr.close(), ib.close(), bb.close()]);
  });

  it('answers 503 before any crawl succeeded, and a status with no success', async () => {
    const r = await get(b, '/commodities?metal=gold');
    expect(r.code).toBe(503);
    expect(r.body.message).toMatch(/^metal prices: not loaded yet/);
    expect(r.body.hint).toBe('`npm run crawl -- commodities-crawl` loads it now');
    expect((await get(b, '/commodities?city=india')).code).toBe(503);
    const s = await get(b, '/commodities/latest');
    expect(s.body).toMatchObject({ status: 'ok', last_success: null });
    expect(s.body.sources.map((x: any) => x.name)).toEqual(['ibja', 'goodreturns-metals', 'bankbazaar-metals']);
  });

  it('lists the tracked locations of each metal: 167 for gold, 135 for silver and platinum', async () => {
    expect((await get(b, '/commodities/cities')).body).toMatchObject({ status: 'ok', metal: 'gold', count: 167 });
    expect((await get(b, '/commodities/cities?metal=silver')).body.count).toBe(135);
    expect((await get(b, '/commodities/cities?metal=platinum')).body.cities).toContain('India');
  });

  it('crawls every location, the national price from IBJA first', async () => {
    const out = await b.instance(commoditiesModule).service.crawl();
    expect(out.error).toBeNull();
    expect(out.rows).toBe(167 + 135 + 135);
    expect(out.sources.find((s) => s.name === 'ibja')!.rows).toBe(3);
  });

  it("gives the national price IBJA's recent days as history from the first crawl", async () => {
    const h = await get(b, '/commodities/history?metal=gold&city=india&days=14');
    // Today's row from the crawl, then the working days IBJA lists before it.
    expect(h.body.data[0]).toEqual({ location: 'India', price: '12745.00', date: '2026-11-20' });
    expect(h.body.data.map((x: any) => x.date)).toEqual([
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
      '2026-11-17',
      '2026-11-16',
      '2026-11-14',
      '2026-11-13',
      '2026-11-12',
      '2026-11-11',
      '2026-11-10',
    ]);
    expect(h.body.data[1].price).toBe('12722.00');
    // The default window is 7 days.
    expect((await get(b, '/commodities/history?metal=gold&city=india')).body.data).toHaveLength(6);
  });

  it('gives gold as two-decimal strings, 24K in price and 22K/18K in details', async () => {
    const r = await get(b, '/commodities?metal=gold');
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', metal: 'gold', count: 167 });
    const mumbai = r.body.data.find((x: any) => x.location === 'Mumbai');
    expect(mumbai).toMatchObject({
      commodity: 'gold',
      location_type: 'city',
      unit: 'per_gram_24k',
      price: '12764.00',
      change_pct: '0.00',
      details: { price_18k: 9573, price_22k: 11700 },
    });
    expect(typeof mumbai.updated_at).toBe('string');
  });

  it('answers one location by name, old name or + for spaces, with count 1', async () => {
    const india = await get(b, '/commodities?metal=silver&city=INDIA');
    expect(india.body).toMatchObject({ metal: 'silver', count: 1, data: [{ location: 'India', unit: 'per_10g', price: '1632.50' }] });
    expect(india.body.data[0].details).toBeUndefined();
    expect((await get(b, '/commodities?city=bombay')).body.data[0].location).toBe('Mumbai');
    // A name only the place vocabulary knows (Kashi) reaches the priced city it names.
    expect((await get(b, '/commodities?city=kashi')).body.data[0].location).toBe('Varanasi');
    expect((await get(b, '/commodities?metal=platinum&city=navi+mumbai')).body.data[0]).toMatchObject({
      location: 'Navi Mumbai',
      unit: 'per_gram',
      price: '5140.00',
    });
  });

  it('answers 400 for a name that is no place, 404 for a town without prices or a metal not tracked there', async () => {
    const unknown = await get(b, '/commodities?city=atlantis');
    expect(unknown.code).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
    // A town of the place vocabulary with no gold price: the nearest places that have one.
    const leh = await get(b, '/commodities?metal=gold&city=leh');
    expect(leh.code).toBe(404);
    expect(leh.body.message).toMatch(/^no gold prices are published for Leh \(Ladakh\)/);
    expect(leh.body.suggestions).toHaveLength(3);
    const dubaiSilver = await get(b, '/commodities?metal=silver&city=dubai');
    expect(dubaiSilver.code).toBe(404);
    expect(dubaiSilver.body.message).toMatch(/silver prices are not tracked for Dubai/);
  });

  it('rejects an unknown metal with the valid values', async () => {
    const r = await get(b, '/commodities?metal=copper');
    expect(r.code).toBe(400);
    expect(r.body.valid_values).toEqual(['gold', 'silver', 'platinum']);
  });

  it('computes change_pct from the previous stored day and keeps history newest first', async () => {
    now = new Date('2026-11-21T05:00:00Z');
    grState.factor = 1.01;
    ibState.down = true; // the national price now comes from goodreturns' India page
    const out = await b.instance(commoditiesModule).service.crawl();
    expect(out.stored).toBe(true);
    const mumbai = (await get(b, '/commodities?metal=gold&city=mumbai')).body.data[0];
    // Every rupee figure of the pages is 1 % up: 12764 → 12891.64.
    expect(mumbai.price).toBe('12891.64');
    expect(mumbai.change_pct).toBe('1.00');
    const h = await get(b, '/commodities/history?metal=gold&city=india&days=2');
    expect(h.body).toMatchObject({ status: 'ok', metal: 'gold', city: 'india' });
    expect(h.body.data.map((x: any) => x.date)).toEqual(['2026-11-21', '2026-11-20']);
    expect(h.body.data[1]).toEqual({ location: 'India', price: '12745.00', date: '2026-11-20' });
    const s = await get(b, '/commodities/latest');
    expect(s.body.sources.find((x: any) => x.name === 'ibja').last_failure).not.toBeNull();
  });

  it('keeps the stored prices when a crawl comes back short, and says so', async () => {
    grState.down = true;
    const out = await b.instance(commoditiesModule).service.crawl();
    expect(out.stored).toBe(false);
    const s = await get(b, '/commodities/latest');
    expect(s.body.last_error).toMatch(/stored data kept/);
    expect((await get(b, '/commodities?metal=gold')).body.count).toBe(167);
    grState.down = false;
  });

  it('searches with misspellings and old names, at most 20 results', async () => {
    const r = await get(b, '/commodities/search?q=banglore');
    expect(r.body.results[0]).toEqual({ name: 'Bengaluru', type: 'city' });
    expect((await get(b, '/commodities/search?q=gurgaon')).body.results[0].name).toBe('Gurugram');
    expect((await get(b, '/commodities/search?q=a')).body.count).toBeLessThanOrEqual(20);
  });

  it('checks the history window', async () => {
    expect((await get(b, '/commodities/history?city=india&days=0')).code).toBe(400);
    expect((await get(b, '/commodities/history?city=india&days=90')).code).toBe(200);
  });
});
