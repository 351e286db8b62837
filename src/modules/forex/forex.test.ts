// /forex through the app, with both sources faked on 127.0.0.1: rates and conversions, a past
// day, failover to the second source, a stale copy when both fail, and the checks on input.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { publishedSchemaCheck, sameAsService } from '../../../test/helpers/response-schema.js';
import { forexModule } from './index.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('GET /forex', () => {
  let ff: FakeUpstream;
  let ca: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let ffDown = false;
  let caDown = false;

  beforeAll(async () => {
    ff = await fakeUpstream((req) => {
      if (ffDown) return { status: 503, body: 'down' };
      const m = /^\/(latest|\d{4}-\d\d-\d\d)$/.exec(req.path);
      if (!m || req.query.get('from') !== 'USD') return { status: 404, body: { message: 'not found' } };
      const body = fixture('frankfurter-latest-usd.json');
      return { body: m[1] === 'latest' ? body : { ...body, date: m[1] } };
    });
    ca = await fakeUpstream((req) => {
      if (caDown) return { status: 503, body: 'down' };
      return req.path === '/npm/@fawazahmed0/currency-api@latest/v1/currencies/usd.json'
        ? { body: fixture('currency-api-usd.json') }
        : { status: 404, body: 'no such file' };
    });
    t = await testApp(
      { FOREX_FRANKFURTER_URL: ff.url, FOREX_CURRENCY_API_URL: `${ca.url}/npm/@fawazahmed0/currency-api` },
      { modules: [forexModule], now: () => new Date('2024-11-23T06:00:00Z') },
    );
  });
  afterAll(async () => {
    await t.close();
    await ff.close();
    await ca.close();
  });
  beforeEach(() => {
    ffDown = false;
    caDown = false;
  });

  it('answers the ECB rates of the base and the converted amounts, naming the source and the day', async () => {
    const r = await t.app.inject('/forex?base=usd&to=INR,eur&amount=100');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: 'ok',
      base: 'USD',
      date: '2024-11-22',
      amount: 100,
      converted: { INR: 8439, EUR: 95.923 },
      rates: { INR: 84.39, EUR: 0.95923 },
      source: 'frankfurter (ECB reference rates)',
      cached: false,
      stale: false,
    });
    expect(ff.requests.at(-1)!.url).toBe('/latest?from=USD&to=INR%2CEUR');
  });

  it('answers a past day, asked by date', async () => {
    const r = (await t.app.inject('/forex?base=USD&to=JPY&date=2020-03-02')).json();
    expect(r).toMatchObject({ date: '2020-03-02', rates: { JPY: 154.68 } });
  });

  it('fails over to currency-api when Frankfurter is down; with both down, answers from its cache, or 502 naming both', async () => {
    ffDown = true;
    const r = (await t.app.inject('/forex?base=USD&to=GBP')).json();
    expect(r).toMatchObject({ rates: { GBP: 0.79811 }, source: 'currency-api (fawazahmed0, CC0)', stale: false });
    caDown = true;
    expect((await t.app.inject('/forex?base=USD&to=GBP')).json()).toMatchObject({ rates: { GBP: 0.79811 }, cached: true });
    // An app with nothing cached has nothing to fall back on.
    const later = await testApp(
      { FOREX_FRANKFURTER_URL: ff.url, FOREX_CURRENCY_API_URL: `${ca.url}/npm/@fawazahmed0/currency-api` },
      { modules: [forexModule] },
    );
    try {
      const down = await later.app.inject('/forex?base=USD&to=GBP');
      expect(down.statusCode).toBe(502);
      expect(down.json().tried.map((x: { provider: string }) => x.provider)).toEqual(['frankfurter', 'currency-api']);
    } finally {
      await later.close();
    }
  });

  it('refuses unknown currencies with the known ones, and dates outside the published range', async () => {
    const unknown = (await t.app.inject('/forex?base=USD&to=INR,XYZ')).json();
    expect(unknown).toMatchObject({ code: 'INVALID_PARAMETER', param: 'to' });
    expect(unknown.valid_values).toContain('INR');
    expect(unknown.valid_values).toHaveLength(31);
    expect((await t.app.inject('/forex?base=BTC')).json()).toMatchObject({ param: 'base' });
    expect((await t.app.inject('/forex?date=1998-12-31')).json()).toMatchObject({
      param: 'date',
      message: 'date must be from 1999-01-04 to today (2024-11-23)',
    });
    expect((await t.app.inject('/forex?date=2024-02-30')).json()).toMatchObject({
      param: 'date',
      message: 'date must be a real calendar date written YYYY-MM-DD',
    });
    expect((await t.app.inject('/forex?amount=-5')).json()).toMatchObject({ param: 'amount' });
  });

  it('answers over HTTP exactly what the service returns, in the shape /openapi.json publishes: fresh, cached, partial, converted, stale and lab answers', async () => {
    // An app of its own: the outages of the tests above have Frankfurter sitting out in the shared one.
    const own = await testApp(
      { FOREX_FRANKFURTER_URL: ff.url, FOREX_CURRENCY_API_URL: `${ca.url}/npm/@fawazahmed0/currency-api` },
      { modules: [forexModule], now: () => new Date('2024-11-23T06:00:00Z') },
    );
    try {
      const doc = (await own.app.inject('/openapi.json')).json();
      const check = { '/forex': publishedSchemaCheck(doc, '/forex'), '/lab/forex': publishedSchemaCheck(doc, '/lab/forex') };
      const service = own.instance(forexModule).service;
      const asks: [keyof typeof check, Record<string, string | number>][] = [
        ['/forex', { base: 'usd', to: 'INR,eur', amount: 100 }],
        // CHF is not in the source's answer: its rate and converted amount are null; the base's own rate is 1.
        ['/forex', { base: 'USD', to: 'CHF,USD,INR', amount: 2.5 }],
        ['/forex', { base: 'USD', to: 'JPY', date: '2020-03-02' }],
        ['/lab/forex', { base: 'USD', to: 'GBP,INR' }],
      ];
      const seen: unknown[] = [];
      for (const [path, q] of asks) {
        const url = `${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
        seen.push(
          ...(await sameAsService(
            (u) => own.app.inject(u),
            url,
            check[path],
            () => service.rates(q as never, path === '/lab/forex'),
          )),
        );
      }
      expect(seen).toContainEqual(
        expect.objectContaining({ rates: { CHF: null, USD: 1, INR: 84.39 }, converted: { CHF: null, USD: 2.5, INR: 210.975 }, cached: false }),
      );
      expect(seen).toContainEqual(expect.objectContaining({ experimental: true, cached: true }));

      // Stale: the cached copy aged past its hour, both sources down.
      const ns = own.ctx.cache.namespace('forex', { ttlMs: 3600_000, staleMs: 7 * 86_400_000 });
      const entry = await own.ctx.cache.read('forex:USD:EUR,INR:latest');
      await ns.set('USD:EUR,INR:latest', entry!.v, -1000);
      ffDown = true;
      caDown = true;
      const [stale] = await sameAsService(
        (u) => own.app.inject(u),
        '/forex?base=usd&to=INR,eur&amount=100',
        check['/forex'],
        () => service.rates({ base: 'usd', to: 'INR,eur', amount: 100 }),
      );
      expect(stale).toMatchObject({ stale: true, cached: true, rates: { INR: 84.39 } });
      // The check is not a formality: an undeclared field or a wrong type fails it.
      expect(check['/forex']({ ...stale, extra: 1 })).not.toEqual([]);
      expect(check['/forex']({ ...stale, rates: { INR: '84.39' } })).not.toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('has an experimental sibling with base and to only', async () => {
    const r = (await t.app.inject('/lab/forex?base=USD&to=INR')).json();
    // Frankfurter sits out after the outage above (suspended), so either source may answer.
    expect(r).toMatchObject({ experimental: true, base: 'USD' });
    expect([84.39, 84.4066]).toContain(r.rates.INR);
  });
});
