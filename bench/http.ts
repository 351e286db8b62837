// npm run bench — the foundation's HTTP overhead: raw node:http servers (baselines) answering
// JSON bodies the size of each measured response, then /health, then /numerology with a
// different name/dob on every request (nothing cacheable), each against the baseline of its
// own body size; both again with METRICS_ENABLED=false, to show what counting costs; then what
// the request log line costs: /numerology at LOG_LEVEL=info (the default) against the same
// processes switched to warn.
// Two references, not targets: bare Fastify serializing a body of /health's size, and bare
// Fastify sending /health's own bytes and headers from its handler (Fastify's floor for that answer).
// Each server runs in its own process, on a core of its own while it is measured
// (bench/lib/http.ts); cases are interleaved over rounds.
// Flags: --rounds=N (default 5), --seconds=N per case (3).

import { CLIENT_ENCODINGS, interleaved, load, percentiles, sentAnswer, serveInChild, type Case, type LoadResult, type Served } from './lib/http.js';

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

// At warn, as the issue's overhead targets are set: nothing is written per request.
const app = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn' } });
// The same app without /metrics and its per-request hook: what counting costs.
const noMetrics = await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'warn', METRICS_ENABLED: 'false' } });
// What the request line costs: apps started at info (one line per request, to a pipe that a
// process of its own reads, as docker or journald would), each measured at info and, its level
// switched at run time (bench/lib/child.ts), at warn, in alternating order. Two identically
// started apps differed by up to 18% in CPU per request here (a process's own luck: where V8
// placed and optimised things), more than the line costs; one process against itself cannot
// differ by that. At warn the switched app still runs its request-log hook, which then writes
// nothing: a fraction of a µs that counts against warn, not info.
const LOGGERS = 3;
const loggers: Served[] = [];
for (let k = 0; k < LOGGERS; k++) loggers.push(await serveInChild({ kind: 'app', env: { LOG_LEVEL: 'info' }, stdoutReader: ['cat'] }));
/** An answer's body, refused unless it is a whole JSON object: each baseline is sized by one. */
async function jsonBody(url: string): Promise<string> {
  const r = await fetch(url);
  const body = await r.text();
  try {
    if (r.status !== 200 || typeof JSON.parse(body) !== 'object') throw new Error('not an object');
  } catch {
    // An empty /health once went unnoticed here, and every ratio was measured against a 0-byte baseline.
    throw new Error(`${url} answered ${r.status} with ${Buffer.byteLength(body)} bytes that are not a JSON object: nothing to size a baseline by`);
  }
  return body;
}
const healthBody = await jsonBody(`${app.url}/health`);
const numerologyBody = await jsonBody(app.url + numerologyPath(0));
const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(healthBody) });
const baselineNum = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(numerologyBody) });
// Reference only: what Fastify itself costs on this machine, with no plugin, hook or work.
const bare = await serveInChild({ kind: 'fastify', bodyBytes: Buffer.byteLength(healthBody) });
// Reference only: Fastify alone sending /health's own answer, the same bytes and the same headers
// (request id, nosniff, CORS, ETag, Cache-Control) from its handler: the floor of that answer on
// Fastify, without the app's hooks, its routing table or its health check.
const bareSame = await serveInChild({ kind: 'fastify', answer: await sentAnswer(`${app.url}/health`) });
try {
  const probe = await fetch(app.url + numerologyPath(0));
  if (probe.status !== 200) throw new Error(`/numerology answered ${probe.status}`);
  const numBaseline = `baseline node:http, ${Buffer.byteLength(numerologyBody)} B, varying paths`;
  const cases: Case[] = [
    { name: `baseline node:http, ${Buffer.byteLength(healthBody)} B`, url: baseline.url, pid: baseline.pid },
    { name: 'reference: bare fastify, same body', url: bare.url, pid: bare.pid },
    { name: "reference: bare fastify, /health's bytes and headers", url: bareSame.url, pid: bareSame.pid },
    { name: '/health', url: `${app.url}/health`, pid: app.pid },
    // The load generator builds a new request each time for varying paths, which costs it
    // more: the numerology baseline gets the same varying paths, so only the server differs.
    { name: numBaseline, url: baselineNum.url, paths: numerologyPath, pid: baselineNum.pid },
    { name: '/numerology (uncached, varying input)', url: app.url, paths: numerologyPath, pid: app.pid, baseline: numBaseline },
    {
      name: '/health, METRICS_ENABLED=false',
      url: `${noMetrics.url}/health`,
      pid: noMetrics.pid,
      baseline: `baseline node:http, ${Buffer.byteLength(healthBody)} B`,
    },
    { name: '/numerology, METRICS_ENABLED=false', url: noMetrics.url, paths: numerologyPath, pid: noMetrics.pid, baseline: numBaseline },
  ];
  await interleaved('HTTP overhead (50 connections)', cases, { rounds, durationS: seconds });
  console.log('targets: /health >= 0.75, /numerology >= 0.50 of baseline');
  // The same app asked as clients ask (issue 32): kept answers (/health's 5 KB, the 350 KB
  // /openapi.json) go out with the bytes kept per coding, /numerology (1.3 KB, a new answer
  // each time) is compressed on every request. Each against the same answer uncompressed.
  const encCases: Case[] = [];
  for (const [label, url, paths] of [
    ['/health (kept)', `${app.url}/health`, undefined],
    ['/openapi.json (kept)', `${app.url}/openapi.json`, undefined],
    ['/numerology (uncached)', app.url, numerologyPath],
  ] as const) {
    for (const e of CLIENT_ENCODINGS)
      encCases.push({ name: `${label}, ${e.name}`, url, paths, pid: app.pid, headers: e.headers, baseline: `${label}, ${CLIENT_ENCODINGS[0]!.name}` });
  }
  const enc = await interleaved('Compressed answers (50 connections), each against the same answer uncompressed', encCases, { rounds, durationS: seconds });
  console.log(
    `targets: kept answers >= 0.90 of identity with compression accepted; ${enc
      .map((r) => `${r.name} ${r.ratio.toFixed(2)}`)
      .filter((x) => !x.includes(CLIENT_ENCODINGS[0]!.name))
      .join('; ')}`,
  );
  const log = await levelCost(loggers);
  console.log(
    `request log at info, read by its own process (${LOGGERS} processes, each at info and warn in every round, ${log.pairs.length} pairs): ` +
      `${(100 * (log.cpu - 1)).toFixed(0)}% more server CPU per request, ${(100 * (1 - log.rps)).toFixed(0)}% fewer req/s (medians of the pairs' ratios; CPU ratios from ${Math.min(...log.pairs).toFixed(2)} to ${Math.max(...log.pairs).toFixed(2)}) — target: within 15%`,
  );
} finally {
  await baseline.close();
  await baselineNum.close();
  await bare.close();
  await bareSame.close();
  await app.close();
  await noMetrics.close();
  for (const s of loggers) await s.close();
}

/**
 * Each logger measured at both levels in every round, switching between them (SIGUSR2), so the
 * level it is at first alternates from round to round: info then warn, warn then info, ...
 * The ratios info/warn are of the same process, measured back to back.
 */
async function levelCost(servers: Served[]): Promise<{ cpu: number; rps: number; pairs: number[] }> {
  const at = servers.map(() => 'info');
  // The signal is handled on the child's next turn: a moment's pause, so no request of the next
  // measurement is served at the old level.
  const switchLevel = async (s: Served, k: number) => {
    process.kill(s.pid!, 'SIGUSR2');
    at[k] = at[k] === 'info' ? 'warn' : 'info';
    await new Promise((r) => setTimeout(r, 100));
  };
  const pairs: { cpu: number; rps: number }[] = [];
  for (const s of servers) await load({ url: s.url, paths: numerologyPath, durationS: 1 }); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const [k, s] of servers.entries()) {
      const got: Record<string, LoadResult> = {};
      for (let twice = 0; twice < 2; twice++) {
        got[at[k]] = await load({ url: s.url, paths: numerologyPath, durationS: seconds, pid: s.pid });
        await switchLevel(s, k);
      }
      pairs.push({ cpu: got.info.cpuUsPerReq! / got.warn.cpuUsPerReq!, rps: got.info.rps / got.warn.rps });
    }
    // Two switches brought each back to the level it began the round at: one more, so the next
    // round begins at the other.
    for (const [k, s] of servers.entries()) await switchLevel(s, k);
  }
  const med = (xs: number[]) => percentiles(xs).median;
  return { cpu: med(pairs.map((p) => p.cpu)), rps: med(pairs.map((p) => p.rps)), pairs: pairs.map((p) => p.cpu) };
}
