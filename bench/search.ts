// /search benchmark: fake engines on 127.0.0.1 at set latencies, the real app listening.
// The answer time should track the slowest engine within the deadline, not the sum:
//   - six engines at 300 ms each (target: p50 <= 330 ms), uncached (a new query per request);
//   - the same query again (cache hits);
//   - one of the six hanging: the first answer comes at the deadline, then the engine is
//     suspended and skipped, so later answers track the other five again;
//   - deep mode: four pages read at 200 ms each after the engines answer.
// Baseline row: a bare node:http server that waits 300 ms (one engine's round trip, the floor).
// Each case gets 2 s of unmeasured warm-up load first (JIT), except the first-answer probe.
// Run: npm run bench:search  (BENCH_SECONDS=5 BENCH_CONNECTIONS=5 by default)

import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { load, report, serveApp, type Row } from './lib/http.js';
import { fakeEngines, type FakeHit } from '../src/modules/search/testing/fake-engines.js';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5);
const ENGINES = ['duckduckgo', 'bing', 'brave', 'mojeek', 'startpage', 'yahoo'];
const DEADLINE_MS = 1000;

/** Ten results per engine, half of them shared so merging has work to do. */
const hitsFor = (engine: string, q: string, site?: string): FakeHit[] =>
  Array.from({ length: 10 }, (_, i) => ({
    url: site
      ? `${site}/p/${encodeURIComponent(q)}/${i}`
      : i % 2
        ? `https://${engine}-only.example/${encodeURIComponent(q)}/${i}`
        : `https://shared.example/${encodeURIComponent(q)}/${i}`,
    title: `Result ${i} for ${q}`,
    snippet: `A snippet of about a sentence for result ${i}, with &amp; entities and words.`,
  }));

const queryOf = (body: string, query: URLSearchParams) => query.get('q') ?? query.get('p') ?? query.get('query') ?? new URLSearchParams(body).get('q') ?? '';

async function delayedBaseline(ms: number) {
  const body = JSON.stringify({ success: true, results: [] });
  const server = createServer((_req, res) => setTimeout(() => res.end(body), ms));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function engines(latencyMs: number, hang?: string, site?: string) {
  const spec: Parameters<typeof fakeEngines>[0] = {};
  for (const e of ENGINES) spec[e] = e === hang ? { hang: true } : { delayMs: latencyMs, hits: (req) => hitsFor(e, queryOf(req.body, req.query), site) };
  return fakeEngines(spec);
}

async function run(name: string, env: Record<string, string>, path: (i: number) => string, connections = CONNECTIONS): Promise<Row> {
  const app = await serveApp({ SEARCH_DEADLINE_MS: String(DEADLINE_MS), ...env });
  try {
    // Warm-up (not measured): the first searches pay for JIT compilation of the parsers.
    await load({ url: app.url, paths: (i) => `/search?q=warm+up+${i}`, connections, durationS: 2 });
    const r = await load({ url: app.url, paths: path, connections, durationS: SECONDS });
    return { name, ...r };
  } finally {
    await app.close();
  }
}

async function firstAnswerMs(env: Record<string, string>): Promise<{ ms: number; unresponsive: unknown }> {
  const app = await serveApp({ SEARCH_DEADLINE_MS: String(DEADLINE_MS), ...env });
  try {
    const t = performance.now();
    const res = await fetch(`${app.url}/search?q=first+answer`);
    const body = (await res.json()) as { unresponsive_engines: unknown };
    return { ms: Math.round(performance.now() - t), unresponsive: body.unresponsive_engines };
  } finally {
    await app.close();
  }
}

async function main() {
  const rows: Row[] = [];
  const base = await delayedBaseline(300);
  rows.push({ name: 'baseline: bare node:http, 300 ms wait', ...(await load({ url: base.url, connections: CONNECTIONS, durationS: SECONDS })) });
  await base.close();

  const six = await engines(300);
  let n = 0;
  rows.push(await run('6 engines at 300 ms, uncached, 1 connection', six.env, () => `/search?q=seq+query+${n++}`, 1));
  rows.push(await run(`6 engines at 300 ms, uncached, ${CONNECTIONS} connections`, six.env, () => `/search?q=bench+query+${n++}`));
  rows.push(await run('6 engines at 300 ms, cached', six.env, () => '/search?q=the+same+query'));
  await six.close();

  const hanging = await engines(300, 'startpage');
  const first = await firstAnswerMs(hanging.env);
  rows.push(await run('5 at 300 ms + 1 hanging (suspended after 1st)', hanging.env, () => `/search?q=hang+query+${n++}`));
  await hanging.close();

  const site = await fakeUpstream(() => ({
    delayMs: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html><html><head><title>Article</title></head><body><article><h1>Article</h1>${'<p>The southwest monsoon sets in over Kerala in early June and brings heavy rain. </p>'.repeat(40)}</article></body></html>`,
  }));
  const deep = await engines(300, undefined, site.url);
  rows.push(await run('deep=1, 4 pages at 200 ms each', { ...deep.env, FETCH_ALLOW_HOSTS: '127.0.0.1' }, () => `/search?q=deep+query+${n++}&deep=1&pages=4`));
  await deep.close();
  await site.close();

  report(`/search, ${CONNECTIONS} connections, ${SECONDS} s per case, engine deadline ${DEADLINE_MS} ms`, rows);
  console.log(
    `\nFirst answer with one engine hanging: ${first.ms} ms (deadline ${DEADLINE_MS} ms); unresponsive_engines: ${JSON.stringify(first.unresponsive)}`,
  );
  for (const r of rows.slice(1, 3)) console.log(`Target p50 <= 330 ms (${r.name}): p50 ${r.p50} ms -> ${r.p50 <= 330 ? 'met' : 'NOT met'}`);
  console.log(
    `Load average during the run (2-core machines here are shared): ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
