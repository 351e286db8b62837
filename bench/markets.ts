// npx tsx bench/markets.ts — /forex and /crypto over HTTP against the raw node:http baseline
// (same body size), with Frankfurter and CoinGecko faked on 127.0.0.1 (no internet): answers
// served from the cache, answers that go to the (instant) fake upstream with a different ask on
// every request, and the /crypto 404 path, which scans the whole coin list for close names.
// The coin list is synthetic (17,000 made-up ids of the real list's size; the fake CoinGecko
// prices any of them at a made-up number): only its size matters to the cost measured here, except
// for the 404 path, where it is a worst case (every id and name has the same length and prefix as
// the misspelt query, so every one reaches the edit-distance check; real ids vary in length).
// --seconds=N per run (default 6).

import { readFileSync } from 'node:fs';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';
import { cryptoModule, COIN_LIST_JOB } from '../src/modules/crypto/index.js';
import { forexModule } from '../src/modules/forex/index.js';
import { CoinIndex } from '../src/modules/crypto/coin-list.js';
import { load, report, serveApp, startBaseline, type Row } from './lib/http.js';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 6);
const COINS = 17_000;
const frankfurter = JSON.parse(readFileSync(new URL('../src/modules/forex/fixtures/frankfurter-latest-usd.json', import.meta.url), 'utf8'));
const coins = Array.from({ length: COINS }, (_, i) => ({ id: `bench-coin-${i}`, symbol: `bc${i}`, name: `Bench Coin ${i}` }));
coins.push({ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' });

// The CPU-only parts of a /crypto ask: building the index once a list loads, and one lookup.
let t = performance.now();
const index = new CoinIndex(coins);
const buildMs = performance.now() - t;
t = performance.now();
for (let i = 0; i < 100_000; i++) index.resolve(`bc${i % COINS}`);
const resolveUs = ((performance.now() - t) * 1000) / 100_000;
t = performance.now();
for (let i = 0; i < 50; i++) index.suggest(`bench-coim-${i}`);
const suggestMs = (performance.now() - t) / 50;

const upstream = await fakeUpstream((req) => {
  if (req.path === '/api/v3/coins/list') return { body: coins };
  if (req.path === '/api/v3/simple/price') {
    const vs = (req.query.get('vs_currencies') ?? 'inr').split(',');
    const body: Record<string, Record<string, number>> = {};
    for (const id of (req.query.get('ids') ?? '').split(',')) {
      body[id] = { last_updated_at: 1711356300 };
      for (const v of vs) Object.assign(body[id], { [v]: 100, [`${v}_market_cap`]: 1e9, [`${v}_24h_change`]: 1.5 });
    }
    return { body };
  }
  const day = /^\/(latest|\d{4}-\d\d-\d\d)$/.exec(req.path);
  if (day) return { body: day[1] === 'latest' ? frankfurter : { ...frankfurter, date: day[1] } };
  return { status: 404, body: { message: 'not found' } };
});
const app = await serveApp(
  { FOREX_FRANKFURTER_URL: upstream.url, CRYPTO_COINGECKO_URL: upstream.url, CRYPTO_COINPAPRIKA_URL: 'http://127.0.0.1:1', CACHE_MAX_ENTRIES: '1000000' },
  { modules: [forexModule, cryptoModule] },
);
await app.app.ctx.scheduler.runNow(COIN_LIST_JOB);
const cryptoBody = await (await fetch(`${app.url}/crypto?coin=btc&vs=inr,usd`)).text();
const forexBody = await (await fetch(`${app.url}/forex?base=USD&to=INR,EUR`)).text();
const baseline = await startBaseline(Buffer.byteLength(cryptoBody));

const day0 = Date.parse('2000-01-03T00:00:00Z');
const days = (i: number) => `/forex?base=USD&to=INR&date=${new Date(day0 + (i % 8000) * 86_400_000).toISOString().slice(0, 10)}`;
const coinAsks = (i: number) => `/crypto?coin=bench-coin-${i % COINS}&vs=inr`;
const unknown = (i: number) => `/crypto?coin=bench-coim-${i}`;
const rows: Row[] = [];
try {
  await load({ url: baseline.url, durationS: 1 });
  await load({ url: `${app.url}/crypto?coin=btc&vs=inr,usd`, durationS: 1 });
  rows.push({ name: 'baseline node:http', ...(await load({ url: baseline.url, durationS: seconds })) });
  rows.push({ name: '/crypto?coin=btc&vs=inr,usd (cached)', ...(await load({ url: `${app.url}/crypto?coin=btc&vs=inr,usd`, durationS: seconds })) });
  rows.push({ name: '/forex?base=USD&to=INR,EUR (cached)', ...(await load({ url: `${app.url}/forex?base=USD&to=INR,EUR`, durationS: seconds })) });
  rows.push({ name: '/crypto a new coin each time (uncached, fake CoinGecko)', ...(await load({ url: app.url, paths: coinAsks, durationS: seconds })) });
  rows.push({ name: '/forex a past day each time (uncached, fake Frankfurter)', ...(await load({ url: app.url, paths: days, durationS: seconds })) });
  rows.push({ name: '/crypto unknown coin (404, suggestions over the list)', ...(await load({ url: app.url, paths: unknown, durationS: seconds })) });
} finally {
  await baseline.close();
  await app.close();
  await upstream.close();
}
console.log(`Coin index of ${index.size} coins: built in ${buildMs.toFixed(1)} ms; one resolve ${resolveUs.toFixed(2)} µs; one suggestion scan ${suggestMs.toFixed(2)} ms`);
report(`/crypto and /forex (${seconds} s each, 50 connections; bodies ${Buffer.byteLength(cryptoBody)} B and ${Buffer.byteLength(forexBody)} B)`, rows);
