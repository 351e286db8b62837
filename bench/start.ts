// npm run bench:start — how soon a new process answers, on a quiet host and on a busy one
// (every core spinning and the disk writing, test/helpers/busy.ts). Timed from spawn, in turns,
// in the same run, median of ROUNDS (5):
//   floor            a bare node:http server (what Node itself costs to start and answer)
//   /health/live     the compiled server (dist/server.js): cold (no compile cache: the first
//                    start after a build or a new Node) and warm (the cache a start before left)
//   ip-data loaded   the same server, warm, to the end of its largest data load (/health/ready)
//   mcp initialize   `npm run mcp`'s process (dist/mcp-stdio.js) to its answer to initialize
// The ratios to the floor are what to compare between runs; the milliseconds depend on the host.
// CPU rows: the server's own CPU time (user + system) until it answered /health/live, which
// other work on the host changes less than the wall clock (the ratio column means little there).
// START_BEFORE=<dir> adds /health/live for another build's entry (a copy of an older dist/ inside
// this repository, so that its packages resolve), for before/after figures from one run.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyHost } from '../test/helpers/busy.js';
import { freePort, offlineUpstreams, ROOT } from '../test/helpers/server-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const BEFORE = process.env.START_BEFORE;
const DIST = join(ROOT, 'dist');

async function poll(url: string, ok: (status: number, body: string) => boolean): Promise<void> {
  for (;;) {
    const [s, b] = await fetch(url).then(
      async (r) => [r.status, await r.text()] as const,
      () => [0, ''] as const,
    );
    if (ok(s, b)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function floor(): Promise<number> {
  const port = freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(${port}, '127.0.0.1')`], {
    stdio: 'ignore',
  });
  await poll(`http://127.0.0.1:${port}/`, (s) => s === 200);
  const ms = performance.now() - t0;
  child.kill('SIGKILL');
  return ms;
}

/** The environment of a server started offline on a database of its own. */
function serverEnv(dir: string, port = 0): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    ...offlineUpstreams(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dir}/j.db`,
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
  };
}

/** Without the compile cache this build's last start left: as after a build or a Node upgrade. */
const CACHE = join(DIST, '.compile-cache');
const coldCache = () => rmSync(CACHE, { recursive: true, force: true });

/**
 * Waits for a started process to write its compile cache (core/compile-cache.ts: a few seconds
 * after it answers), to the last file: the count of files no longer growing for a second.
 */
async function untilCacheWritten(): Promise<void> {
  const count = () => (existsSync(CACHE) ? readdirSync(CACHE, { recursive: true }).length : 0);
  let last = -1;
  let still = 0;
  for (let i = 0; i < 600 && still < 10; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const n = count();
    still = n > 2 && n === last ? still + 1 : 0;
    last = n;
  }
}

/**
 * CPU time (user + system) a process has used so far, in ms (Linux: /proc; NaN elsewhere): on a
 * host shared with other work, steadier than the wall clock.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function server(entry: string, until: 'live' | 'loaded' | 'cached'): Promise<{ live: number; cpu: number; loaded: number }> {
  const port = freePort();
  const dir = mkdtempSync(join(tmpdir(), 'jankari-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: serverEnv(dir, port), stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await poll(`${base}/health/live`, (s) => s === 200);
  const live = performance.now() - t0;
  const cpu = cpuMs(child.pid);
  if (until === 'cached') await untilCacheWritten();
  if (until === 'loaded') await poll(`${base}/health/ready`, (s, b) => s === 200 && !JSON.parse(b).loading.includes('ip-data'));
  const loaded = performance.now() - t0;
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return { live, cpu, loaded };
}

/** `npm run mcp`'s process, from spawn to its answer to the client's first message. */
async function mcp(entry: string, thenCache = false): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'jankari-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: serverEnv(dir), stdio: ['pipe', 'pipe', 'ignore'] });
  const answered = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"id":1')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`mcp exited (${code}) before answering initialize`)));
  });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  };
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  await answered;
  const ms = performance.now() - t0;
  if (thenCache) await untilCacheWritten();
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label: string): Promise<void> {
  const rows: Record<string, number[]> = {};
  const add = (name: string, ms: number) => {
    (rows[name] ??= []).push(ms);
    process.stderr.write(`  ${name}: ${Math.round(ms)} ms\n`);
  };
  const load = loadavg();
  for (let i = 0; i < ROUNDS; i++) {
    add('floor: bare node:http', await floor());
    if (BEFORE) {
      const before = await server(join(BEFORE, 'server.js'), 'live');
      add('before: /health/live', before.live);
      add('before: CPU to live', before.cpu);
    }
    coldCache();
    const cold = await server('dist/server.js', 'cached');
    add('/health/live, cold cache', cold.live);
    add('CPU to live, cold cache', cold.cpu);
    const warm = await server('dist/server.js', 'loaded');
    add('/health/live, warm cache', warm.live);
    add('CPU to live, warm cache', warm.cpu);
    add('ip-data loaded, warm', warm.loaded);
    coldCache();
    add('mcp initialize, cold cache', await mcp('dist/mcp-stdio.js', true));
    add('mcp initialize, warm cache', await mcp('dist/mcp-stdio.js'));
    if (BEFORE) add('before: mcp initialize', await mcp(join(BEFORE, 'mcp-stdio.js')));
  }
  const fl = median(rows['floor: bare node:http']);
  const after = loadavg();
  console.log(
    `${label} (median of ${ROUNDS}; load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${after.map((x) => x.toFixed(2)).join(' ')} after)`,
  );
  for (const [name, xs] of Object.entries(rows)) {
    console.log(
      `  ${name.padEnd(28)} ${String(Math.round(median(xs))).padStart(7)} ms   ${(median(xs) / fl).toFixed(1).padStart(6)}× floor   (${xs.map((x) => Math.round(x)).join(', ')})`,
    );
  }
}

execFileSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
await measure('quiet host');
const busy = busyHost();
try {
  await measure('busy host: every core spinning, the disk writing');
} finally {
  await busy.stop();
}
