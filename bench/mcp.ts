// npm run bench:mcp — what an MCP tool call costs over the same request as a plain GET: one
// app in a child process (numerology only), /numerology with a different name and date on
// every request (nothing cacheable), once as GET /numerology?… and once as a tools/call POST to
// /mcp (stateless: no initialize per call, as a client that already initialized sends it).
// A third case is the floor under the tool call: the same JSON-RPC message POSTed to a
// benchmark-only route that answers the same report with no MCP at all (bench/lib/post-floor.ts),
// so the table separates what the protocol's POST costs from what our MCP layer adds.
// Interleaved rounds; the server's CPU time per request is read from /proc, so the ratio holds
// on a busy machine. Target: an MCP call costs at most 10% more than the HTTP call.
// Flags: --rounds=N (default 5), --seconds=N per case (3), --connections=N (20).

import autocannon from 'autocannon';
import { cpuNs, onMeasuredCore, percentiles, serveInChild } from './lib/http.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const rounds = arg('rounds', 5);
const seconds = arg('seconds', 3);
const connections = arg('connections', 20);
const NAMES = ['Asha Rani', 'Rohan Mehta', 'Meera Iyer', 'Vikram Singh', 'Priya Nair', 'Arjun Das', 'Kavya Reddy', 'Sanjay Gupta'];

/** The i-th input: a name, a date of birth and a gender that vary request by request. */
function input(i: number): { name: string; dob: string; gender: string } {
  const d = 1 + (i % 28);
  const m = 1 + (Math.floor(i / 28) % 12);
  const y = 1950 + (Math.floor(i / 336) % 60);
  return {
    name: `${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}`,
    dob: `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`,
    gender: i % 2 ? 'M' : 'F',
  };
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

type Req = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
const httpReq = (i: number): Req => {
  const x = input(i);
  return { method: 'GET', path: `/numerology?name=${encodeURIComponent(x.name)}&dob=${x.dob}&gender=${x.gender}` };
};
const mcpReq = (i: number): Req => ({
  method: 'POST',
  path: '/mcp',
  headers: MCP_HEADERS,
  body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'numerology', arguments: input(i) } }),
});
const floorReq = (i: number): Req => ({ ...mcpReq(i), path: '/bench/post-floor' });

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  cpuUsPerReq: number;
}

async function run(url: string, pid: number, make: (i: number) => Req, durationS: number): Promise<Run> {
  return onMeasuredCore(pid, () => measure(url, pid, make, durationS));
}

async function measure(url: string, pid: number, make: (i: number) => Req, durationS: number): Promise<Run> {
  let i = 0;
  const cpu0 = cpuNs(pid);
  const r = await autocannon({
    url,
    connections,
    duration: durationS,
    requests: [{ setupRequest: (req) => ({ ...req, ...make(i++) }) }],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUsPerReq: (cpuNs(pid) - cpu0) / 1000 / Math.max(1, r.requests.total),
  };
}

const app = await serveInChild({ kind: 'app', modules: ['numerology'], postFloor: true });
try {
  // Both forms must give the same answer before they are timed.
  const viaHttp = await (await fetch(app.url + httpReq(1).path)).json();
  const m = mcpReq(1);
  const viaMcp = (await (await fetch(app.url + m.path, { method: 'POST', headers: m.headers, body: m.body })).json()) as {
    result?: { content?: { text?: string }[] };
  };
  // The JSON comes once, as text (src/mcp/result.ts).
  if (JSON.stringify(JSON.parse(viaMcp.result?.content?.[0]?.text ?? 'null')) !== JSON.stringify(viaHttp))
    throw new Error(`the tool call did not answer as the route: ${JSON.stringify(viaMcp).slice(0, 300)}`);
  const f = floorReq(1);
  const viaFloor = await (await fetch(app.url + f.path, { method: 'POST', headers: f.headers, body: f.body })).json();
  if (JSON.stringify(viaFloor) !== JSON.stringify(viaHttp))
    throw new Error(`the POST floor did not answer as the route: ${JSON.stringify(viaFloor).slice(0, 300)}`);

  const cases = [
    { name: 'GET /numerology (HTTP)', make: httpReq },
    { name: 'tools/call numerology (POST /mcp)', make: mcpReq },
    { name: 'floor: the same message POSTed, report answered without MCP', make: floorReq },
  ];
  for (const c of cases) await run(app.url, app.pid!, c.make, 1); // warm-up
  const per: Run[][] = cases.map(() => []);
  for (let r = 0; r < rounds; r++) for (const [k, c] of cases.entries()) per[k].push(await run(app.url, app.pid!, c.make, seconds));

  const med = (xs: number[]) => percentiles(xs).median;
  console.log(`\nMCP tool call vs HTTP GET, same app (child process), ${connections} connections — ${rounds} interleaved rounds of ${seconds} s; medians`);
  console.log('| case | req/s | p50 ms | p99 ms | server CPU µs/req | non-2xx+errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [k, c] of cases.entries()) {
    const xs = per[k];
    console.log(
      `| ${c.name} | ${Math.round(med(xs.map((x) => x.rps)))} | ${med(xs.map((x) => x.p50))} | ${med(xs.map((x) => x.p99))} | ${med(xs.map((x) => x.cpuUsPerReq)).toFixed(1)} | ${xs.reduce((a, x) => a + x.bad, 0)} |`,
    );
  }
  // Per round, so slow drift in the machine's load cancels out.
  const cpuOver = (a: number, b: number) => med(per[a].map((x, r) => x.cpuUsPerReq / per[b][r].cpuUsPerReq));
  const cpuRatio = cpuOver(1, 0);
  const rpsRatio = med(per[0].map((x, r) => x.rps / per[1][r].rps));
  console.log(`\ncost of an MCP call over the HTTP call: ${cpuRatio.toFixed(2)}x server CPU per request, ${rpsRatio.toFixed(2)}x by req/s`);
  console.log(`of which the POST itself (floor over GET): ${cpuOver(2, 0).toFixed(2)}x; the MCP layer over the floor: ${cpuOver(1, 2).toFixed(2)}x`);
  console.log(`target: at most 1.10x — ${cpuRatio <= 1.1 ? 'met' : 'NOT met'} (by server CPU)`);
} finally {
  await app.close();
}
