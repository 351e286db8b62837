// /lab/stocks through the app, with Yahoo and Google faked on 127.0.0.1: the answer's shape, the
// BSE suffix, failover to Google, a stale copy when both fail, unknown symbols and every 400.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream, type RecordedRequest } from '../../../test/helpers/fake-upstream.js';
import { stocksModule } from './index.js';

const text = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CHART = JSON.parse(text('yahoo-chart-reliance-ns.json'));
const NOT_FOUND = JSON.parse(text('yahoo-chart-not-found.json'));
const PAGE = text('google-quote-reliance-nse.html');
const NO_QUOTE = text('google-quote-no-quote.html');

/** The fixture's chart, answered for whichever known symbol was asked. */
function chartFor(symbol: string) {
  const c = structuredClone(CHART);
  c.chart.result[0].meta.symbol = symbol;
  return c;
}

describe('GET /lab/stocks', () => {
  let yahoo: FakeUpstream;
  let google: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  let yahooMode: 'ok' | 'down' | 'garbage' = 'ok';
  let googleDown = false;

  const yahooAnswer = (req: RecordedRequest) => {
    if (yahooMode === 'down') return { status: 503, body: 'down' };
    if (yahooMode === 'garbage') return { body: '<html><body>Will be right back</body></html>', headers: { 'content-type': 'text/html' } };
    const sym = decodeURIComponent(req.path.replace('/v8/finance/chart/', ''));
    return sym.startsWith('NOPE') ? { status: 404, body: NOT_FOUND } : { body: chartFor(sym) };
  };
  const googleAnswer = (req: RecordedRequest) => {
    if (googleDown) return { status: 503, body: 'down' };
    return decodeURIComponent(req.path).startsWith('/finance/quote/NOPE')
      ? { body: NO_QUOTE, headers: { 'content-type': 'text/html' } }
      : { body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } };
  };
  const env = () => ({ STOCKS_YAHOO_URL: yahoo.url, STOCKS_GOOGLE_URL: google.url });
  const fresh = () => testApp(env(), { modules: [stocksModule] });

  beforeAll(async () => {
    yahoo = await fakeUpstream(yahooAnswer);
    google = await fakeUpstream(googleAnswer);
    t = await fresh();
  });
  afterAll(async () => {
    await t.close();
    await yahoo.close();
    await google.close();
  });
  beforeEach(() => {
    yahooMode = 'ok';
    googleDown = false;
    yahoo.requests.length = 0;
    google.requests.length = 0;
  });

  it('answers the quote of a symbol with its change, range, currency, exchange time and source, marked experimental', async () => {
    const r = await t.app.inject('/lab/stocks?symbol=RELIANCE');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: 'ok',
      experimental: true,
      exchange: 'NSE',
      count: 1,
      quotes: [
        {
          symbol: 'RELIANCE',
          exchange: 'NSE',
          price: 1291.3,
          change: 24.75,
          change_percent: 1.95,
          previous_close: 1266.55,
          day_low: 1262.1,
          day_high: 1300,
          currency: 'INR',
          exchange_time: '2024-11-22T10:29:59Z',
          source: 'yahoo-finance',
          cached: false,
          stale: false,
        },
      ],
      cached: false,
      stale: false,
    });
    expect(yahoo.requests[0].url).toBe('/v8/finance/chart/RELIANCE.NS?interval=1d&range=1d');
    expect(google.requests).toHaveLength(0);
  });

  it('asks Yahoo for the .BO symbol on BSE, several symbols at once, and serves a repeat from the cache', async () => {
    const r = (await t.app.inject('/lab/stocks?symbol=tcs,M%26M&exchange=bse')).json();
    expect(r).toMatchObject({
      exchange: 'BSE',
      count: 2,
      quotes: [
        { symbol: 'TCS', exchange: 'BSE' },
        { symbol: 'M&M', exchange: 'BSE' },
      ],
    });
    expect(yahoo.requests.map((x) => x.path).sort()).toEqual(['/v8/finance/chart/M%26M.BO', '/v8/finance/chart/TCS.BO']);
    const again = (await t.app.inject('/lab/stocks?symbol=TCS&exchange=BSE')).json();
    expect(again).toMatchObject({ cached: true, stale: false, quotes: [{ symbol: 'TCS', cached: true }] });
    expect(yahoo.requests).toHaveLength(2);
  });

  it('fails over to Google Finance when Yahoo answers something that is not a chart', async () => {
    const app = await fresh();
    try {
      yahooMode = 'garbage';
      const r = (await app.app.inject('/lab/stocks?symbol=RELIANCE')).json();
      expect(r.quotes[0]).toEqual({
        symbol: 'RELIANCE',
        exchange: 'NSE',
        price: 1291.3,
        change: 24.75,
        change_percent: 1.95,
        previous_close: 1266.55,
        day_low: 1262.1,
        day_high: 1300,
        currency: 'INR',
        exchange_time: '2024-11-22T10:29:59Z',
        source: 'google-finance',
        cached: false,
        stale: false,
      });
      expect(google.requests[0].url).toBe('/finance/quote/RELIANCE:NSE?hl=en');
    } finally {
      await app.close();
    }
  });

  it('serves an expired copy flagged stale when both sources fail, and 502 naming both when nothing is cached', async () => {
    const app = await fresh();
    try {
      expect((await app.app.inject('/lab/stocks?symbol=INFY')).json().stale).toBe(false);
      // Age the cached entry past its 60 seconds, as the clock would.
      const ns = app.ctx.cache.namespace('stocks', { ttlMs: 60_000, staleMs: 86_400_000 });
      await ns.set('NSE:INFY', (await app.ctx.cache.read('stocks:NSE:INFY'))!.v, -1000);
      yahooMode = 'down';
      googleDown = true;
      const r = await app.app.inject('/lab/stocks?symbol=INFY');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ cached: true, stale: true, quotes: [{ symbol: 'INFY', price: 1291.3, stale: true }] });
      // A symbol of the same ask with nothing cached fails the whole answer.
      expect((await app.app.inject('/lab/stocks?symbol=INFY,WIPRO')).statusCode).toBe(502);
    } finally {
      await app.close();
    }
    const empty = await fresh();
    try {
      const down = await empty.app.inject('/lab/stocks?symbol=INFY');
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/^stocks: every upstream failed \(/) });
      expect(down.json().tried.map((x: { provider: string }) => x.provider)).toEqual(['yahoo-finance', 'google-finance']);
    } finally {
      await empty.close();
    }
  });

  it('answers 404 naming the symbols Yahoo calls unknown, even among known ones', async () => {
    const r = await t.app.inject('/lab/stocks?symbol=RELIANCE,NOPE1,NOPE2');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND', message: 'unknown symbols on NSE: NOPE1, NOPE2', symbols: ['NOPE1', 'NOPE2'] });
  });

  it('refuses every malformed ask with 400 naming the parameter and the rule, asking no source', async () => {
    const bad = async (query: string) => {
      const r = await t.app.inject(`/lab/stocks${query}`);
      expect(r.statusCode, query).toBe(400);
      return r.json();
    };
    expect(await bad('')).toMatchObject({ code: 'INVALID_PARAMETER', param: 'symbol' });
    expect(await bad('?symbol=')).toMatchObject({ param: 'symbol' });
    expect(await bad('?symbol=,,')).toMatchObject({ param: 'symbol', message: 'symbol must name at least one symbol' });
    expect(await bad('?symbol=A,B,C,D,E,F,G,H,I,J,K')).toMatchObject({ param: 'symbol', message: 'symbol may name at most 10 symbols' });
    expect((await bad('?symbol=REL!ANCE')).message).toMatch(/"REL!ANCE" is not a symbol: each must be 1 to 20 of A-Z, 0-9, &, - and \./);
    expect(await bad(`?symbol=${'A'.repeat(21)}`)).toMatchObject({ param: 'symbol' });
    expect(await bad('?symbol=TCS%20LTD')).toMatchObject({ param: 'symbol' });
    expect(await bad('?symbol=TCS&exchange=NYSE')).toMatchObject({ param: 'exchange', valid_values: ['NSE', 'BSE'] });
    expect(yahoo.requests).toHaveLength(0);
    expect(google.requests).toHaveLength(0);
  });

  it('names its sources and their terms in the API description', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    const op = doc.paths['/lab/stocks'].get;
    expect(op.summary).toMatch(/^Experimental/);
    expect(op.description).toMatch(/Yahoo Finance chart API.*terms of service.*Google Finance.*terms of service/);
  });
});
