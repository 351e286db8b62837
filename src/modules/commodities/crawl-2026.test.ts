// A crawl (the real crawl path: tasks, failover, storage) against fake servers on 127.0.0.1
// serving the page layouts of 2026 (issue 43): goodreturns' all-India gold page with its
// cities table, its city pages with price cards and last 10 days, IBJA's dated tables only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeBankbazaar, fakeGoodreturnsMetals, fakeIbja, type MetalsFakeState } from './fixtures/fake-servers.js';
import { commoditiesModule } from './index.js';

/** The app and its three fake upstreams, serving the 2026 layouts (goodreturns' pages edited by `edit`). */
async function world(edit?: MetalsFakeState['edit']) {
  const clock = { now: new Date('2026-10-01T05:00:00Z') };
  const grState: MetalsFakeState = { layout: '2026', edit };
  const [gr, ib, bb] = await Promise.all([fakeGoodreturnsMetals(grState), fakeIbja({ layout: '2026' }), fakeBankbazaar()]);
  const b = await testApp(
    { METALS_GOODRETURNS_URL: gr.url, METALS_IBJA_URL: ib.url, METALS_BANKBAZAAR_URL: bb.url, PRICES_VERSION_CHECK_MS: '0', PRICES_CRAWL_CONCURRENCY: '8' },
    { modules: [commoditiesModule], now: () => clock.now },
  );
  const get = async (url: string) => {
    const res = await b.app.inject({ url });
    return { code: res.statusCode, body: res.json() as Record<string, any> };
  };
  return {
    clock,
    grState,
    gr,
    ib,
    bb,
    get,
    crawl: () => b.instance(commoditiesModule).service.crawl(),
    close: async () => {
      await b.close();
      await Promise.all([gr.close(), ib.close(), bb.close()]);
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

const LISTED = ['chennai', 'mumbai', 'delhi', 'kolkata', 'bangalore', 'hyderabad', 'pune', 'vadodara', 'ahmedabad'];

describe('a metals crawl of the 2026 layouts', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.close());

  it('stores every location, asking IBJA once and no city page the all-India gold page prices', async () => {
    const out = await w.crawl();
    expect(out.error).toBeNull();
    expect(out.rows).toBe(167 + 135 + 135);
    expect(out.sources.find((s) => s.name === 'ibja')!.rows).toBe(3);
    expect(out.sources.find((s) => s.name === 'bankbazaar-metals')!.rows).toBe(0);
    // One page for the three national rates.
    expect(w.ib.requests).toHaveLength(1);
    const paths = w.gr.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/gold-rates/')).toHaveLength(1);
    for (const city of LISTED) expect(paths).not.toContain(`/gold-rates/${city}.html`);
    expect(paths).toContain('/gold-rates/lucknow.html');
    // 134 Indian cities less the 9 listed, 32 places abroad, silver and platinum for 134 cities, and the listing.
    expect(paths).toHaveLength(125 + 32 + 134 + 134 + 1);
    expect(w.bb.requests).toHaveLength(0);
  });

  it("serves the national gold, silver and platinum rates from IBJA's dated rows, with their day and session", async () => {
    const gold = (await w.get('/commodities?metal=gold&city=india')).body.data[0];
    expect(gold).toMatchObject({
      location: 'India',
      unit: 'per_gram_24k',
      price: '14680.00',
      details: { price_22k: 13446.9, price_18k: 11010 },
      as_of: '2026-10-01',
      session: 'PM',
    });
    expect((await w.get('/commodities?metal=silver&city=india')).body.data[0]).toMatchObject({
      unit: 'per_10g',
      price: '1765.00',
      as_of: '2026-10-01',
      session: 'PM',
    });
    expect((await w.get('/commodities?metal=platinum&city=india')).body.data[0]).toMatchObject({ unit: 'per_gram', price: '5234.00', session: 'PM' });
    const h = await w.get('/commodities/history?metal=platinum&city=india&days=10');
    expect(h.body.data.map((x: any) => x.date)).toEqual(['2026-10-01', '2026-09-30', '2026-09-29', '2026-09-28', '2026-09-25']);
  });

  it("serves the listed cities from the all-India page's table, and the others from their own pages", async () => {
    expect((await w.get('/commodities?metal=gold&city=chennai')).body.data[0]).toMatchObject({
      price: '14728.00',
      details: { price_22k: 13500, price_18k: 11260 },
    });
    const mumbai = (await w.get('/commodities?metal=gold&city=mumbai')).body.data[0];
    expect(mumbai).toMatchObject({ price: '14673.00', details: { price_22k: 13450, price_18k: 11005 } });
    // The table of cities carries no date.
    expect(mumbai.as_of).toBeUndefined();
    expect((await w.get('/commodities?metal=gold&city=bengaluru')).body.data[0].price).toBe('14673.00');
    expect((await w.get('/commodities?metal=gold&city=lucknow')).body.data[0]).toMatchObject({
      price: '14688.00',
      details: { price_22k: 13465, price_18k: 11017 },
      as_of: '2026-10-01',
    });
    expect((await w.get('/commodities?metal=silver&city=lucknow')).body.data[0]).toMatchObject({ price: '1760.00', as_of: '2026-10-01' });
  });

  it("gives a city ten days of history from its page's last-10-days table on the first crawl", async () => {
    const h = await w.get('/commodities/history?metal=gold&city=lucknow&days=14');
    expect(h.body.data).toHaveLength(10);
    expect(h.body.data[0]).toEqual({ location: 'Lucknow', price: '14688.00', date: '2026-10-01' });
    expect(h.body.data[1]).toEqual({ location: 'Lucknow', price: '14715.00', date: '2026-09-30' });
    expect(h.body.data[9]).toEqual({ location: 'Lucknow', price: '14628.00', date: '2026-09-22' });
    expect((await w.get('/commodities/history?metal=silver&city=jaipur&days=14')).body.data).toHaveLength(10);
  });

  it("never lets a page's history replace a crawled day", async () => {
    // A day later the pages still say 1 October, now with 14,999 for Lucknow's 24K everywhere.
    w.clock.now = new Date('2026-10-02T05:00:00Z');
    w.grState.edit = (path, page) => (path === '/gold-rates/' ? page : page.replace(/14,688/g, '14,999'));
    const out = await w.crawl();
    expect(out.stored).toBe(true);
    const h = await w.get('/commodities/history?metal=gold&city=lucknow&days=3');
    // Today's row is the page's price (dated by it), yesterday's the one crawled yesterday, not the page's list.
    expect(h.body.data.map((x: any) => [x.date, x.price])).toEqual([
      ['2026-10-02', '14999.00'],
      ['2026-10-01', '14688.00'],
      ['2026-09-30', '14715.00'],
    ]);
    expect((await w.get('/commodities?metal=gold&city=lucknow')).body.data[0]).toMatchObject({ as_of: '2026-10-01', change_pct: '2.12' });
  });
});

/** A crawl whose goodreturns gold city pages are changed by `edit`: its outcome and goodreturns' errors. */
async function crawlWithCityPages(edit: (page: string) => string) {
  const w = await world((path, page) => (/^\/gold-rates\/.+\.html$/.test(path) ? edit(page) : page));
  try {
    const out = await w.crawl();
    return { out, errors: out.sources.find((s) => s.name === 'goodreturns-metals')!.errors };
  } finally {
    await w.close();
  }
}

describe('a metals crawl meeting a page that disagrees with itself or is unknown', () => {
  it('fails the page as a parse failure naming both places, and the city is asked of the next source', async () => {
    const { out, errors } = await crawlWithCityPages((page) =>
      page.replace('<span id="24K-price">&#8377;14,688</span>', '<span id="24K-price">&#8377;14,702</span>'),
    );
    const named =
      /two places disagree: the price-by-weight table "today gold price per gram in lucknow \(inr\)" gives 24K ₹14688 and the price cards \(.*\) gives ₹14702 on the gold page of/;
    expect(errors.some((e) => named.test(e))).toBe(true);
    // BankBazaar answered the gold cities goodreturns could not.
    expect(out.sources.find((s) => s.name === 'bankbazaar-metals')!.rows).toBeGreaterThan(0);
  });

  it('fails a page of an unknown layout as a parse failure naming the tables it found', async () => {
    const { errors } = await crawlWithCityPages((page) =>
      page
        .replace(/<th>24K<\/th><th>22K<\/th><th>18K<\/th>/, '<th>A</th><th>B</th><th>C</th>')
        .replace(/<div class="gr-price-cards">[\s\S]*?<p class="gr-asof">/, '<p class="gr-asof">'),
    );
    const named =
      /no price by weight for 24K, 22K, 18K \(read by table headers and headings; tables: "Today Gold Price Per Gram in \w+ \(INR\)" \(Gram \| A \| B \| C\), "Gold Rate in \w+ for Last 10 Days \(1 gram\)" \(Date \| 24K \| 22K\); price cards: none\)/;
    expect(errors.some((e) => named.test(e))).toBe(true);
  });
});
