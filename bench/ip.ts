// /ip speed: offline lookups per second in process, and /ip requests per second over HTTP
// against a raw node:http server answering a body of the same size (target: ratio >= 0.6).
// Addresses vary per request (a fixed pseudo-random sequence of public IPv4 and IPv6), so
// neither the cache nor a hot path for one address flatters the figures.
// Run: npm run bench:ip  (about 50 s; BENCH_DURATION_S and BENCH_ROUNDS change the HTTP runs).

import { ipModule } from '../src/modules/ip/index.js';
import { openGeoDb } from '../src/modules/ip/service.js';
import { parseIp, reservedReason } from '../src/modules/ip/address.js';
import { load, report, serveApp, startBaseline, type Row } from './lib/http.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A deterministic list of public addresses (xorshift), three IPv4 for each IPv6. */
function addresses(count: number): string[] {
  let x = 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  const out: string[] = [];
  while (out.length < count) {
    const n = next();
    const ip =
      out.length % 4 === 3
        ? `2${(0x400 + (n % 0x200)).toString(16)}:${(next() & 0xffff).toString(16)}:${(next() & 0xffff).toString(16)}::${(next() & 0xffff).toString(16)}`
        : [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const p = parseIp(ip);
    if (p && !reservedReason(p)) out.push(p.text);
  }
  return out;
}

async function inProcess(ips: string[]) {
  const t0 = performance.now();
  const db = await openGeoDb();
  console.log(`offline data opened in ${Math.round(performance.now() - t0)} ms (built ${db.built})`);
  const parsed = ips.map((s) => parseIp(s)!);
  const rows: { name: string; perSec: number }[] = [];
  for (const [name, list] of [
    ['IPv4', parsed.filter((p) => p.version === 4)],
    ['IPv6', parsed.filter((p) => p.version === 6)],
  ] as const) {
    for (let i = 0; i < 20_000; i++) db.lookup(list[i % list.length]); // warm up
    const n = 300_000;
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const p = list[i % list.length];
      if (!reservedReason(p)) db.lookup(p);
    }
    rows.push({ name, perSec: n / ((performance.now() - t) / 1000) });
  }
  console.log('\nIn-process lookups (parse done, reserved check + city + ASN)');
  console.log('| family | lookups/s |');
  console.log('|---|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.perSec).toLocaleString('en')} |`);
}

async function overHttp(ips: string[]) {
  const app = await serveApp({}, { modules: [ipModule] });
  await fetch(`${app.url}/ip?ip=8.8.8.8`); // the data is open once this answers
  const sample = await (await fetch(`${app.url}/ip?ip=${ips[0]}`)).text();
  const baseline = await startBaseline(Buffer.byteLength(sample));
  // The same path function for every case, so the load generator (in this process too) does
  // the same work whoever answers.
  const varied = (i: number) => `/ip?ip=${encodeURIComponent(ips[i % ips.length])}`;
  const fixed = () => '/ip?ip=8.8.8.8';
  const cases = [
    { name: `raw node:http, ${Buffer.byteLength(sample)} B body`, url: baseline.url, paths: varied },
    { name: '/ip, varied addresses', url: app.url, paths: varied },
    { name: '/ip?ip=8.8.8.8 (one address)', url: app.url, paths: fixed },
    // The same app's own 404: the per-request floor of the framework and the global hooks,
    // which no route can beat; it tells how much of the gap is the module's.
    { name: 'same app, unknown path (404 floor)', url: app.url, paths: () => '/no-such-path' },
  ];
  // Interleaved rounds, median per case: these machines are noisy, and a slow spell then hits
  // every case alike instead of one.
  const runs: Row[][] = cases.map(() => []);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, c] of cases.entries()) runs[k].push({ name: c.name, ...(await load({ url: c.url, paths: c.paths, durationS: DURATION_S, connections: 20 })) });
    }
  } finally {
    await baseline.close();
    await app.close();
  }
  const median = (rows: Row[]) => [...rows].sort((a, b) => a.rps - b.rps)[Math.floor(rows.length / 2)];
  report(`/ip over HTTP (autocannon, 20 connections, same process, median of ${ROUNDS} interleaved rounds of ${DURATION_S} s; target ratio >= 0.6)`, runs.map(median));
  console.log(`\nratios per round (varied / baseline): ${runs[1].map((r, i) => (r.rps / runs[0][i].rps).toFixed(2)).join(', ')}`);
}

const ips = addresses(50_000);
await inProcess(ips);
await overHttp(ips);
