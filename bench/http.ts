// npm run bench — the foundation's HTTP overhead: raw node:http servers (baselines) answering
// JSON bodies the size of each measured response, then /health, then /numerology with a
// different name/dob on every request (nothing cacheable), each against the baseline of its
// own body size; both again with METRICS_ENABLED=false, to show what counting costs, and
// /numerology at LOG_LEVEL=info (the default) against twins at warn, three of each, to show
// what the request log line costs.
// Each server runs in its own process; cases are interleaved over rounds.
// Flags: --rounds=N (default 5), --seconds=N per case (3).

import { interleaved, percentiles, serveInChild, type Case, type LoadResult, type Served } from './lib/http.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const rounds = arg('rounds', 5);
const seconds = arg('seconds', 3);
const NAMES = ['Asha Rani', 'Rohan Mehta', 'Meera Iyer', 'Vikram Singh', 'Priya Nair', 'Arjun Das', 'Kavya Reddy', 'Sanjay Gupta'];

function numerologyPath(i: number): string {
  const name = encodeURIComponent(`${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}`);
  const d = 1 + (i % 28);
  const m = 1 + (Math.floor(i / 28) % 12);
  const y = 1950 + (Math.floor(i / 336) % 60);
  return `/numerology?name=${name}&dob=${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}&gender=${i % 2 ? 'M' : 'F'}`;
}

// At warn, as the overhead targets are set: nothing is written per request.
const app = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn' } });
// The same app without /metrics and its per-request hook: what counting costs.
const noMetrics = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn', METRICS_ENABLED: 'false' } });
// What the request line costs: apps at info (one line per request, to a pipe that a process of
// its own reads, as docker or journald would) against twins at warn, serving only /numerology.
// Three of each: two identically started apps differed by up to 18% in CPU per request here
// (a process's own luck: where V8 placed and optimised things), more than the line costs, so
// one pair cannot tell; the medians over three processes and all rounds can.
const PAIRS = 3;
const twins: { warn: Served; info: Served }[] = [];
for (let k = 0; k < PAIRS; k++) {
  twins.push({ warn: await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn' } }), info: await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'info' }, stdoutReader: ['cat'] }) });
}
const healthBody = await (await fetch(`${app.url}/health`)).text();
const numerologyBody = await (await fetch(app.url + numerologyPath(0))).text();
const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(healthBody) });
const baselineNum = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(numerologyBody) });
// Reference only: what Fastify itself costs on this machine, with no plugin, hook or work.
const bare = await serveInChild({ kind: 'fastify', bodyBytes: Buffer.byteLength(healthBody) });
try {
  const probe = await fetch(app.url + numerologyPath(0));
  if (probe.status !== 200) throw new Error(`/numerology answered ${probe.status}`);
  const numBaseline = `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths`;
  const cases: Case[] = [
    { name: `baseline node:http, ${Buffer.byteLength(healthBody)} B`, url: baseline.url, pid: baseline.pid },
    { name: 'reference: bare fastify, same body', url: bare.url, pid: bare.pid },
    { name: '/health', url: `${app.url}/health`, pid: app.pid },
    // The load generator builds a new request each time for varying paths, which costs it
    // more: the numerology baseline gets the same varying paths, so only the server differs.
    { name: numBaseline, url: baselineNum.url, paths: numerologyPath, pid: baselineNum.pid },
    { name: '/numerology (uncached, varying input)', url: app.url, paths: numerologyPath, pid: app.pid, baseline: numBaseline },
    { name: '/health, METRICS_ENABLED=false', url: `${noMetrics.url}/health`, pid: noMetrics.pid, baseline: `baseline node:http, ${Buffer.byteLength(healthBody)} B` },
    { name: '/numerology, METRICS_ENABLED=false', url: noMetrics.url, paths: numerologyPath, pid: noMetrics.pid, baseline: numBaseline },
    ...twins.flatMap(({ warn, info }, k) => [
      { name: `/numerology, LOG_LEVEL=warn, twin ${k + 1}`, url: warn.url, paths: numerologyPath, pid: warn.pid, baseline: numBaseline },
      { name: `/numerology, LOG_LEVEL=info, twin ${k + 1}`, url: info.url, paths: numerologyPath, pid: info.pid, baseline: numBaseline },
    ]),
  ];
  const rows = await interleaved('HTTP overhead (50 connections)', cases, { rounds, durationS: seconds });
  console.log('targets: /health >= 0.75, /numerology >= 0.50 of baseline');
  // Every round and twin pooled, per level: the machine's drift between rounds and each
  // process's own luck both spread over the two levels alike.
  const med = (xs: number[]) => percentiles(xs).median;
  const pooled = (level: string, f: (x: LoadResult) => number) => med(rows.filter((r) => r.name.includes(`LOG_LEVEL=${level}, twin`)).flatMap((r) => r.perRound.map(f)));
  const moreCpu = pooled('info', (x) => x.cpuUsPerReq!) / pooled('warn', (x) => x.cpuUsPerReq!) - 1;
  const lessRps = 1 - pooled('info', (x) => x.rps) / pooled('warn', (x) => x.rps);
  const pairs = rows.filter((r) => r.name.includes('LOG_LEVEL=info, twin')).flatMap((info) => {
    const warn = rows.find((r) => r.name === info.name.replace('info', 'warn'))!;
    return info.perRound.map((x, r) => x.cpuUsPerReq! / warn.perRound[r].cpuUsPerReq!);
  });
  console.log(
    `request log at info, read by its own process (${PAIRS} twins a level, medians over every round): ${(100 * moreCpu).toFixed(0)}% more server CPU per request, ${(100 * lessRps).toFixed(0)}% fewer req/s — target: within 15%; ` +
      `one pair in one round: median ${med(pairs).toFixed(2)}, ${pairs.length} comparisons from ${Math.min(...pairs).toFixed(2)} to ${Math.max(...pairs).toFixed(2)}`,
  );
} finally {
  await baseline.close();
  await baselineNum.close();
  await bare.close();
  await app.close();
  await noMetrics.close();
  for (const { warn, info } of twins) {
    await warn.close();
    await info.close();
  }
}
