// Memory of an instance under a burst of large PNG charts (issue 42, finding 5): the app (astro
// only) in a child process, then N distinct /astro/chart?format=png&size=2400 requests sent at
// once (each a different birth, so nothing is answered from a cache). The server's resident
// memory is read from /proc: before the burst (after one warm-up chart), its peak during the
// burst (VmHWM, the kernel's own high-water mark, so no sample can miss it), and a few seconds
// after (settled). Answers are counted by status: with the rasteriser's queue full, the rest are
// 503 with Retry-After, which is the point. Target: peak RSS under 1 GB at 1,200 charts.
//
//   npx tsx bench/raster.ts [count=1200] [size=2400]
// Environment settings of the child (RASTER_CONCURRENCY, RASTER_QUEUE_MAX, …) pass through
// BENCH_ENV as JSON: BENCH_ENV='{"RASTER_QUEUE_MAX":"100000"}' npx tsx bench/raster.ts

import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { serveInChild } from './lib/http.js';

const N = Number(process.argv[2] ?? 1200);
const SIZE = Number(process.argv[3] ?? 2400);
const MB = 1024 * 1024;

function memory(pid: number): { rss: number; hwm: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** A distinct birth per index: minutes and days apart, places across India. */
const path = (i: number) =>
  `/astro/chart?format=png&size=${SIZE}&latitude=${(8 + (i % 27)).toFixed(2)}&longitude=${(68 + (i % 29)).toFixed(2)}` +
  `&year=${1950 + (i % 70)}&month=${1 + (i % 12)}&day=${1 + (i % 28)}&hour=${i % 24}&min=${i % 60}&tz=%2B05:30&name=Chart%20${i}`;

const env = { ...(process.env.BENCH_ENV ? (JSON.parse(process.env.BENCH_ENV) as Record<string, string>) : {}) };
const served = await serveInChild({ kind: 'app', modules: ['astro'], env });
const pid = served.pid!;
const agent = new Agent({ connections: N, pipelining: 1 });
try {
  const warm = await request(`${served.url}${path(N + 1)}`, { dispatcher: agent });
  await warm.body.arrayBuffer();
  const before = memory(pid);
  const statuses = new Map<number, number>();
  let bytes = 0;
  let retryAfter = '';
  const began = performance.now();
  let peakSampled = before.rss;
  const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, memory(pid).rss)), 50);
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const res = await request(`${served.url}${path(i)}`, { dispatcher: agent, headersTimeout: 600_000, bodyTimeout: 600_000 });
      const body = Buffer.from(await res.body.arrayBuffer());
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 200) bytes += body.length;
      if (res.statusCode === 503) retryAfter = String(res.headers['retry-after']);
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  const during = memory(pid);
  await new Promise((r) => setTimeout(r, 5000));
  const settled = memory(pid);
  const fmt = (b: number) => `${(b / MB).toFixed(0)} MB`;
  console.log(`${N} PNG charts at ${SIZE} px, sent at once (${seconds.toFixed(1)} s), child env ${JSON.stringify(env)}`);
  console.log(`answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}${retryAfter ? ` (503 Retry-After: ${retryAfter})` : ''}`);
  console.log(`PNG bytes answered: ${fmt(bytes)}`);
  console.log('| RSS before | peak (VmHWM) | peak sampled | at the end | 5 s later |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(`| ${fmt(before.rss)} | ${fmt(during.hwm)} | ${fmt(peakSampled)} | ${fmt(during.rss)} | ${fmt(settled.rss)} |`);
} finally {
  await agent.close();
  await served.close();
}
