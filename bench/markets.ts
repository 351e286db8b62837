// npm run bench:markets — /forex and /crypto over HTTP against the raw node:http baseline (same
// body size), with Frankfurter and CoinGecko faked on 127.0.0.1 (no internet): answers served
// from the cache, answers that go to the (instant) fake upstream with a different ask on every
// request, and the /crypto 404 path, which looks for close names in the coin list. The app and
// the baseline each run in a child process, so their CPU time per request is read from /proc.
//
// The coin list is synthetic (17,000 made-up coins, the real list's size; the fake CoinGecko
// prices any of them at a made-up number). Suggestions are measured on two lists:
//  - a worst case: every id is "bench-coin-<n>" and the misspelt query "bench-coim-<n>" is within
//    three edits of thousands of them, so no index can rule many out;
//  - a list of varied made-up names (syllables, common words like "Token", "Inu", "Wrapped"),
//    misspelt by one or two letters, closer to what users type. BENCH_COIN_LIST=<file> uses a
//    coins/list document you downloaded instead (not kept in the repository).
// Flags: --rounds=N (default 3), --seconds=N per case (3).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';
import { cryptoModule, COIN_LIST_JOB } from '../src/modules/crypto/index.js';
import { CoinIndex, readCoinList, type CoinEntry } from '../src/modules/crypto/coin-list.js';
import { VS_CURRENCIES } from '../src/modules/crypto/currencies.js';
import { CURRENCY_CODES } from '../src/modules/forex/currencies.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { interleaved, load, serveInChild, type Case } from './lib/http.js';
import { random } from '../test/helpers/random.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 3);
const COINS = 17_000;
const frankfurter = JSON.parse(readFileSync(new URL('../src/modules/forex/fixtures/frankfurter-latest-usd.json', import.meta.url), 'utf8'));
const coins = Array.from({ length: COINS }, (_, i) => ({ id: `bench-coin-${i}`, symbol: `bc${i}`, name: `Bench Coin ${i}` }));
coins.push({ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' });

/** 17,000 made-up coins with names of varied length and shape (BENCHMARK DATA, not real coins). */
function variedCoins(rnd: () => number): CoinEntry[] {
  const syllables = ['ba', 'ko', 'ri', 'zen', 'lu', 'mo', 'xa', 'ter', 'vi', 'qua', 'sol', 'dex', 'na', 'pi', 'go', 'ra', 'chi', 'fy', 'um', 'el'];
  const words = [
    'Token',
    'Coin',
    'Inu',
    'Finance',
    'Protocol',
    'Network',
    'Swap',
    'DAO',
    'AI',
    'Chain',
    'Cat',
    'Pepe',
    'Doge',
    'Labs',
    'Bridged',
    'Wrapped',
    'Staked',
    'Baby',
  ];
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const out = new Map<string, CoinEntry>();
  while (out.size < COINS) {
    const stem = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(syllables)).join('');
    const parts = [stem[0].toUpperCase() + stem.slice(1)];
    if (rnd() < 0.6) parts.push(pick(words));
    if (rnd() < 0.2) parts.unshift(pick(words));
    const name = parts.join(' ');
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    if (!out.has(id)) out.set(id, { id, symbol: stem.slice(0, 3 + Math.floor(rnd() * 3)), name });
  }
  return [...out.values()];
}

/** A coin's id or name with one or two letters changed, dropped or doubled. */
function misspell(rnd: () => number, c: CoinEntry): string {
  let s = rnd() < 0.5 ? c.id : c.name.toLowerCase();
  for (let e = 0; e < (s.length > 8 && rnd() < 0.5 ? 2 : 1); e++) {
    const at = 1 + Math.floor(rnd() * (s.length - 1));
    const kind = Math.floor(rnd() * 3);
    s = kind === 0 ? s.slice(0, at) + 'q' + s.slice(at + 1) : kind === 1 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + s[at - 1] + s.slice(at);
  }
  return s;
}

/** CPU milliseconds this process spends in fn (the machine is shared: wall time misleads). */
function cpuMs(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/** Mean CPU milliseconds of one suggestion over the queries (after one warm-up pass). */
function suggestMs(index: CoinIndex, queries: string[]): number {
  for (const q of queries) index.suggest(q);
  return cpuMs(() => queries.forEach((q) => index.suggest(q))) / queries.length;
}

// The CPU-only parts of a /crypto ask, in CPU time: building the index once a list loads, one
// lookup, and one suggestion search.
const rnd = random(16);
let index!: CoinIndex;
const buildMs = cpuMs(() => (index = new CoinIndex(coins)));
const resolveUs =
  (cpuMs(() => {
    for (let i = 0; i < 100_000; i++) index.resolve(`bc${i % COINS}`);
  }) *
    1000) /
  100_000;
const worstMs = suggestMs(
  index,
  Array.from({ length: 50 }, (_, i) => `bench-coim-${i * 331}`),
);
const realFile = process.env.BENCH_COIN_LIST;
const varied = realFile ? readCoinList(JSON.parse(readFileSync(realFile, 'utf8'))) : variedCoins(rnd);
let variedIndex!: CoinIndex;
const variedBuildMs = cpuMs(() => (variedIndex = new CoinIndex(varied)));
const variedMs = suggestMs(
  variedIndex,
  Array.from({ length: 200 }, () => misspell(rnd, varied[Math.floor(rnd() * varied.length)])),
);

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

// The coin list is stored once here, in a database file the served app then reads.
const dir = mkdtempSync(join(tmpdir(), 'bench-markets-'));
const env = {
  DATABASE_URL: `sqlite:${join(dir, 'markets.db')}`,
  FOREX_FRANKFURTER_URL: upstream.url,
  CRYPTO_COINGECKO_URL: upstream.url,
  CRYPTO_COINPAPRIKA_URL: 'http://127.0.0.1:1',
  CACHE_MAX_ENTRIES: '1000000',
};
const loader = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SCHEDULER_ENABLED: 'false' }), { modules: [cryptoModule], logLevel: 'silent' });
await loader.app.ready();
await loader.ctx.scheduler.runNow(COIN_LIST_JOB);
await loader.app.close();

const app = await serveInChild({ kind: 'app', env, modules: ['forex', 'crypto'] });
const cryptoPath = '/crypto?coin=btc&vs=inr,usd';
const forexPath = '/forex?base=USD&to=INR,EUR';
const cryptoBody = await (await fetch(app.url + cryptoPath)).text();
const forexBody = await (await fetch(app.url + forexPath)).text();
if (!cryptoBody.includes('"coin_list":{"coins":17001')) throw new Error(`the served app has not loaded the coin list: ${cryptoBody.slice(0, 300)}`);
const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(cryptoBody) });
const baselineForex = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(forexBody) });

// Varying asks keep their own counters, so a later round never repeats an earlier (cached) ask.
const counter = (f: (n: number) => string) => {
  let n = 0;
  return () => f(n++);
};
const day0 = Date.parse('1999-01-04T00:00:00Z');
const targets = CURRENCY_CODES.filter((c) => c !== 'USD');
const pastDay = counter(
  (n) =>
    `/forex?base=USD&to=${targets[n % targets.length]}&date=${new Date(day0 + (Math.floor(n / targets.length) % 9000) * 86_400_000).toISOString().slice(0, 10)}`,
);
const newCoin = counter((n) => `/crypto?coin=bench-coin-${n % COINS}&vs=${VS_CURRENCIES[Math.floor(n / COINS) % VS_CURRENCIES.length]}`);
const unknown = counter((n) => `/crypto?coin=bench-coim-${n}`);
const B = `baseline node:http, ${Buffer.byteLength(cryptoBody)} B`;
const BF = `baseline node:http, ${Buffer.byteLength(forexBody)} B`;
const cached: Case[] = [
  { name: B, url: baseline.url, pid: baseline.pid },
  { name: `${cryptoPath} (cached)`, url: app.url + cryptoPath, pid: app.pid },
  { name: '/lab/crypto?coin=btc&vs=inr,usd (cached)', url: `${app.url}/lab/crypto?coin=btc&vs=inr,usd`, pid: app.pid },
  { name: BF, url: baselineForex.url, pid: baselineForex.pid },
  { name: `${forexPath} (cached)`, url: app.url + forexPath, pid: app.pid, baseline: BF },
  { name: '/lab/forex?base=USD&to=INR,EUR (cached)', url: `${app.url}/lab/forex?base=USD&to=INR,EUR`, pid: app.pid, baseline: BF },
];
// The load generator builds a new request each time for varying paths, which costs it more:
// the baseline gets varying paths too, so only the server differs.
const uncached: Case[] = [
  { name: `${B}, varying paths`, url: baseline.url, paths: newCoin, pid: baseline.pid },
  { name: '/crypto a new coin each time (uncached, fake CoinGecko)', url: app.url, paths: newCoin, pid: app.pid },
  { name: '/forex a past day each time (uncached, fake Frankfurter)', url: app.url, paths: pastDay, pid: app.pid },
];
try {
  console.log(
    `Coin index of ${index.size} synthetic coins: built in ${buildMs.toFixed(1)} ms; one resolve ${resolveUs.toFixed(2)} µs; one suggestion (worst case, mean of 50) ${worstMs.toFixed(2)} ms`,
  );
  console.log(
    `Coin index of ${variedIndex.size} ${realFile ? `coins from ${realFile}` : 'varied made-up coins'}: built in ${variedBuildMs.toFixed(1)} ms; one suggestion for a misspelt id or name (mean of 200) ${variedMs.toFixed(3)} ms`,
  );
  await interleaved(
    `Cached answers (50 connections; bodies ${Buffer.byteLength(cryptoBody)} B and ${Buffer.byteLength(forexBody)} B; target ratio >= 0.5)`,
    cached,
    { rounds, durationS: seconds },
  );
  await interleaved('Uncached answers (50 connections; the fake upstreams answer at once)', uncached, { rounds, durationS: seconds });
  // Apart, with few connections: requests queued behind slow ones would spill into the next case.
  const r = await load({ url: app.url, paths: unknown, durationS: seconds, connections: 4, pid: app.pid });
  console.log(
    `\n/crypto unknown coin (404 with suggestions, worst-case list; 4 connections): ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, server CPU ${r.cpuUsPerReq?.toFixed(0)} µs/req, ${r.non2xx} of ${r.requests} answered 404`,
  );
} finally {
  await baseline.close();
  await baselineForex.close();
  await app.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
}
