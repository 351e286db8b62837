// One POST /mcp carrying a JSON-RPC batch of 100 heavy tool calls (issue 42, finding 4): a year of
// festivals each, distinct years at latitude 61.5 so that none comes from the cache, against the
// app (astro only) in a child process. While the batch runs, GET /health/live is asked every 50 ms
// on a connection of its own; the longest wait for its answer is how long the server stood still
// for everyone else. Printed: the POST's time and bytes, the calls answered and refused (by
// budget), the longest /health/live wait, and the server's RSS before and after.
//
//   npx tsx bench/mcp-batch.ts [calls=100]
// BENCH_ENV='{"MCP_BATCH_TIME_MS":"600000"}' passes settings to the child.

import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { serveInChild } from './lib/http.js';

const N = Number(process.argv[2] ?? 100);
const MB = 1024 * 1024;
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const env = process.env.BENCH_ENV ? (JSON.parse(process.env.BENCH_ENV) as Record<string, string>) : {};
const served = await serveInChild({ kind: 'app', modules: ['astro'], env });
const pid = served.pid!;
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const batch = Array.from({ length: N }, (_, i) => ({
  jsonrpc: '2.0',
  id: i,
  method: 'tools/call',
  params: { name: 'panchang_festivals', arguments: { latitude: 61.5, longitude: 24.9, year: 1901 + i } },
}));
const probeAgent = new Agent({ connections: 1 });
try {
  // Warm: the tool list is built on the first POST, the ephemeris opened on the first call.
  await (
    await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...batch[0], params: { ...batch[0]!.params, arguments: { latitude: 61.5, longitude: 24.9, year: 1900 } } }),
    })
  ).text();
  await (await request(`${served.url}/health/live`, { dispatcher: probeAgent })).body.text();
  const before = rss(pid);
  let longest = 0;
  let probes = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await (await request(`${served.url}/health/live`, { dispatcher: probeAgent })).body.text();
      longest = Math.max(longest, performance.now() - t0);
      probes++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${served.url}/mcp`, { method: 'POST', headers: { ...headers, 'accept-encoding': 'identity' }, body: JSON.stringify(batch) });
  const text = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await probe;
  const after = rss(pid);
  const answers = JSON.parse(text) as { result?: unknown; error?: { data?: { budget?: string } } }[];
  const refused = new Map<string, number>();
  for (const a of answers) if (a.error) refused.set(a.error.data?.budget ?? 'other', (refused.get(a.error.data?.budget ?? 'other') ?? 0) + 1);
  console.log(`POST /mcp, a batch of ${N} panchang_festivals calls (latitude 61.5, distinct years), child env ${JSON.stringify(env)}`);
  console.log('| time | bytes | answered | refused | longest /health/live wait | probes | RSS before | RSS after |');
  console.log('|---:|---:|---:|---|---:|---:|---:|---:|');
  console.log(
    `| ${seconds.toFixed(1)} s | ${(Buffer.byteLength(text) / MB).toFixed(1)} MB | ${answers.filter((a) => a.result).length} | ${[...refused].map(([k, v]) => `${v} (${k})`).join(', ') || '0'} | ${longest.toFixed(0)} ms | ${probes} | ${(before / MB).toFixed(0)} MB | ${(after / MB).toFixed(0)} MB |`,
  );
} finally {
  await probeAgent.close();
  await served.close();
}
