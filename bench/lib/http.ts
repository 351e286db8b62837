// Shared HTTP benchmark machinery: a raw node:http baseline, the real app listening on
// 127.0.0.1, an autocannon load runner, and a table printed with ratios to the baseline.
// These machines are noisy: only ratios measured in the same run mean much.

import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.js';
import { withService } from '../../src/modules.js';
import { buildApp, type BuildOptions } from '../../src/app.js';

export interface Served {
  url: string;
  /** The serving process, when it is a child: its CPU time is read from /proc. */
  pid?: number;
  close(): Promise<void>;
}

/**
 * CPU time (ns) a process has used, all threads (GC helpers included), from /proc, so a server's
 * cost per request can be read even when another process competes for the cores and req/s alone
 * would mislead. Each live thread's schedstat counts nanoseconds; a thread that has ended (a pool
 * thread of zlib or sharp) takes its count with it, which once made a round's CPU negative, so
 * the process's own utime + stime (which keeps ended threads' time, in clock ticks) is the floor.
 */
export function cpuNs(pid: number): number {
  let sum = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      sum += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return Math.max(sum, processTicksNs(pid));
}

/** utime + stime of the whole process, ended threads included (Linux: 100 ticks a second). */
function processTicksNs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000_000;
  } catch {
    return 0;
  }
}

/** A bare node:http server answering every request with a JSON body of about `bodyBytes`. */
export async function startBaseline(bodyBytes: number): Promise<Served> {
  const pad = Math.max(0, bodyBytes - 30);
  const body = JSON.stringify({ status: 'ok', pad: 'x'.repeat(pad) });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An answer as the app sent it: its body and the headers a handler or hook set. */
export interface SentAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * Fastify with no plugins or hooks: the framework's own floor. Either it serializes a body of
 * about `answer` bytes (as a route with a schema would), or, given an answer the app sent, it
 * sends those same bytes with the same headers from its handler: what Fastify alone costs for
 * exactly that answer, with none of the app's hooks.
 */
export async function startBareFastify(answer: number | SentAnswer): Promise<Served> {
  const app = Fastify();
  if (typeof answer === 'number') {
    const pad = 'x'.repeat(Math.max(0, answer - 30));
    app.get('/*', async () => ({ status: 'ok', pad }));
  } else {
    const bytes = Buffer.from(answer.body);
    app.get('/*', (_req, reply) => reply.headers(answer.headers).send(bytes));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** The real app, listening on 127.0.0.1 with benchmark defaults (quiet logs, no rate limit). */
export async function serveApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<Served & { app: Awaited<ReturnType<typeof buildApp>> }> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', SCHEDULER_ENABLED: 'false', RATE_LIMIT_MAX: '0', ...env });
  const built = await buildApp(config, { ...opts, modules: opts.modules ? withService(opts.modules) : undefined });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  // Measured with every data load done, as a server some seconds after start.
  await built.startLoads();
  const { port } = built.app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app: built, close: () => built.app.close() };
}

/**
 * Which cores the servers and the load generator get: the server being measured has the last
 * core to itself while it is measured (`load` moves it there and back); this process
 * (autocannon), the log readers and the servers waiting for their turn share the others.
 * Left to the scheduler, a server on a two-core machine shared its core with the generator by
 * turns, and its CPU per request swung by up to 2x between rounds of the same process (how
 * many requests each wake-up found waiting depends on who ran last): one app's 3 s rounds gave
 * 77 to 163 µs a request left to the scheduler, 60 to 79 pinned. A dozen idle apps on the
 * measured core (each wakes 100 times a second for under-pressure's event-loop sampler, 7.6 ms
 * of CPU a second) would cost it a tenth of the core: they wait on the other cores.
 * BENCH_PIN=0 turns it off; one core, or no taskset, leaves everything to the scheduler.
 * Done at the first child server, so the benchmarks that serve in process keep every core.
 */
let pins: { server: string; others: string } | undefined | null = null;
function pinsNow(): { server: string; others: string } | undefined {
  if (pins === null) pins = pinThisProcess();
  return pins;
}
function pinThisProcess(): { server: string; others: string } | undefined {
  const cores = availableParallelism();
  if (process.env.BENCH_PIN === '0' || cores < 2) return undefined;
  try {
    execFileSync('taskset', ['-a', '-cp', `0-${cores - 2}`, String(process.pid)], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { server: String(cores - 1), others: `0-${cores - 2}` };
}
const pinned = (cmd: string[]) => {
  const p = pinsNow();
  return p ? ['taskset', '-c', p.others, ...cmd] : cmd;
};
/** Moves a child server (every thread) to the measured core, or back beside the generator. */
function movePinned(pid: number, to: 'server' | 'others'): void {
  if (pins) execFileSync('taskset', ['-a', '-cp', pins[to], String(pid)], { stdio: 'ignore' });
}

/** Runs a measurement of a child server with that server on the measured core. */
export async function onMeasuredCore<T>(pid: number | undefined, run: () => Promise<T>): Promise<T> {
  if (pid === undefined) return run();
  movePinned(pid, 'server');
  try {
    return await run();
  } finally {
    movePinned(pid, 'others');
  }
}

/**
 * Serves the baseline or the app in a child process (its own event loop and core: see
 * `pins`), so the load generator in this process does not steal the server's time.
 */
export async function serveInChild(
  spec:
    | { kind: 'baseline'; bodyBytes: number }
    | { kind: 'fastify'; bodyBytes: number }
    | { kind: 'fastify'; answer: SentAnswer }
    | { kind: 'app'; env?: Record<string, string>; modules?: string[]; postFloor?: boolean; stdoutFile?: string; stdoutReader?: string[] },
): Promise<Served> {
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
  // With stdoutFile, the child's stdout (its log) goes to that file, with no process reading it;
  // with stdoutReader, to a pipe that process of its own reads (as a log shipper would). Either
  // way the child says where it listens on stderr instead.
  const file = 'stdoutFile' in spec && spec.stdoutFile ? openSync(spec.stdoutFile, 'w') : undefined;
  const readerCmd = 'stdoutReader' in spec ? spec.stdoutReader : undefined;
  const readerArgv = readerCmd ? pinned(readerCmd) : undefined;
  const reader = readerArgv ? spawn(readerArgv[0], readerArgv.slice(1), { stdio: ['pipe', 'ignore', 'inherit'] }) : undefined;
  const out = file ?? reader?.stdin;
  const stdio = out === undefined ? (['ignore', 'pipe', 'inherit'] as const) : (['ignore', out, 'pipe'] as const);
  const argv = pinned([tsx, new URL('./child.ts', import.meta.url).pathname, JSON.stringify(spec)]);
  const child = spawn(argv[0], argv.slice(1), {
    stdio: [...stdio],
    env: { ...process.env, ...((spec as { childEnv?: Record<string, string> }).childEnv ?? {}) },
  });
  if (file !== undefined) closeSync(file);
  // The child holds its own end of the reader's pipe; this process's end must not keep it open.
  reader?.stdin?.destroy();
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: (out === undefined ? child.stdout : child.stderr)! });
    // The server may log before it prints where it listens: the address is the line with a url.
    const onLine = (l: string) => {
      if (!l.includes('"url"')) return;
      rl.off('line', onLine);
      resolve(l);
    };
    rl.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, pid } = JSON.parse(line) as { url: string; pid: number };
  return {
    url,
    pid,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          reader?.kill();
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The headers Node or Fastify set themselves on every answer (the rest a handler or hook set). */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * An answer of a served app, as `startBareFastify` can send it again: uncompressed, as the load
 * generator gets it (fetch asks for gzip and Brotli by default, and its headers would then say so).
 */
export async function sentAnswer(url: string): Promise<SentAnswer> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
  });
  return { body: await res.text(), headers };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** Server CPU time per request (µs), when the server's pid was given. */
  cpuUsPerReq?: number;
}

export interface LoadOptions {
  url: string;
  /** Request paths by index, for varying inputs (uncached runs). Default: the URL's own path. */
  paths?: (i: number) => string;
  connections?: number;
  durationS?: number;
  headers?: Record<string, string>;
  /** The server's process: its CPU time per request is measured too. */
  pid?: number;
}

/** Runs autocannon and returns req/s and latency percentiles (ms). */
export async function load(o: LoadOptions): Promise<LoadResult> {
  return onMeasuredCore(o.pid, () => measure(o));
}

async function measure(o: LoadOptions): Promise<LoadResult> {
  let i = 0;
  const base = new URL(o.url);
  const cpu0 = o.pid ? cpuNs(o.pid) : 0;
  const result = await autocannon({
    url: base.origin,
    connections: o.connections ?? 50,
    duration: o.durationS ?? 5,
    headers: o.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: o.paths ? o.paths(i++) : base.pathname + base.search }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    cpuUsPerReq: o.pid && result.requests.total ? (cpuNs(o.pid) - cpu0) / 1000 / result.requests.total : undefined,
  };
}

export interface Row extends LoadResult {
  name: string;
}

/** Prints a table; the first row is the baseline and every ratio is against it. */
export function report(title: string, rows: Row[]): void {
  const base = rows[0];
  console.log(`\n${title}`);
  console.log('| case | req/s | p50 ms | p99 ms | ratio to baseline | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = base.rps > 0 ? (r.rps / base.rps).toFixed(2) : 'n/a';
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.non2xx} | ${r.errors} |`);
  }
}

export interface Case {
  name: string;
  url: string;
  paths?: (i: number) => string;
  /** Name of the case this one's ratio is against (default: the first case). */
  baseline?: string;
  /** The server's process (serveInChild's pid): adds its CPU time per request. */
  pid?: number;
  /** Request headers (an Accept-Encoding, to measure compressed answers). */
  headers?: Record<string, string>;
}

/**
 * The Accept-Encoding of the clients that call us, beside none: a browser, Node's fetch, and
 * curl --compressed as built without Brotli (and Python's requests), which get gzip.
 */
export const CLIENT_ENCODINGS: { name: string; headers: Record<string, string> }[] = [
  { name: 'identity', headers: {} },
  { name: 'browser (gzip, deflate, br, zstd)', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
  { name: 'Node fetch (br, gzip, deflate)', headers: { 'accept-encoding': 'br, gzip, deflate' } },
  { name: 'curl --compressed, no Brotli (deflate, gzip)', headers: { 'accept-encoding': 'deflate, gzip' } },
];

/**
 * Runs the cases in interleaved rounds (baseline first in each) and reports, per case,
 * the median req/s and latencies and the median of its per-round ratios to that round's
 * baseline: slow drift in the machine's load then cancels out instead of favouring
 * whichever case ran in a quiet moment.
 */
export async function interleaved(
  title: string,
  cases: Case[],
  o: { rounds?: number; durationS?: number; connections?: number } = {},
): Promise<(Row & { ratio: number; cpuRatio?: number; perRound: LoadResult[] })[]> {
  const rounds = o.rounds ?? 3;
  const per: LoadResult[][] = cases.map(() => []);
  for (const c of cases) await load({ url: c.url, paths: c.paths, durationS: 1, connections: o.connections, headers: c.headers }); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries())
      per[i].push(await load({ url: c.url, paths: c.paths, durationS: o.durationS ?? 3, connections: o.connections, pid: c.pid, headers: c.headers }));
  }
  const baseIndex = (c: Case) =>
    Math.max(
      0,
      cases.findIndex((b) => b.name === (c.baseline ?? cases[0].name)),
    );
  const med = (xs: number[]) => percentiles(xs).median;
  const rows = cases.map((c, i) => ({
    name: c.name,
    rps: med(per[i].map((x) => x.rps)),
    p50: med(per[i].map((x) => x.p50)),
    p99: med(per[i].map((x) => x.p99)),
    errors: per[i].reduce((a, x) => a + x.errors, 0),
    non2xx: per[i].reduce((a, x) => a + x.non2xx, 0),
    requests: per[i].reduce((a, x) => a + x.requests, 0),
    ratio: med(per[i].map((x, r) => x.rps / per[baseIndex(c)][r].rps)),
    cpuUsPerReq: per[i][0].cpuUsPerReq === undefined ? undefined : med(per[i].map((x) => x.cpuUsPerReq!)),
    // Baseline CPU per request over this case's: the req/s ratio each would reach on a core
    // of its own, which is what a busy two-core machine hides.
    cpuRatio:
      per[i][0].cpuUsPerReq === undefined || per[baseIndex(c)][0].cpuUsPerReq === undefined
        ? undefined
        : med(per[i].map((x, r) => per[baseIndex(c)][r].cpuUsPerReq! / x.cpuUsPerReq!)),
    // Each round's figures, for ratios between two cases of the same round.
    perRound: per[i],
  }));
  console.log(`\n${title} — ${rounds} interleaved rounds of ${o.durationS ?? 3} s; ratio = median of per-round ratios`);
  const cpu = rows.some((r) => r.cpuRatio !== undefined);
  console.log(`| case | req/s (median) | p50 ms | p99 ms | ratio | against | non-2xx | errors |${cpu ? ' server CPU µs/req | CPU ratio |' : ''}`);
  console.log(`|---|---:|---:|---:|---:|---|---:|---:|${cpu ? '---:|---:|' : ''}`);
  for (const [i, r] of rows.entries()) {
    const extra = cpu ? ` ${r.cpuUsPerReq?.toFixed(1) ?? '-'} | ${r.cpuRatio?.toFixed(2) ?? '-'} |` : '';
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ratio.toFixed(2)} | ${cases[i].baseline ?? cases[0].name} | ${r.non2xx} | ${r.errors} |${extra}`,
    );
  }
  if (cpu) console.log("CPU ratio: baseline server CPU per request over the case's (what the req/s ratio would be with a core per server); read from /proc.");
  return rows;
}

/** Median and a percentile of a list of numbers (ms). */
export function percentiles(xs: number[], p = 0.99): { median: number; p: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p: at(p) };
}
