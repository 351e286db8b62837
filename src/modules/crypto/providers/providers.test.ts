// The source parsers on their fixtures: CoinGecko's simple price and coin list, CoinPaprika's ticker.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamError, UpstreamResponse } from '../../../core/upstream/index.js';
import { parsePrices, priceRequest } from './coingecko.js';
import { parseCoinList } from './coingecko-coin-list.js';
import { paprikaId, parseTicker, tickerRequest } from './coinpaprika.js';

const raw = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const res = (body: string): UpstreamResponse => ({
  status: 200,
  url: 'http://x',
  hops: [],
  headers: {},
  body: Buffer.from(body),
  text: () => body,
  json: <T>() => JSON.parse(body) as T,
});
const btc = { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' };

describe('coingecko simple price parser', () => {
  it('reads price, 24 h change, market cap and the update time per coin and currency', () => {
    const p = parsePrices(res(raw('coingecko-simple-price.json')), { coins: [btc, { id: 'nope', symbol: null, name: null }], vs: ['usd'] });
    expect(p.coins).toEqual({
      bitcoin: {
        quotes: { usd: { price: 67187.3358936566, change_24h_pct: 3.63727894677354, market_cap: 1317802988326.25 } },
        last_updated: '2024-03-25T08:45:00.000Z',
      },
    });
  });

  it('says not_found when none of the coins is in the answer, and bad_response for a non-object', () => {
    expect(() => parsePrices(res('{}'), { coins: [btc], vs: ['inr'] })).toThrow(expect.objectContaining({ kind: 'not_found' }));
    const err = (() => {
      try {
        parsePrices(res('[1,2]'), { coins: [btc], vs: ['inr'] });
      } catch (e) {
        return e as UpstreamError;
      }
    })();
    expect(err?.kind).toBe('bad_response');
  });

  it('asks for the change, market cap and update time, with the demo key only when set', () => {
    const r = priceRequest('http://cg', undefined, { coins: [btc], vs: ['inr', 'usd'] });
    expect(r.url).toBe(
      'http://cg/api/v3/simple/price?ids=bitcoin&vs_currencies=inr%2Cusd&include_24hr_change=true&include_market_cap=true&include_last_updated_at=true',
    );
    expect(r.headers).toEqual({ accept: 'application/json' });
    expect(priceRequest('http://cg', 'k', { coins: [btc], vs: ['inr'] }).headers).toMatchObject({ 'x-cg-demo-api-key': 'k' });
  });
});

describe('coingecko coin list parser', () => {
  it('keeps entries with an id, symbol and name, lower-casing symbols, and drops the broken ones', () => {
    const list = parseCoinList(res(raw('coingecko-coins-list.json')));
    expect(list).toHaveLength(14);
    expect(list[0]).toEqual({ id: '0chain', symbol: 'zcn', name: 'Zus' });
    expect(list.find((c) => c.id === 'Not An Id')).toBeUndefined();
  });

  it('refuses an answer that is not a list', () => {
    expect(() => parseCoinList(res('{"error":"rate limited"}'))).toThrow(expect.objectContaining({ kind: 'bad_response' }));
    expect(() => parseCoinList(res('[]'))).toThrow(/no entry/);
  });
});

describe('coinpaprika ticker parser', () => {
  it('reads the asked quotes of a ticker, percent_change_24h as the 24 h change', () => {
    const p = parseTicker(res(raw('coinpaprika-ticker-btc-bitcoin.json')), btc, ['inr', 'usd']);
    expect(p).toEqual({
      quotes: {
        inr: { price: 5598748.9, change_24h_pct: 3.58, market_cap: 110063252543990 },
        usd: { price: 67154.82, change_24h_pct: 3.61, market_cap: 1320152963180 },
      },
      last_updated: '2024-03-25T08:44:56.000Z',
    });
  });

  it('leaves out a quote the ticker lacks, and refuses a ticker of another symbol (a wrong mapping)', () => {
    const eth = { id: 'ethereum', symbol: 'eth', name: 'Ethereum' };
    expect(parseTicker(res(raw('coinpaprika-ticker-eth-ethereum.json')), eth, ['usd', 'inr'])?.quotes).toEqual({
      usd: { price: 173.00001891, change_24h_pct: 0.92, market_cap: 18938229376 },
    });
    expect(parseTicker(res(raw('coinpaprika-ticker-eth-ethereum.json')), btc, ['usd'])).toBeNull();
    expect(() => parseTicker(res('{"error":"id not found"}'), btc, ['usd'])).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('maps a coin to CoinPaprika ids from its symbol and name, and asks in upper case', () => {
    expect(paprikaId(btc)).toBe('btc-bitcoin');
    expect(paprikaId({ id: 'binancecoin', symbol: 'bnb', name: 'BNB Binance Coin' })).toBe('bnb-bnb-binance-coin');
    expect(paprikaId({ id: 'bitcoin', symbol: null, name: null })).toBeNull();
    expect(tickerRequest('http://cp', 'btc-bitcoin', ['usd', 'inr']).url).toBe('http://cp/v1/tickers/btc-bitcoin?quotes=USD,INR');
  });
});
