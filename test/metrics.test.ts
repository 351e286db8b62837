// GET /metrics as Prometheus scrapes it: requests by route and status with latency, upstream
// calls by outcome, cache hits and misses by namespace, crawl runs and rows, process defaults;
// off or behind a bearer token when the operator says so.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelModule } from '../src/modules/fuel/index.js';
import { fakeGoodreturns } from '../src/modules/fuel/fixtures/fake-servers.js';
import { weatherModule } from '../src/modules/weather/index.js';
import { numerologyModule } from '../src/modules/numerology/index.js';
import { testApp } from './helpers/app.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';

const meteoAnswer = JSON.parse(
  readFileSync(new URL('../src/modules/weather/fixtures/open-meteo.json', import.meta.url), 'utf8'),
).response_with_all_four_vars_example;

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((w) => inner.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  let meteo: FakeUpstream;
  let goodreturns: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    let calls = 0;
    meteo = await fakeUpstream({ 'GET /v1/forecast': () => (++calls === 1 ? { body: meteoAnswer } : { status: 503, body: 'maintenance' }) });
    goodreturns = await fakeGoodreturns();
    t = await testApp(
      { OPEN_METEO_URL: meteo.url, FUEL_GOODRETURNS_URL: goodreturns.url, FUEL_NDTV_URL: 'http://127.0.0.1:9' },
      { modules: [fuelModule, weatherModule, numerologyModule] },
    );
  });
  afterAll(async () => {
    await t.close();
    await meteo.close();
    await goodreturns.close();
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    await t.app.inject('/numerology?name=Ada%20Lovelace&dob=1815-12-10');
    await t.app.inject('/numerology?name=Ada%20Lovelace&dob=1815-12-10');
    await t.app.inject('/numerology?dob=1815-12-10');
    await t.app.inject('/no/such/path/1');
    await t.app.inject('/no/such/path/2');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = res.body;
    expect(sample(text, 'jankari_http_requests_total', { route: '/numerology', method: 'GET', status: '200' })).toBe(2);
    expect(sample(text, 'jankari_http_requests_total', { route: '/numerology', status: '400' })).toBe(1);
    expect(sample(text, 'jankari_http_requests_total', { route: '(unmatched)', status: '404' })).toBe(2);
    expect(sample(text, 'jankari_http_request_duration_seconds_count', { route: '/numerology', status: '200' })).toBe(2);
    expect(sample(text, 'jankari_http_request_duration_seconds_bucket', { route: '/numerology', status: '200', le: '+Inf' })).toBe(2);
    // Process defaults, the event-loop lag among them.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts upstream calls by outcome and cache reads by namespace', async () => {
    expect((await t.app.inject('/weather?city=delhi')).statusCode).toBe(200);
    expect((await t.app.inject('/weather?city=delhi')).json().cached).toBe(true);
    expect((await t.app.inject('/weather?city=mumbai')).statusCode).toBe(502);
    const text = (await t.app.inject('/metrics')).body;
    const upstream = /jankari_upstream_calls_total\{upstream="([^"]*open-meteo[^"]*)"/i.exec(text)?.[1];
    expect(upstream).toBeDefined();
    expect(sample(text, 'jankari_upstream_calls_total', { upstream: upstream!, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'jankari_upstream_calls_total', { upstream: upstream!, outcome: 'unavailable' })).toBeGreaterThanOrEqual(1);
    const hits = [...text.matchAll(/^jankari_cache_lookups_total\{namespace="([^"]+)",result="hit"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]);
    expect(hits.some(([ns, n]) => String(ns).startsWith('weather') && Number(n) >= 1)).toBe(true);
    expect(text).toMatch(/^jankari_cache_lookups_total\{namespace="weather[^"]*",result="miss"\} [1-9]/m);
    // The same failure as the failover saw it, by group and kind (parse failures show here too).
    expect(text).toMatch(/^jankari_provider_failures_total\{group="[^"]+",provider="[^"]*open-meteo[^"]*",kind="unavailable"\} [1-9]/im);
  });

  it('counts crawl runs and the rows they stored', async () => {
    const out = await t.instance(fuelModule).service.crawl();
    expect(out.stored).toBe(true);
    const text = (await t.app.inject('/metrics')).body;
    expect(sample(text, 'jankari_crawl_runs_total', { group: 'fuel', outcome: 'stored' })).toBe(1);
    expect(sample(text, 'jankari_crawl_rows_stored_total', { group: 'fuel' })).toBe(92);
  });
});

describe('/metrics for public deployments', () => {
  it('is absent when METRICS_ENABLED is false', async () => {
    const t = await testApp({ METRICS_ENABLED: 'false' }, { modules: [] });
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    await t.close();
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    const t = await testApp({ METRICS_TOKEN: 's3cret' }, { modules: [] });
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret' } })).statusCode).toBe(200);
    await t.close();
  });
});
