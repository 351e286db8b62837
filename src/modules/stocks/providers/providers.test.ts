// The two quote parsers on their fixtures: what each reads, and what each refuses so that
// failover moves on (bad_response) or the service can say a symbol is unknown (not_found).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../../core/upstream/index.js';
import { amount, parseGoogle } from './google.js';
import { parseYahoo, yahoo } from './yahoo.js';

const text = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function answer(body: string, status = 200, type = 'application/json'): UpstreamResponse {
  const buf = Buffer.from(body);
  return {
    status,
    url: 'http://upstream.test/',
    hops: [],
    headers: { 'content-type': type },
    body: buf,
    text: () => buf.toString(),
    json: () => JSON.parse(buf.toString()),
  };
}

const RELIANCE = { symbol: 'RELIANCE', exchange: 'NSE' } as const;
const kindOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as { kind?: string }).kind;
  }
  return 'no error';
};

describe('yahoo chart parser', () => {
  it('reads price, previous close, day range, currency and market time from the chart meta', () => {
    expect(parseYahoo(answer(text('yahoo-chart-reliance-ns.json')), RELIANCE)).toEqual({
      price: 1291.3,
      previous_close: 1266.55,
      day_low: 1262.1,
      day_high: 1300,
      currency: 'INR',
      exchange_time: '2024-11-22T10:29:59Z',
      source: 'yahoo-finance',
    });
  });

  it('takes the previous close from the daily closes, not chartPreviousClose, when a longer range lacks previousClose', () => {
    // chartPreviousClose (1248.4) is the close before the five-day window, not yesterday's.
    expect(parseYahoo(answer(text('yahoo-chart-reliance-ns-5d.json')), RELIANCE)).toMatchObject({ price: 1291.3, previous_close: 1266.55 });
    const hourly = JSON.parse(text('yahoo-chart-reliance-ns-5d.json'));
    hourly.chart.result[0].meta.dataGranularity = '1h';
    expect(parseYahoo(answer(JSON.stringify(hourly)), RELIANCE).previous_close).toBeNull();
  });

  it('asks for one day, the range whose chartPreviousClose is the previous close', () => {
    expect(new URL(yahoo('http://y.test').request(RELIANCE).url).searchParams.get('range')).toBe('1d');
  });

  it('falls back on chartPreviousClose when previousClose is absent from a one-day answer', () => {
    const c = JSON.parse(text('yahoo-chart-reliance-ns.json'));
    delete c.chart.result[0].meta.previousClose;
    c.chart.result[0].meta.chartPreviousClose = 1250;
    expect(parseYahoo(answer(JSON.stringify(c)), RELIANCE).previous_close).toBe(1250);
  });

  it("says not_found for Yahoo's own Not Found, with HTTP 404 or 200", () => {
    expect(kindOf(() => parseYahoo(answer(text('yahoo-chart-not-found.json'), 404), RELIANCE))).toBe('not_found');
    expect(kindOf(() => parseYahoo(answer(text('yahoo-chart-not-found.json'), 200), RELIANCE))).toBe('not_found');
  });

  it('calls a bare 404, a page that is not JSON, a chart without price or for another symbol a bad response', () => {
    expect(kindOf(() => parseYahoo(answer('<html>gone</html>', 404, 'text/html'), RELIANCE))).toBe('bad_response');
    expect(kindOf(() => parseYahoo(answer('<html>hi</html>', 200, 'text/html'), RELIANCE))).toBe('bad_response');
    expect(kindOf(() => parseYahoo(answer('{"chart":{"result":[{"meta":{"symbol":"RELIANCE.NS"}}],"error":null}'), RELIANCE))).toBe('bad_response');
    expect(kindOf(() => parseYahoo(answer(text('yahoo-chart-reliance-ns.json')), { symbol: 'TCS', exchange: 'NSE' }))).toBe('bad_response');
  });

  it('keeps the kind of other statuses (429 rate limited, 5xx unavailable)', () => {
    expect(kindOf(() => parseYahoo(answer('Too Many Requests', 429, 'text/plain'), RELIANCE))).toBe('rate_limited');
    expect(kindOf(() => parseYahoo(answer('oops', 502, 'text/plain'), RELIANCE))).toBe('unavailable');
  });

  it('asks for one day of daily data of the suffixed, encoded symbol', () => {
    expect(yahoo('http://y.test').request({ symbol: 'M&M', exchange: 'BSE' }).url).toBe('http://y.test/v8/finance/chart/M%26M.BO?interval=1d&range=1d');
  });
});

describe('google finance parser', () => {
  it("reads the page's own quote (not the related ones after it) and the key-stats rows by label", () => {
    expect(parseGoogle(answer(text('google-quote-reliance-nse.html'), 200, 'text/html'))).toEqual({
      price: 1291.3,
      previous_close: 1266.55,
      day_low: 1262.1,
      day_high: 1300,
      currency: 'INR',
      exchange_time: '2024-11-22T10:29:59Z',
      source: 'google-finance',
    });
  });

  it('answers null for rows the page lacks rather than guessing', () => {
    const page = text('google-quote-reliance-nse.html').replace(/<div class="eYanAe">[\s\S]*?<section/, '<section');
    expect(parseGoogle(answer(page, 200, 'text/html'))).toMatchObject({ price: 1291.3, previous_close: null, day_low: null, day_high: null });
  });

  it('calls a page without a quote a bad response', () => {
    expect(kindOf(() => parseGoogle(answer(text('google-quote-no-quote.html'), 200, 'text/html')))).toBe('bad_response');
  });

  it('reads amounts written with a currency sign and thousands separators, and nothing else', () => {
    expect(amount('₹1,266.55')).toBe(1266.55);
    expect(amount('$241.84')).toBe(241.84);
    expect(amount('₹ 1,23,456')).toBe(123456);
    expect(amount('-')).toBeNull();
    expect(amount('25.13T INR')).toBeNull();
    expect(amount('-3.5')).toBeNull();
    expect(amount(undefined)).toBeNull();
  });
});
