import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { publishedErrorCheck } from '../../../test/helpers/response-schema.js';
import { FUEL_COVERAGE, fuelModule } from './index.js';
import { fakeCityPrice, fakeGoodreturns, fakeNdtv, fixture, type FakeState } from './fixtures/fake-servers.js';

type Built = Awaited<ReturnType<typeof testApp>>;

// A clock that tests move forward a day at a time (crawls store rows under the India day).
let now = new Date('2026-11-20T01:00:00Z');
const clock = () => now;

// The page deadline at its most: nothing here hangs, so it ends only a hang, never a busy machine's slow page.
async function appWith(gr: FakeUpstream, ndtv?: FakeUpstream): Promise<Built> {
  return testApp(
    { FUEL_GOODRETURNS_URL: gr.url, FUEL_NDTV_URL: ndtv?.url ?? 'http://127.0.0.1:9', PRICES_VERSION_CHECK_MS: '0', PRICES_PAGE_DEADLINE_MS: '120000' },
    { modules: [fuelModule], now: clock },
  );
}

const get = async (b: Built, url: string) => {
  const res = await b.app.inject({ url });
  return { code: res.statusCode, body: res.json() as Record<string, any> };
};

describe('/fuel before any crawl', () => {
  let b: Built;
  let gr: FakeUpstream;
  beforeAll(async () => {
    gr = await fakeGoodreturns();
    b = await appWith(gr);
  });
  afterAll(async () => {
    await b.close();
    await gr.close();
  });

  it('answers 503 saying no crawl has succeeded, never an empty list', async () => {
    for (const url of ['/fuel', '/fuel?city=mumbai', '/fuel?state=goa', '/fuel/latest', '/fuel/history?city=mumbai']) {
      const r = await get(b, url);
      expect(r.code, url).toBe(503);
      expect(r.body.code).toBe('NOT_READY');
      expect(r.body.message).toMatch(/^fuel prices: not loaded yet/);
      expect(r.body.hint).toBe('`npm run crawl -- fuel-crawl` loads it now');
    }
  });

  it('still lists locations and searches them (registry data, not prices)', async () => {
    expect((await get(b, '/fuel/cities')).body.count).toBe(46);
    expect((await get(b, '/fuel/search?q=bombay')).body.results[0]).toEqual({ name: 'Mumbai', type: 'city' });
  });

  it('reports a crawl status with no success yet', async () => {
    const r = await get(b, '/fuel/status');
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', last_success: null, last_failure: null, last_error: null });
    expect(r.body.sources.map((s: any) => s.name)).toEqual(['goodreturns-fuel', 'ndtv-fuel']);
  });
});

describe('/fuel after crawls', () => {
  let b: Built;
  let gr: FakeUpstream;
  const state: FakeState = { shift: 0 };
  beforeAll(async () => {
    gr = await fakeGoodreturns(state);
    b = await appWith(gr);
    now = new Date('2026-11-20T01:00:00Z');
    const first = await b.instance(fuelModule).service.crawl();
    expect(first.error).toBeNull();
  });
  afterAll(async () => {
    await b.close();
    await gr.close();
  });

  it('stores a complete crawl: 46 locations × 2 fuels', async () => {
    const r = await get(b, '/fuel/status');
    expect(r.body.last_success).not.toBeNull();
    expect(r.body.sources[0]).toMatchObject({ name: 'goodreturns-fuel', rows: 92 });
  });

  it('lists the 33 states with updated_at and numeric prices per litre', async () => {
    const r = await get(b, '/fuel');
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', endpoint: '/fuel', scope: 'states', fuels: ['petrol', 'diesel'], count: 33 });
    const delhi = r.body.data.find((x: any) => x.location === 'Delhi');
    expect(delhi).toMatchObject({ location_type: 'state', petrol: { price: 94.72, unit: 'per_litre', change_pct: 0 } });
    expect(typeof delhi.updated_at).toBe('string');
    expect(typeof r.body.fetched_at).toBe('string');
  });

  it('keeps only the chosen fuel with ?fuel=', async () => {
    const r = await get(b, '/fuel?fuel=diesel');
    expect(r.body.fuels).toEqual(['diesel']);
    expect(r.body.data[0].petrol).toBeUndefined();
    expect(typeof r.body.data[0].diesel.price).toBe('number');
  });

  it('states the same coverage, counted from locations.json, in its description and the README', () => {
    expect(FUEL_COVERAGE).toBe('33 states and union territories and 13 cities (46 locations)');
    expect(fuelModule.description).toContain(FUEL_COVERAGE);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme.split('\n').find((l) => l.startsWith('| Fuel |'))).toContain(`Petrol and diesel for ${FUEL_COVERAGE}`);
  });

  it('lists the 13 cities with ?type=city', async () => {
    const r = await get(b, '/fuel?type=city');
    expect(r.body).toMatchObject({ scope: 'cities', count: 13 });
  });

  it('finds a city by an old name, case-insensitively', async () => {
    const r = await get(b, '/fuel?city=BOMBAY');
    expect(r.body).toMatchObject({ status: 'ok', city: 'Mumbai', price: { location: 'Mumbai', location_type: 'city' } });
    expect(r.body.price.updated_at).toBeUndefined();
  });

  it('answers a state with its cities nested, spaces written as +', async () => {
    const r = await get(b, '/fuel?state=uttar+pradesh');
    expect(r.body).toMatchObject({ state: 'Uttar Pradesh', price: { location: 'Uttar Pradesh', location_type: 'state' }, count: 2 });
    expect(r.body.cities.map((c: any) => c.location).sort()).toEqual(['Lucknow', 'Noida']);
    expect(r.body.cities[0].updated_at).toBeUndefined();
  });

  it('answers 400 for a name that is no place, with the close priced names, and 404 for a town without prices', async () => {
    const r = await get(b, '/fuel?city=banglor');
    expect(r.code).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
    expect(r.body.suggestions).toContain('Bengaluru');
    // Varanasi is a town the service knows (/panchang answers for it) without a fuel price: its state's price first.
    const varanasi = await get(b, '/fuel?city=varanasi');
    expect(varanasi.code).toBe(404);
    expect(varanasi.body.message).toMatch(/^no fuel prices are published for Varanasi \(Uttar Pradesh\)/);
    expect(varanasi.body.suggestions[0]).toBe('Uttar Pradesh');
    // The answer is what /openapi.json says an error is, suggestions included.
    expect(publishedErrorCheck((await get(b, '/openapi.json')).body as never, ['param', 'suggestions'])(r.body)).toEqual([]);
  });

  it('answers 400 with a hint to /commodities for ?commodity=', async () => {
    const r = await get(b, '/fuel?commodity=gold');
    expect(r.code).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'commodity', hint: '/commodities?metal=gold' });
  });

  it('offers the dead commodity parameter neither in the landing form nor in /docs, though /openapi.json keeps it deprecated', async () => {
    const html = { accept: 'text/html' };
    const landing = (await b.app.inject({ url: '/', headers: html })).body;
    expect(landing).toContain('data-path="/fuel"');
    expect(landing).toMatch(/name="fuel"/);
    expect(landing).not.toMatch(/name="commodity"/);
    const docs = (await b.app.inject({ url: '/docs', headers: html })).body;
    expect(docs).toContain('GET /fuel');
    expect(docs).toMatch(/<code>fuel<\/code>/);
    expect(docs).not.toMatch(/<code>commodity<\/code>/);
    const op = (await get(b, '/openapi.json')).body.paths['/fuel'].get;
    const dead = op.parameters.find((p: { name: string }) => p.name === 'commodity');
    expect(dead.deprecated || dead.schema?.deprecated).toBe(true);
  });

  it('rejects a fuel or type outside the enumeration', async () => {
    expect((await get(b, '/fuel?fuel=cng')).code).toBe(400);
    expect((await get(b, '/fuel?type=district')).code).toBe(400);
  });

  it('gives the 13 popular cities in /fuel/latest without updated_at per row', async () => {
    const r = await get(b, '/fuel/latest');
    expect(r.body).toMatchObject({ status: 'ok', endpoint: '/fuel/latest', count: 13 });
    expect(Object.keys(r.body.data[0]).sort()).toEqual(['diesel', 'location', 'petrol']);
  });

  it('computes change_pct from the previous stored day, and history newest first', async () => {
    // The next morning every price is 0.50 higher.
    now = new Date('2026-11-21T01:00:00Z');
    state.shift = 0.5;
    const out = await b.instance(fuelModule).service.crawl();
    expect(out.stored).toBe(true);
    const r = await get(b, '/fuel?state=delhi&fuel=petrol');
    expect(r.body.price.petrol.price).toBe(95.22);
    expect(r.body.price.petrol.change_pct).toBe(Math.round((0.5 / 94.72) * 10000) / 100);
    const h = await get(b, '/fuel/history?fuel=petrol&city=Delhi&days=7');
    expect(h.body).toMatchObject({ status: 'ok', fuel: 'petrol', city: 'Delhi', days: 7 });
    expect(h.body.data).toEqual([
      { location: 'Delhi', price: '95.22', date: '2026-11-21' },
      { location: 'Delhi', price: '94.72', date: '2026-11-20' },
    ]);
    const one = await get(b, '/fuel/history?fuel=petrol&city=Delhi&days=1');
    expect(one.body.data).toHaveLength(1);
  });

  it('checks the history window: 1 to 90 days', async () => {
    const r = await get(b, '/fuel/history?city=mumbai&days=91');
    expect(r.code).toBe(400);
    expect(r.body.param).toBe('days');
    expect((await get(b, '/fuel/history?days=3')).code).toBe(400);
  });
});

describe('fuel crawl failures', () => {
  it('fails over to NDTV when goodreturns is down', async () => {
    const down = await fakeUpstream({});
    const ndtv = await fakeUpstream((req) => {
      if (/all-state$/.test(req.path)) return { body: fixture('ndtv-petrol-all-state.html') };
      return { body: fixture('ndtv-petrol-maharashtra-state.html') };
    });
    const b = await appWith(down, ndtv);
    try {
      const out = await b.instance(fuelModule).service.crawl();
      // The Maharashtra page is served for every state: only its cities can be matched.
      const ndtvReport = out.sources.find((s) => s.name === 'ndtv-fuel')!;
      expect(ndtvReport.rows).toBeGreaterThanOrEqual(66);
      expect(out.sources.find((s) => s.name === 'goodreturns-fuel')!.errors.length).toBeGreaterThan(0);
    } finally {
      await b.close();
      await down.close();
      await ndtv.close();
    }
  });

  it('never overwrites good data with a short crawl, and reports the failure', async () => {
    const state: FakeState = { shift: 0 };
    const gr = await fakeGoodreturns(state);
    const b = await appWith(gr);
    try {
      now = new Date('2026-11-20T01:00:00Z');
      expect((await b.instance(fuelModule).service.crawl()).stored).toBe(true);
      // Later that day: the city pages fail and the listings carry other prices (at most 66 of 92 rows).
      now = new Date('2026-11-20T04:00:00Z');
      Object.assign(state, { shift: 3, cityPagesDown: true });
      const out = await b.instance(fuelModule).service.crawl();
      expect(out.stored).toBe(false);
      expect(out.error).toMatch(/got \d+ of 92 expected prices/);
      const s = await get(b, '/fuel/status');
      expect(s.body.last_error).toMatch(/stored data kept/);
      expect(s.body.last_success).not.toBeNull();
      expect(s.body.last_failure).not.toBeNull();
      expect(s.body.sources[0].last_failure).not.toBeNull();
      const delhi = (await get(b, '/fuel?state=delhi')).body;
      expect(delhi.price.petrol.price).toBe(94.72);
    } finally {
      await b.close();
      await gr.close();
    }
  });
});

// Issue 43: the pages goodreturns serves in 2026 (constructed fixtures of that layout, dated 6 Sep 2026).
describe('fuel crawl of the 2026 goodreturns pages', () => {
  let b: Built;
  let gr: FakeUpstream;
  let ndtv: FakeUpstream;
  const state: FakeState = { shift: 0, layout: '2026' };
  beforeAll(async () => {
    gr = await fakeGoodreturns(state);
    ndtv = await fakeNdtv();
    b = await appWith(gr, ndtv);
    // The first crawl a day before the page's own day: its history ends the day before that.
    now = new Date('2026-09-05T01:00:00Z');
    expect((await b.instance(fuelModule).service.crawl()).stored).toBe(true);
    now = new Date('2026-09-06T01:00:00Z');
    const out = await b.instance(fuelModule).service.crawl();
    expect(out.error).toBeNull();
  });
  afterAll(async () => {
    await b.close();
    await gr.close();
    await ndtv.close();
  });

  it('stores and serves Bengaluru petrol from its city page', async () => {
    const r = await get(b, '/fuel?city=bengaluru&fuel=petrol');
    expect(r.code).toBe(200);
    expect(r.body.price).toEqual({
      location: 'Bengaluru',
      location_type: 'city',
      petrol: { price: 111.11, unit: 'per_litre', change_pct: expect.any(Number) },
    });
    // Every page came from goodreturns: NDTV was not asked.
    expect(ndtv.requests).toHaveLength(0);
    const s = await get(b, '/fuel/status');
    expect(s.body.sources[0]).toMatchObject({ name: 'goodreturns-fuel', rows: 92, errors: [] });
  });

  it("fills ten days and more of history from the city page's own tables on the first crawl", async () => {
    const h = await get(b, '/fuel/history?fuel=petrol&city=bengaluru&days=11');
    expect(h.body.data).toHaveLength(11);
    expect(h.body.data.slice(0, 3)).toEqual([
      { location: 'Bengaluru', price: '111.11', date: '2026-09-06' },
      { location: 'Bengaluru', price: '111.11', date: '2026-09-05' },
      { location: 'Bengaluru', price: '110.93', date: '2026-09-04' },
    ]);
    expect(h.body.data.at(-1)).toEqual({ location: 'Bengaluru', price: '109.98', date: '2026-08-27' });
    // The month tables reach back to 1 July.
    const all = await get(b, '/fuel/history?fuel=petrol&city=bengaluru&days=90');
    expect(all.body.data).toHaveLength(68);
    expect(all.body.data.at(-1).date).toBe('2026-07-01');
    // Diesel too, for another city.
    const pune = await get(b, '/fuel/history?fuel=diesel&city=pune&days=11');
    expect(pune.body.data).toHaveLength(11);
    expect(pune.body.data[0].price).toBe(fakeCityPrice('pune', 'diesel').toFixed(2));
  });

  it("never lets a page's history overwrite a price this service crawled itself", async () => {
    // 5 September was crawled on the 5th (the page then said 111.11); the page's own table says 111.68 for it.
    const h = await get(b, '/fuel/history?fuel=petrol&city=bengaluru&days=2');
    expect(h.body.data[1]).toEqual({ location: 'Bengaluru', price: '111.11', date: '2026-09-05' });
  });

  it('shows per source the pages it read and how many places each gave', async () => {
    const s = await get(b, '/fuel/status');
    const pages = s.body.sources[0].pages as { page: string; places: number }[];
    expect(pages).toHaveLength(28);
    expect(pages).toContainEqual({ page: '/petrol-price-in-bangalore.html', places: 1 });
    // The listing gives the 36 states it prices (33 of them ours) and its 4 metro cities.
    expect(pages).toContainEqual({ page: '/petrol-price.html', places: 37 });
  });
});

describe('fuel crawl from pages that list several places', () => {
  it('stores every city a state page lists, asking each state page once', async () => {
    const down = await fakeUpstream(() => ({ status: 500, body: 'error' }));
    const ndtv = await fakeNdtv();
    const b = await appWith(down, ndtv);
    try {
      now = new Date('2026-11-20T01:00:00Z');
      const out = await b.instance(fuelModule).service.crawl();
      expect(out.stored).toBe(true);
      expect(out.rows).toBe(92);
      // 2 all-state listings and one page per state with a registry city (11 states, 13 cities) per fuel.
      expect(ndtv.requests).toHaveLength(24);
      expect(ndtv.requests.filter((r) => r.path === '/fuel-prices/petrol-price-in-maharashtra-state')).toHaveLength(1);
      const pune = await get(b, '/fuel?city=pune');
      expect(pune.body.price.petrol.price).toBe(fakeCityPrice('pune', 'petrol') + 0.25);
      const s = await get(b, '/fuel/status');
      const pages = s.body.sources[1].pages as { page: string; places: number }[];
      expect(pages).toContainEqual({ page: '/fuel-prices/petrol-price-in-maharashtra-state', places: 2 });
      expect(pages).toHaveLength(24);
    } finally {
      await b.close();
      await down.close();
      await ndtv.close();
    }
  });
});

describe('fuel answers when a place has one fuel', () => {
  let b: Built;
  let gr: FakeUpstream;
  let ndtv: FakeUpstream;
  beforeAll(async () => {
    // Ahmedabad's diesel page and Gujarat's diesel page both fail; Bengaluru's petrol page states two prices.
    gr = await fakeGoodreturns({
      shift: 0,
      layout: '2026',
      editCityPage: (html, fuel, slug) => {
        if (slug === 'ahmedabad' && fuel === 'diesel')
          return '<html><head><title>Diesel Price in Ahmedabad</title></head><body><h1>Diesel Price in Ahmedabad</h1></body></html>';
        if (slug === 'bangalore' && fuel === 'petrol') return html.replace('Rs. 111.11/Ltr | Goodreturns</title>', 'Rs. 112.11/Ltr | Goodreturns</title>');
        return html;
      },
    });
    ndtv = await fakeNdtv({ missing: ['/fuel-prices/diesel-price-in-gujarat-state', '/fuel-prices/petrol-price-in-karnataka-state'] });
    b = await appWith(gr, ndtv);
    now = new Date('2026-09-06T01:00:00Z');
    expect((await b.instance(fuelModule).service.crawl()).stored).toBe(true);
  });
  afterAll(async () => {
    await b.close();
    await gr.close();
    await ndtv.close();
  });

  it('answers the fuel it has and says why the other is missing', async () => {
    const r = await get(b, '/fuel?city=ahmedabad');
    expect(r.code).toBe(200);
    expect(r.body.price.petrol.price).toBe(fakeCityPrice('ahmedabad', 'petrol'));
    expect(r.body.price.diesel).toBeUndefined();
    expect(r.body.price.missing).toEqual([
      { fuel: 'diesel', reason: expect.stringMatching(/^no diesel price has been crawled for Ahmedabad; the last crawl \(\S+\): /) },
    ]);
    const reason = r.body.price.missing[0].reason as string;
    expect(reason).toContain(
      'goodreturns-fuel: no diesel price on the Ahmedabad page in a layout we know; found: no rupee figure outside tables; headings "Diesel Price in Ahmedabad"',
    );
    expect(reason).toContain('ndtv-fuel: ');
    // Asked for the missing fuel alone: 503 with the same reason.
    const d = await get(b, '/fuel?city=ahmedabad&fuel=diesel');
    expect(d.code).toBe(503);
    expect(d.body.message).toContain('no diesel price on the Ahmedabad page in a layout we know');
    // The lists keep the place, with what is missing.
    const latest = await get(b, '/fuel/latest');
    expect(latest.body.count).toBe(13);
    expect(latest.body.data.find((x: any) => x.location === 'Ahmedabad')).toMatchObject({
      petrol: { price: expect.any(Number) },
      missing: [{ fuel: 'diesel' }],
    });
    expect((await get(b, '/fuel?type=city')).body.count).toBe(13);
    expect((await get(b, '/fuel?type=city&fuel=diesel')).body.count).toBe(12);
  });

  it('reports a page whose two witnesses disagree as a parse failure naming both', async () => {
    const r = await get(b, '/fuel?city=bengaluru');
    expect(r.body.price.diesel.price).toBe(fakeCityPrice('bangalore', 'diesel'));
    expect(r.body.price.missing[0].reason).toContain(
      'goodreturns-fuel: petrol on the Bengaluru page: the price block "Petrol Price in bangalore" (#fp-price.fp-price-big) says 111.11 but the title says 112.11',
    );
    const s = await get(b, '/fuel/status');
    expect(s.body.sources[0].errors.join('\n')).toContain('petrol: Bengaluru: petrol on the Bengaluru page: the price block');
  });
});
