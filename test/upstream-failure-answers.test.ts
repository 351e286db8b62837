// What a caller sees when an upstream fails: the host that failed (not the provider id), the
// reason in words, a hint naming the next step and the setting that points elsewhere, and a
// Retry-After from the failover's suspension. Upstreams are a refused port and fakes on 127.0.0.1.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { errorText } from '../src/mcp/result.js';

// Port 9 (discard) is closed on a test machine: a connection is refused at once.
const REFUSED = 'http://127.0.0.1:9';

describe('upstream failure answers', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let down: FakeUpstream;

  beforeAll(async () => {
    down = await fakeUpstream(() => ({ status: 503, body: 'maintenance', headers: { 'retry-after': '120' } }));
    t = await testApp({ OPEN_METEO_URL: REFUSED, AQI_OPEN_METEO_URL: down.url, AQI_WAQI_URL: REFUSED });
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
  });

  it('names the host that could not be reached, the setting that moves it, and when to retry', async () => {
    const res = await t.app.inject({ url: '/weather?city=delhi' });
    expect(res.statusCode).toBe(502);
    const body = res.json();
    expect(body.message).toContain('127.0.0.1:9 could not be reached (ECONNREFUSED)');
    expect(body.message).not.toMatch(/^open-meteo could not/);
    expect(body.tried).toEqual([
      { provider: 'open-meteo', host: '127.0.0.1:9', reason: 'network', message: '127.0.0.1:9 could not be reached (ECONNREFUSED)' },
    ]);
    expect(body.hint).toContain('check that this machine can reach 127.0.0.1:9');
    expect(body.hint).toContain('set OPEN_METEO_URL to use another host');
    // The provider is now suspended for its back-off (30 s for a network failure): the answer says so.
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(30);
  });

  it('says a provider that is rested after failing is asked again when Retry-After says', async () => {
    const res = await t.app.inject({ url: '/weather?city=delhi' });
    expect(res.statusCode).toBe(502);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.json().tried[0].host).toBe('127.0.0.1:9');
  });

  it('passes on the Retry-After an upstream sent, and says the host is failing on its side', async () => {
    const res = await t.app.inject({ url: '/aqi?city=delhi' });
    expect([502, 504]).toContain(res.statusCode);
    const body = res.json();
    const host = new URL(down.url).host;
    expect(body.tried).toEqual(expect.arrayContaining([expect.objectContaining({ host, reason: 'unavailable', message: `${host} answered HTTP 503` })]));
    expect(body.hint).toContain(`${host} is failing on its side`);
    // The upstream asked for 120 s; the refused WAQI host is rested 30 s: the sooner one is asked again first.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('keeps the tried list and the hint in the text an MCP client reads', async () => {
    const res = await t.app.inject({ url: '/weather?city=delhi' });
    const text = errorText(res.json());
    expect(text).toContain('tried: open-meteo (127.0.0.1:9): 127.0.0.1:9 could not be reached (ECONNREFUSED)');
    expect(text).toContain('hint: check that this machine can reach 127.0.0.1:9');
  });
});

describe('crypto prices offline, before the coin list loads', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ CRYPTO_COINGECKO_URL: REFUSED, CRYPTO_COINPAPRIKA_URL: REFUSED });
  });
  afterAll(() => t?.close());

  it('reports CoinPaprika as not asked (it needs symbols from the coin list), never "not_found"', async () => {
    const res = await t.app.inject({ url: '/crypto?coin=bitcoin' });
    expect(res.statusCode).toBe(502);
    const tried = res.json().tried as { provider: string; reason: string; message: string }[];
    expect(tried.find((x) => x.provider === 'coingecko')).toMatchObject({ host: '127.0.0.1:9', reason: 'network' });
    const paprika = tried.find((x) => x.provider === 'coinpaprika');
    expect(paprika?.reason).not.toBe('not_found');
    expect(paprika?.message).toMatch(/not asked: .*coin list \(not loaded yet\)/);
    expect(res.json().hint).toContain('set CRYPTO_COINGECKO_URL to use another host');
  });
});
