// /crypto through the app, with CoinGecko and CoinPaprika faked on 127.0.0.1: the answer, coins
// named by symbol and name, failover to CoinPaprika, the stale copy, the input rules, and the
// daily coin-list job that stores the list the service resolves names with.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream, type RecordedRequest } from '../../../test/helpers/fake-upstream.js';
import { publishedErrorCheck, publishedSchemaCheck, sameAsService } from '../../../test/helpers/response-schema.js';
import { COIN_LIST_JOB, cryptoModule } from './index.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** CoinGecko's simple price answer for the asked ids and currencies, cut from the fixture. */
function simplePrice(req: RecordedRequest) {
  const all = fixture('coingecko-simple-price.json') as Record<string, Record<string, unknown>>;
  const vs = (req.query.get('vs_currencies') ?? '').split(',');
  const out: Record<string, Record<string, unknown>> = {};
  for (const id of (req.query.get('ids') ?? '').split(',')) {
    if (!all[id]) continue;
    out[id] = Object.fromEntries(Object.entries(all[id]).filter(([k]) => k === 'last_updated_at' || vs.includes(k.split('_')[0])));
  }
  return out;
}

/** A CoinPaprika ticker with only the asked quotes (the ones the fixture has). */
function ticker(req: RecordedRequest) {
  const id = req.path.slice('/v1/tickers/'.length);
  const file = { 'btc-bitcoin': 'coinpaprika-ticker-btc-bitcoin.json', 'eth-ethereum': 'coinpaprika-ticker-eth-ethereum.json' }[id];
  if (!file) return { status: 404, body: { error: 'id not found' } };
  const t = fixture(file);
  const asked = (req.query.get('quotes') ?? '').split(',');
  return { body: { ...t, quotes: Object.fromEntries(Object.entries(t.quotes).filter(([k]) => asked.includes(k))) } };
}

describe('GET /crypto', () => {
  let cg: FakeUpstream;
  let cp: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let cgDown = false;
  let cpDown = false;
  const list: unknown = fixture('coingecko-coins-list.json');
  const env = () => ({ CRYPTO_COINGECKO_URL: cg.url, CRYPTO_COINPAPRIKA_URL: cp.url, CRYPTO_COINGECKO_KEY: 'demo-key-1' });

  beforeAll(async () => {
    cg = await fakeUpstream((req) => {
      if (cgDown) return { status: 503, body: 'down' };
      if (req.path === '/api/v3/coins/list') return { body: list };
      if (req.path === '/api/v3/simple/price') return { body: simplePrice(req) };
      return { status: 404, body: { error: 'not found' } };
    });
    cp = await fakeUpstream((req) => (cpDown ? { status: 503, body: 'down' } : ticker(req)));
    t = await testApp(env(), { modules: [cryptoModule], now: () => new Date('2024-03-25T09:00:00Z') });
    expect(await t.ctx.scheduler.runNow(COIN_LIST_JOB)).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    await cg.close();
    await cp.close();
  });
  beforeEach(() => {
    cgDown = false;
    cpDown = false;
  });

  it('answers each coin in each currency with 24 h change, market cap and update time, naming CoinGecko', async () => {
    const r = await t.app.inject('/crypto?coin=bitcoin,ethereum&vs=inr,usd');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      status: 'ok',
      vs: ['inr', 'usd'],
      count: 2,
      missing: [],
      source: 'CoinGecko (simple price API)',
      cached: false,
      stale: false,
    });
    expect(body.coin_list).toEqual({ coins: 14, fetched_at: '2024-03-25T09:00:00.000Z' });
    expect(body.coins[0]).toEqual({
      query: 'bitcoin',
      id: 'bitcoin',
      symbol: 'btc',
      name: 'Bitcoin',
      matched_by: 'id',
      quotes: {
        inr: { price: 5601456.12, change_24h_pct: 3.5912035, market_cap: 109862713209563.2 },
        usd: { price: 67187.3358936566, change_24h_pct: 3.63727894677354, market_cap: 1317802988326.25 },
      },
      last_updated: '2024-03-25T08:45:00.000Z',
    });
    const asked = cg.requests.at(-1)!;
    expect(asked.path).toBe('/api/v3/simple/price');
    expect(Object.fromEntries(asked.query)).toMatchObject({
      ids: 'bitcoin,ethereum',
      vs_currencies: 'inr,usd',
      include_24hr_change: 'true',
      include_market_cap: 'true',
      include_last_updated_at: 'true',
    });
    expect(asked.headers['x-cg-demo-api-key']).toBe('demo-key-1');
    expect((await t.app.inject('/crypto?coin=bitcoin,ethereum&vs=usd,inr')).json().cached).toBe(true);
  });

  it('prices in rupees by default and turns an unknown supply (market cap 0) into null', async () => {
    const body = (await t.app.inject('/crypto?coin=0chain')).json();
    expect(body.vs).toEqual(['inr']);
    expect(body.coins[0]).toMatchObject({ id: '0chain', name: 'Zus', quotes: { inr: { price: 12.71, change_24h_pct: null, market_cap: null } } });
  });

  it('resolves symbols and names case-insensitively, preferring the coin whose id is its name and listing the others', async () => {
    const body = (await t.app.inject('/crypto?coin=BTC,bitcoin cash,eth,xrp&vs=usd')).json();
    expect(body.coins.map((c: { query: string; id: string; matched_by: string }) => `${c.query}>${c.id}:${c.matched_by}`)).toEqual([
      'BTC>bitcoin:symbol',
      'bitcoin cash>bitcoin-cash:name',
      'eth>ethereum:symbol',
      'xrp>ripple:symbol',
    ]);
    expect(body.coins[2].alternatives).toEqual(['ethereum-wormhole']);
    expect(body.coins[3].alternatives).toEqual(['binance-peg-xrp']);
    // Two names of one coin are asked of the source once.
    expect(cg.requests.at(-1)!.query.get('ids')).toBe('bitcoin,bitcoin-cash,ethereum,ripple');
    // ripple has no price in the fake: the coin stays in the answer, without a price, and is listed as missing.
    expect(body.coins[3]).toMatchObject({ quotes: { usd: { price: null, change_24h_pct: null, market_cap: null } }, last_updated: null });
    expect(body.missing).toEqual(['bitcoin-cash', 'ripple']);
  });

  it('fails over to CoinPaprika when CoinGecko is down, mapping coins by symbol and name; a quote it lacks is null', async () => {
    cgDown = true;
    const r = await t.app.inject('/crypto?coin=btc,eth,doge&vs=usd,inr');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.source).toBe('CoinPaprika (tickers API)');
    expect(body.coins[0]).toMatchObject({
      id: 'bitcoin',
      quotes: { usd: { price: 67154.82, change_24h_pct: 3.61, market_cap: 1320152963180 }, inr: { price: 5598748.9, change_24h_pct: 3.58 } },
      last_updated: '2024-03-25T08:44:56.000Z',
    });
    // The eth ticker carries USD only: INR is null rather than invented.
    expect(body.coins[1].quotes).toEqual({
      usd: { price: 173.00001891, change_24h_pct: 0.92, market_cap: 18938229376 },
      inr: { price: null, change_24h_pct: null, market_cap: null },
    });
    // dogecoin maps to doge-dogecoin, which the fake does not list (404).
    expect(body.missing).toEqual(['dogecoin']);
    expect(cp.requests.map((q) => q.url)).toEqual(
      expect.arrayContaining(['/v1/tickers/btc-bitcoin?quotes=USD,INR', '/v1/tickers/doge-dogecoin?quotes=USD,INR']),
    );
  });

  it('serves an expired copy flagged stale when both sources fail, and 502 naming both when nothing is cached', async () => {
    cgDown = false;
    const fresh = await testApp(env(), { modules: [cryptoModule] });
    try {
      await fresh.ctx.scheduler.runNow(COIN_LIST_JOB);
      expect((await fresh.app.inject('/crypto?coin=bitcoin')).json().stale).toBe(false);
      // Age the cached answer past its 60 seconds, as the clock would.
      const ns = fresh.ctx.cache.namespace('crypto', { ttlMs: 60_000, staleMs: 6 * 3600_000 });
      const entry = await fresh.ctx.cache.read('crypto:bitcoin:inr');
      await ns.set('bitcoin:inr', entry!.v, -1000);
      cgDown = true;
      cpDown = true;
      const r = await fresh.app.inject('/crypto?coin=bitcoin');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ cached: true, stale: true, coins: [{ id: 'bitcoin', quotes: { inr: { price: 5601456.12 } } }] });
      const down = await fresh.app.inject('/crypto?coin=ethereum');
      expect(down.statusCode).toBe(502);
      expect(new Set(down.json().tried.map((x: { provider: string }) => x.provider))).toEqual(new Set(['coingecko', 'coinpaprika']));
    } finally {
      await fresh.close();
    }
  });

  it('refuses more than 25 coins, naming the rule', async () => {
    const many = Array.from({ length: 26 }, (_, i) => `coin-${i}`).join(',');
    const r = await t.app.inject(`/crypto?coin=${many}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'coin', message: 'coin may name at most 25 coins a request (got 26)' });
    expect((await t.app.inject('/crypto?coin=,,')).json()).toMatchObject({ param: 'coin' });
    expect((await t.app.inject('/crypto')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown coin, naming the closest coins', async () => {
    const r = await t.app.inject('/crypto?coin=bitcoin,etherium');
    expect(r.statusCode).toBe(404);
    const body = r.json();
    expect(body).toMatchObject({ code: 'NOT_FOUND', coin: 'etherium' });
    expect(body.message).toMatch(/^unknown coin "etherium"; did you mean Ethereum \(ethereum\)/);
    expect(body.suggestions[0]).toEqual({ id: 'ethereum', symbol: 'eth', name: 'Ethereum' });
    const none = (await t.app.inject('/crypto?coin=qqqqqqqqqq')).json();
    expect(none).toMatchObject({ code: 'NOT_FOUND', suggestions: [] });
    // Both answers are what /openapi.json says an error is, suggestions included.
    const check = publishedErrorCheck((await t.app.inject('/openapi.json')).json(), ['suggestions']);
    expect(check(body)).toEqual([]);
    expect(check(none)).toEqual([]);
  });

  it('refuses unknown currencies with the known ones, and more than 5', async () => {
    const r = (await t.app.inject('/crypto?coin=btc&vs=inr,xyz')).json();
    expect(r).toMatchObject({ code: 'INVALID_PARAMETER', param: 'vs' });
    expect(r.valid_values).toContain('inr');
    expect(r.valid_values).toContain('btc');
    expect((await t.app.inject('/crypto?coin=btc&vs=inr,usd,eur,gbp,jpy,aud')).json()).toMatchObject({
      param: 'vs',
      message: 'vs may name at most 5 currencies',
    });
  });

  it('answers over HTTP exactly what the service returns, in the shape /openapi.json publishes: fresh, partial, failed-over, stale, lab and list-less answers', async () => {
    // Apps of their own: the outages of the tests above have CoinGecko sitting out in the shared one.
    const own = await testApp(env(), { modules: [cryptoModule] });
    const listless = await testApp(env(), { modules: [cryptoModule] });
    try {
      await own.ctx.scheduler.runNow(COIN_LIST_JOB);
      const doc = (await own.app.inject('/openapi.json')).json();
      const check = { '/crypto': publishedSchemaCheck(doc, '/crypto'), '/lab/crypto': publishedSchemaCheck(doc, '/lab/crypto') };
      const seen: Record<string, unknown>[] = [];
      const ask = async (app: typeof own, path: keyof typeof check, q: { coin: string; vs: string }) => {
        const service = app.instance(cryptoModule).service;
        seen.push(
          ...(await sameAsService(
            (u) => app.app.inject(u),
            `${path}?${new URLSearchParams(q)}`,
            check[path],
            () => service.prices(q, path === '/lab/crypto'),
          )),
        );
      };
      await ask(own, '/crypto', { coin: 'bitcoin,ethereum', vs: 'inr,usd' });
      // Alternatives, and coins without a price (null quotes, listed as missing).
      await ask(own, '/crypto', { coin: 'BTC,bitcoin cash,eth,xrp', vs: 'usd' });
      // An unknown supply and change: nulls inside a quote.
      await ask(own, '/crypto', { coin: '0chain', vs: 'inr' });
      await ask(own, '/lab/crypto', { coin: 'btc', vs: 'usd' });
      await ask(listless, '/crypto', { coin: 'bitcoin', vs: 'usd' });
      cgDown = true;
      await ask(own, '/crypto', { coin: 'btc,eth,doge', vs: 'usd,inr' });
      expect(seen).toContainEqual(
        expect.objectContaining({
          missing: ['bitcoin-cash', 'ripple'],
          coins: expect.arrayContaining([expect.objectContaining({ alternatives: ['ethereum-wormhole'] })]),
        }),
      );
      expect(seen).toContainEqual(expect.objectContaining({ coin_list: null, coins: [expect.objectContaining({ symbol: null, name: null })] }));
      expect(seen).toContainEqual(expect.objectContaining({ source: 'CoinPaprika (tickers API)', missing: ['dogecoin'] }));
      expect(seen).toContainEqual(expect.objectContaining({ experimental: true }));

      // Stale: the cached copy aged past its minute, both sources down.
      const ns = own.ctx.cache.namespace('crypto', { ttlMs: 60_000, staleMs: 6 * 3600_000 });
      const entry = await own.ctx.cache.read('crypto:bitcoin,ethereum:inr,usd');
      await ns.set('bitcoin,ethereum:inr,usd', entry!.v, -1000);
      cpDown = true;
      const q = { coin: 'bitcoin,ethereum', vs: 'inr,usd' };
      const [body] = await sameAsService(
        (u) => own.app.inject(u),
        `/crypto?${new URLSearchParams(q)}`,
        check['/crypto'],
        () => own.instance(cryptoModule).service.prices(q),
      );
      expect(body).toMatchObject({ stale: true, cached: true });
      // The check is not a formality: an undeclared field or a wrong type fails it.
      const coin = (body.coins as Record<string, unknown>[])[0];
      expect(check['/crypto']({ ...body, coins: [{ ...coin, rank: 1 }] })).not.toEqual([]);
      expect(check['/crypto']({ ...body, coins: [{ ...coin, last_updated: 1711356300 }] })).not.toEqual([]);
    } finally {
      await own.close();
      await listless.close();
    }
  });

  it('has an experimental sibling with the same answer', async () => {
    const r = (await t.app.inject('/lab/crypto?coin=btc&vs=usd')).json();
    expect(r).toMatchObject({ experimental: true, status: 'ok', coins: [{ id: 'bitcoin' }] });
  });
});

describe('the coin-list job', () => {
  let cg: FakeUpstream;
  let list: unknown[] = [];

  beforeAll(async () => {
    cg = await fakeUpstream((req) => {
      if (req.path === '/api/v3/coins/list') return { body: list };
      if (req.path === '/api/v3/simple/price') return { body: simplePrice(req) };
      return { status: 404, body: {} };
    });
  });
  afterAll(() => cg.close());

  it('resolves only CoinGecko ids until a list is stored, then names and symbols from the list it stored', async () => {
    const t = await testApp({ CRYPTO_COINGECKO_URL: cg.url, CRYPTO_COINPAPRIKA_URL: 'http://127.0.0.1:1' }, { modules: [cryptoModule] });
    try {
      const byId = (await t.app.inject('/crypto?coin=bitcoin&vs=usd')).json();
      expect(byId).toMatchObject({
        coin_list: null,
        coins: [{ id: 'bitcoin', symbol: null, name: null, matched_by: 'id (no coin list loaded)', quotes: { usd: { price: 67187.3358936566 } } }],
      });
      // A name or symbol before the list is loaded is data not there yet: a 503 with the list's load, not a 404.
      const bySymbol = await t.app.inject('/crypto?coin=Bitcoin Cash');
      expect(bySymbol.statusCode).toBe(503);
      expect(bySymbol.json()).toMatchObject({
        code: 'NOT_READY',
        job: COIN_LIST_JOB,
        hint: '`npm run crawl -- crypto-coin-list` loads it now; without internet, `npm run import -- crypto-coin-list --file <a downloaded copy>` (README: data sets)',
      });
      expect(bySymbol.json().message).toMatch(/^the coin list .*: not loaded yet; .*not a CoinGecko coin id/);
      // A symbol that looks like an id ("btc") is asked as one; no source knows it, and that too is the list not being loaded.
      const btc = await t.app.inject('/lab/crypto?coin=btc');
      expect(btc.statusCode).toBe(503);
      expect(btc.json()).toMatchObject({ code: 'NOT_READY', job: COIN_LIST_JOB });
      expect(btc.headers['retry-after']).toMatch(/^\d+$/);

      list = [
        { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
        { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
      ];
      expect(await t.ctx.scheduler.runNow(COIN_LIST_JOB)).toBe(true);
      const stored = (await t.app.inject('/crypto?coin=btc&vs=usd')).json();
      expect(stored).toMatchObject({ coin_list: { coins: 2 }, coins: [{ id: 'bitcoin', name: 'Bitcoin', matched_by: 'symbol' }] });

      // A new, longer list replaces it; a list less than half as long is refused and the old one kept.
      list = fixture('coingecko-coins-list.json');
      await t.ctx.scheduler.runNow(COIN_LIST_JOB);
      expect((await t.app.inject('/crypto?coin=bitcoin&vs=usd')).json().coin_list.coins).toBe(14);
      list = [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' }];
      await t.ctx.scheduler.runNow(COIN_LIST_JOB);
      expect(t.ctx.scheduler.status().find((j) => j.name === COIN_LIST_JOB)?.last_error).toMatch(/refusing a coin list of 1 coins/);
      expect((await t.app.inject('/crypto?coin=btc&vs=usd')).json().coin_list.coins).toBe(14);
    } finally {
      await t.close();
    }
  });
});
