// npm run bench — the foundation's HTTP overhead: raw node:http servers (baselines) answering
// JSON bodies the size of each measured response, then /health, then /numerology with a
// different name/dob on every request (nothing cacheable), each against the baseline of its
// own body size; both again with METRICS_ENABLED=false, to show what counting costs, and
// /numerology at LOG_LEVEL=info (the default), to show what the request log line costs.
// Each server runs in its own process; cases are interleaved over rounds.
// Flags: --rounds=N (default 5), --seconds=N per case (3).

import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleaved, percentiles, serveInChild, type Case } from './lib/http.js';

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
// The same app logging at info (one line per request, to its stdout): what the default costs,
// against a twin at warn that, like it, serves only this one case. (A process loaded in one slot
// of the round idles longer than one loaded in two, and pays for it when the load comes back, so
// the app that also serves /health is not the comparison.)
const atInfo = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'info' } });
const atWarn = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn' } });
// At info again, its log to a file that no process reads: the server's own cost of a line,
// without a reader waking on the same two cores (here the load generator reads the others).
const logFile = join(tmpdir(), `jankari-bench-${process.pid}.log`);
const atInfoToFile = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'info' }, stdoutFile: logFile });
const healthBody = await (await fetch(`${app.url}/health`)).text();
const numerologyBody = await (await fetch(app.url + numerologyPath(0))).text();
const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(healthBody) });
const baselineNum = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(numerologyBody) });
// Reference only: what Fastify itself costs on this machine, with no plugin, hook or work.
const bare = await serveInChild({ kind: 'fastify', bodyBytes: Buffer.byteLength(healthBody) });
try {
  const probe = await fetch(app.url + numerologyPath(0));
  if (probe.status !== 200) throw new Error(`/numerology answered ${probe.status}`);
  const cases: Case[] = [
    { name: `baseline node:http, ${Buffer.byteLength(healthBody)} B`, url: baseline.url, pid: baseline.pid },
    { name: 'reference: bare fastify, same body', url: bare.url, pid: bare.pid },
    { name: '/health', url: `${app.url}/health`, pid: app.pid },
    // The load generator builds a new request each time for varying paths, which costs it
    // more: the numerology baseline gets the same varying paths, so only the server differs.
    { name: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths`, url: baselineNum.url, paths: numerologyPath, pid: baselineNum.pid },
    { name: '/numerology (uncached, varying input)', url: app.url, paths: numerologyPath, pid: app.pid, baseline: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths` },
    { name: '/health, METRICS_ENABLED=false', url: `${noMetrics.url}/health`, pid: noMetrics.pid, baseline: `baseline node:http, ${Buffer.byteLength(healthBody)} B` },
    { name: '/numerology, METRICS_ENABLED=false', url: noMetrics.url, paths: numerologyPath, pid: noMetrics.pid, baseline: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths` },
    { name: '/numerology, LOG_LEVEL=warn (twin of the next)', url: atWarn.url, paths: numerologyPath, pid: atWarn.pid, baseline: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths` },
    { name: '/numerology, LOG_LEVEL=info', url: atInfo.url, paths: numerologyPath, pid: atInfo.pid, baseline: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths` },
    { name: '/numerology, LOG_LEVEL=info, log to a file', url: atInfoToFile.url, paths: numerologyPath, pid: atInfoToFile.pid, baseline: `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths` },
  ];
  const rows = await interleaved('HTTP overhead (50 connections)', cases, { rounds, durationS: seconds });
  console.log('targets: /health >= 0.75, /numerology >= 0.50 of baseline');
  // What the request line costs: the same app and requests with and without it, compared round
  // by round (the machine's speed drifts between rounds more than the line costs).
  const quiet = rows.find((r) => r.name === '/numerology, LOG_LEVEL=warn (twin of the next)')!;
  const med = (xs: number[]) => percentiles(xs).median;
  for (const [name, sink] of [['/numerology, LOG_LEVEL=info', 'to a pipe the load generator reads'], ['/numerology, LOG_LEVEL=info, log to a file', 'to a file']]) {
    const info = rows.find((r) => r.name === name)!;
    const lessRps = med(info.perRound.map((x, r) => 1 - x.rps / quiet.perRound[r].rps));
    const moreCpu = med(info.perRound.map((x, r) => x.cpuUsPerReq! / quiet.perRound[r].cpuUsPerReq! - 1));
    console.log(`request log at info, ${sink} (median of per-round comparisons with its twin at warn): ${(100 * lessRps).toFixed(0)}% fewer req/s, ${(100 * moreCpu).toFixed(0)}% more server CPU per request — target: within 15%`);
  }
} finally {
  await baseline.close();
  await baselineNum.close();
  await bare.close();
  await app.close();
  await noMetrics.close();
  await atInfo.close();
  await atWarn.close();
  await atInfoToFile.close();
  rmSync(logFile, { force: true });
}
