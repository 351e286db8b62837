// npm run bench:browser — screenshots of a local page with the guarded browser pool
// (src/lib/browser), in one run: shots per second and p50/p99 per shot with the browser launched
// by the pool (local) and in a browser tier on this machine, a Playwright browser server
// (`npm run browser-server`, in a process of its own) and a DevTools endpoint (Chromium with
// --remote-debugging-port), at 1 and 2 contexts, against a baseline of bare Playwright on the
// same Chromium (a new context per shot, no proxy). The cases take turns in rounds, so a machine
// busy with other work weighs on each alike. Then the memory of an instance (dist/server.js)
// after 20 /screenshot answers: with its own browser, and with the browser in the tier.
// Needs Chromium: BROWSER_PATH or /usr/bin/chromium. Options: --shots=N (default 100), --rounds=N (4).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BrowserPool, type BrowserPoolOptions, browserTierArgs } from '../src/lib/browser/index.js';
import { ROOT, offlineUpstreams, startServer } from '../test/helpers/server-process.js';

const BROWSER = process.env.BROWSER_PATH || '/usr/bin/chromium';
const arg = (name: string, dflt: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const SHOTS = arg('shots', 100);
const ROUNDS = arg('rounds', 4);
const VIEWPORT = { width: 1280, height: 800 };
const INSTANCE_SHOTS = 20;

// A page of the usual kind: styled text, a few blocks, a small script.
const PAGE = `<!doctype html><html><head><title>bench</title><style>
body{font:16px/1.5 sans-serif;margin:0;padding:2rem;background:#fafafa;color:#222}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002;padding:1rem;margin:1rem 0}
h1{color:#2a5}</style></head><body><h1>Benchmark page</h1>
${Array.from({ length: 12 }, (_, i) => `<div class="card"><h2>Section ${i + 1}</h2><p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}</p></div>`).join('')}
<script>document.title = 'ready ' + Date.now()</script></body></html>`;

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(PAGE);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const mb = (b: number | undefined) => (b === undefined ? 'n/a' : `${Math.round(b / 1048576)} MB`);

/**
 * Resident memory of a process (RSS) or, with `tree`, of it and all its descendants: then their
 * proportional set size (PSS), which counts a page shared by several of them (Chromium's
 * processes share much) once in all rather than once per process. Linux /proc.
 */
function rss(pid: number, tree = false): number {
  const kb = (p: number) =>
    tree
      ? Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
      : Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  if (!tree) return kb(pid) * 1024;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/<pid>/stat, after the parenthesised command (which may hold spaces).
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (p: number) => {
    try {
      total += kb(p) * 1024;
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return total;
}

/** A process started here that prints a line matching `ready` once it serves; resolves with the match. */
async function startChild(cmd: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(cmd[0], cmd.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    const look = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`${cmd.join(' ')} exited (${code}): ${out.slice(-400)}`)));
  });
  return { child, match };
}

/** The project's browser tier (`npm run browser-server`) in a process of its own, on a free port. */
const startTier = () =>
  startChild(
    [process.execPath, '--import', 'tsx', 'src/browser-server.ts', '--listen', '127.0.0.1:0', '--proxy-hosts', '127.0.0.1'],
    /browser tier on (ws:\/\/\S+)/,
  );

/** A Chromium serving the DevTools protocol, started with the switches the README gives a tier. */
async function startCdp() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cdp-'));
  const { child, match } = await startChild(
    [BROWSER, ...browserTierArgs(['127.0.0.1']), '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'],
    /DevTools listening on (ws:\/\/\S+)/,
  );
  return { child, url: `http://${new URL(match[1]).host}`, dir };
}

interface Case {
  name: string;
  concurrency: number;
  shoot(i: number): Promise<unknown>;
  times: number[];
  ms: number;
  done: number;
}

/** Runs `shots` calls of the case's shot, `concurrency` at a time, adding to its times. */
async function run(c: Case, shots: number, offset: number) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: c.concurrency }, async () => {
      while (next < shots) {
        const i = offset + next++;
        const t = performance.now();
        await c.shoot(i);
        c.times.push(performance.now() - t);
      }
    }),
  );
  c.ms += performance.now() - start;
  c.done += shots;
}

console.log(`Screenshots (png ${VIEWPORT.width}×${VIEWPORT.height}) of a local page, ${SHOTS} shots per case in ${ROUNDS} rounds, Chromium at ${BROWSER}`);
const tier = await startTier();
const cdp = await startCdp();
const bare = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox', '--disable-gpu', '--headless'], chromiumSandbox: false });
const where: [string, Pick<BrowserPoolOptions, 'executablePath' | 'remote'>][] = [
  ['local (launched by the pool)', { executablePath: BROWSER }],
  ['remote: Playwright server', { executablePath: BROWSER, remote: { kind: 'playwright', wsEndpoint: tier.match[1] } }],
  ['remote: CDP endpoint', { executablePath: BROWSER, remote: { kind: 'cdp', url: cdp.url } }],
];
const pools: BrowserPool[] = [];
const cases: Case[] = [
  {
    name: 'baseline: bare Playwright, new context per shot, no proxy',
    concurrency: 1,
    async shoot(i) {
      const ctx = await bare.newContext({ viewport: VIEWPORT });
      const page = await ctx.newPage();
      await page.goto(`${base}?b=${i}`, { waitUntil: 'load' });
      await page.screenshot({ type: 'png' });
      await ctx.close();
    },
    times: [],
    ms: 0,
    done: 0,
  },
];
for (const [name, at] of where) {
  for (const contexts of [1, 2]) {
    const pool = new BrowserPool({ ...at, contexts, timeoutMs: 30_000, allowHosts: ['127.0.0.1'] });
    pools.push(pool);
    const tag = `${pools.length}`;
    cases.push({
      name: `pool, ${name}, ${contexts} context${contexts > 1 ? 's' : ''}`,
      concurrency: contexts,
      shoot: (i) => pool.screenshot(new URL(`${base}?p=${tag}&i=${i}`), { format: 'png', viewport: VIEWPORT }),
      times: [],
      ms: 0,
      done: 0,
    });
  }
}
// Launch and connect outside the timings.
for (const c of cases) await c.shoot(-1);
const per = Math.ceil(SHOTS / ROUNDS);
for (let r = 0; r < ROUNDS; r++) for (const c of cases) await run(c, per, r * per);

const baseline = cases[0].done / (cases[0].ms / 1000);
console.log('| case | shots/s | p50 ms | p99 ms | ratio to baseline (shots/s) |\n|---|---:|---:|---:|---:|');
for (const c of cases) {
  const perSecond = c.done / (c.ms / 1000);
  console.log(
    `| ${c.name} | ${perSecond.toFixed(2)} | ${pct(c.times, 50).toFixed(0)} | ${pct(c.times, 99).toFixed(0)} | ${(perSecond / baseline).toFixed(2)} |`,
  );
}
console.log(
  `browser RSS after the runs (its processes' RSS summed): launched by the pool (2 contexts) ${mb(await pools[1].memoryBytes())}; the Playwright tier process with its Chromium, PSS: ${mb(rss(tier.child.pid!, true))}`,
);
for (const p of pools) await p.close();
await bare.close();
cdp.child.kill('SIGKILL');
rmSync(cdp.dir, { recursive: true, force: true });

// --- an instance's memory, its browser launched or in the tier ---
execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
async function instance(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-instance-'));
  const s = startServer({ ...offlineUpstreams(), DATABASE_URL: `sqlite:${dir}/j.db`, SCHEDULER_ENABLED: 'false', FETCH_ALLOW_HOSTS: '127.0.0.1', ...env }, [
    process.execPath,
    'dist/server.js',
  ]);
  try {
    await s.ready();
    // Its data loads (IP ranges, …) end after it listens: measured once they have, so the
    // difference below is the browser's.
    for (let loading = ['?']; loading.length; await new Promise((r) => setTimeout(r, 200))) {
      loading = await fetch(`${s.base}/health/ready`).then((r) => r.json().then((b: { loading: string[] }) => b.loading));
    }
    const idle = rss(s.child.pid!);
    for (let i = 0; i < INSTANCE_SHOTS; i++) {
      const res = await fetch(`${s.base}/screenshot?url=${encodeURIComponent(`${base}?m=${label}&i=${i}`)}`);
      if (res.status !== 200) throw new Error(`${label}: /screenshot answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    return { idle, self: rss(s.child.pid!), tree: rss(s.child.pid!, true) };
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
const local = await instance('local', { BROWSER_PATH: BROWSER });
const remote = await instance('remote', { BROWSER_PATH: '/nonexistent/chromium', BROWSER_WS_ENDPOINT: tier.match[1] });
console.log(`\nInstance (dist/server.js) RSS after ${INSTANCE_SHOTS} /screenshot answers:`);
console.log('| instance | RSS loaded, before the shots | RSS after | PSS after, with its child processes |\n|---|---:|---:|---:|');
console.log(`| browser launched by the instance | ${mb(local.idle)} | ${mb(local.self)} | ${mb(local.tree)} |`);
console.log(`| browser in the tier (BROWSER_WS_ENDPOINT) | ${mb(remote.idle)} | ${mb(remote.self)} | ${mb(remote.tree)} |`);
console.log(`the tier process with its Chromium, PSS: ${mb(rss(tier.child.pid!, true))}`);
tier.child.kill('SIGTERM');
server.close();
