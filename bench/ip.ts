// /ip speed: offline lookups per second in process, and /ip requests per second over HTTP
// against a raw node:http server answering a body of the same size (target: ratio >= 0.6).
// Addresses vary per request (a fixed pseudo-random sequence of public IPv4 and IPv6), so
// neither the cache nor a hot path for one address flatters the figures.
// Run: npm run bench:ip  (about 50 s; BENCH_DURATION_S and BENCH_ROUNDS change the HTTP runs).

import { openGeoDb } from '../src/modules/ip/service.js';
import { parseIp, reservedReason } from '../src/modules/ip/address.js';
import { interleaved, serveInChild, type Case } from './lib/http.js';

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
  // Each server in its own process, so the load generator here does not share their event loop.
  const app = await serveInChild({ kind: 'app', modules: ['ip'] });
  await fetch(`${app.url}/ip?ip=8.8.8.8`); // the data is open once this answers
  const sample = await (await fetch(`${app.url}/ip?ip=${ips[0]}`)).text();
  const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(sample) });
  // The same path function for the baseline and the varied case, so the load generator does
  // the same work whoever answers.
  const varied = (i: number) => `/ip?ip=${encodeURIComponent(ips[i % ips.length])}`;
  const base = `raw node:http, ${Buffer.byteLength(sample)} B body`;
  const cases: Case[] = [
    { name: base, url: baseline.url, paths: varied, pid: baseline.pid },
    { name: '/ip, varied addresses', url: app.url, paths: varied, pid: app.pid },
    { name: '/ip?ip=8.8.8.8 (one address)', url: `${app.url}/ip?ip=8.8.8.8`, pid: app.pid },
    // The same app's own 404: the per-request floor of the framework and the global hooks.
    { name: 'same app, unknown path (404 floor)', url: `${app.url}/no-such-path`, pid: app.pid },
  ];
  try {
    await interleaved(`/ip over HTTP (autocannon, 20 connections; target ratio >= 0.6)`, cases, { rounds: ROUNDS, durationS: DURATION_S, connections: 20 });
  } finally {
    await baseline.close();
    await app.close();
  }
}

const ips = addresses(50_000);
await inProcess(ips);
await overHttp(ips);
