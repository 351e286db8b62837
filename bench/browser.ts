// npm run bench:browser — screenshots of a local page with the guarded browser pool
// (src/lib/browser): shots per second and p50/p99 per shot with the pool at 1 and 2 contexts,
// against a baseline of bare Playwright on the same Chromium (a new context per shot, no
// proxy), and the browser's resident memory after 10 shots and after 100.
// Needs Chromium: BROWSER_PATH or /usr/bin/chromium. Options: --shots=N (default 100).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { BrowserPool } from '../src/lib/browser/index.js';

const BROWSER = process.env.BROWSER_PATH || '/usr/bin/chromium';
const SHOTS = Number(process.argv.find((a) => a.startsWith('--shots='))?.split('=')[1] ?? 100);
const VIEWPORT = { width: 1280, height: 800 };

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

/** Runs `shots` calls of `one`, `concurrency` at a time; per-shot times and shots per second. */
async function run(shots: number, concurrency: number, one: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < shots) {
        const i = next++;
        const t = performance.now();
        await one(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: shots / ((performance.now() - start) / 1000), p50: pct(times, 50), p99: pct(times, 99) };
}

async function baseline() {
  const browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox', '--disable-gpu', '--headless'], chromiumSandbox: false });
  try {
    const shoot = async (i: number) => {
      const ctx = await browser.newContext({ viewport: VIEWPORT });
      const page = await ctx.newPage();
      await page.goto(`${base}?i=${i}`, { waitUntil: 'load' });
      await page.screenshot({ type: 'png' });
      await ctx.close();
    };
    await shoot(-1);
    return await run(SHOTS, 1, shoot);
  } finally {
    await browser.close();
  }
}

async function pooled(contexts: number) {
  const pool = new BrowserPool({ executablePath: BROWSER, contexts, timeoutMs: 30_000, allowHosts: ['127.0.0.1'] });
  try {
    const shoot = (i: number) => pool.screenshot(new URL(`${base}?c=${contexts}&i=${i}`), { format: 'png', viewport: VIEWPORT });
    await shoot(-1); // launch outside the timings
    const first = await run(10, contexts, shoot);
    const rss10 = await pool.memoryBytes();
    const rest = await run(Math.max(0, SHOTS - 10), contexts, (i) => shoot(i + 10));
    const rss100 = await pool.memoryBytes();
    const all = await run(SHOTS, contexts, (i) => shoot(i + SHOTS));
    return { ...all, rss10, rss100, warm: first.perSecond, rest: rest.perSecond };
  } finally {
    await pool.close();
  }
}

console.log(`Screenshots (png ${VIEWPORT.width}×${VIEWPORT.height}) of a local page, ${SHOTS} shots per case, Chromium at ${BROWSER}`);
const b = await baseline();
const one = await pooled(1);
const two = await pooled(2);
console.log('| case | shots/s | p50 ms | p99 ms | ratio to baseline (shots/s) |\n|---|---:|---:|---:|---:|');
console.log(`| baseline: bare Playwright, new context per shot, no proxy | ${b.perSecond.toFixed(2)} | ${b.p50.toFixed(0)} | ${b.p99.toFixed(0)} | 1.00 |`);
for (const [name, r] of [
  ['pool, 1 context (guarded proxy)', one],
  ['pool, 2 contexts (guarded proxy)', two],
] as const) {
  console.log(`| ${name} | ${r.perSecond.toFixed(2)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${(r.perSecond / b.perSecond).toFixed(2)} |`);
}
console.log(
  `browser RSS (all its processes): 1 context after 10 shots ${mb(one.rss10)}, after ${SHOTS} ${mb(one.rss100)}; 2 contexts after 10 ${mb(two.rss10)}, after ${SHOTS} ${mb(two.rss100)}`,
);
server.close();
