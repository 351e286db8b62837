// npx tsx bench/metals-crawl.ts — one whole metals crawl (167 gold, 135 silver, 135 platinum
// places; the real crawl path: tasks, failover, storage) against fake goodreturns, IBJA and
// BankBazaar servers on 127.0.0.1 serving the module's constructed fixtures, in the older
// layouts and in the 2026 ones (issue 43). Prints, per layout, the median wall time of
// --runs=N crawls (default 3) and of their CPU time (steadier on a busy machine), the requests
// each upstream received, and the rows stored; the 2026 run's times as ratios of the older
// layouts' run in the same process. Concurrency is the
// production default (PRICES_CRAWL_CONCURRENCY 4) unless --concurrency=N.

import { commoditiesModule } from '../src/modules/commodities/index.js';
import { fakeBankbazaar, fakeGoodreturnsMetals, fakeIbja, type MetalsFakeState } from '../src/modules/commodities/fixtures/fake-servers.js';
import { testApp } from '../test/helpers/app.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const runs = arg('runs', 3);
const concurrency = arg('concurrency', 4);

interface Result {
  layout: string;
  ms: number;
  /** CPU time of this process (the app and the fake servers) during the crawl: steadier than wall time on a busy machine. */
  cpuMs: number;
  requests: Record<string, number>;
  rows: number;
  stored: boolean;
}

async function measure(layout: MetalsFakeState['layout'] | undefined): Promise<Result> {
  const times: number[] = [];
  const cpus: number[] = [];
  let last: Omit<Result, 'ms' | 'cpuMs' | 'layout'> | undefined;
  for (let i = 0; i < runs; i++) {
    const state: MetalsFakeState = layout ? { layout } : {};
    const [gr, ib, bb] = await Promise.all([fakeGoodreturnsMetals(state), fakeIbja(state), fakeBankbazaar()]);
    const b = await testApp(
      { METALS_GOODRETURNS_URL: gr.url, METALS_IBJA_URL: ib.url, METALS_BANKBAZAAR_URL: bb.url, PRICES_CRAWL_CONCURRENCY: String(concurrency) },
      { modules: [commoditiesModule], now: () => new Date('2026-10-01T05:00:00Z') },
    );
    try {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const out = await b.instance(commoditiesModule).service.crawl();
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpus.push((c.user + c.system) / 1000);
      last = { requests: { goodreturns: gr.requests.length, ibja: ib.requests.length, bankbazaar: bb.requests.length }, rows: out.rows, stored: out.stored };
    } finally {
      await b.close();
      await Promise.all([gr.close(), ib.close(), bb.close()]);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { layout: layout ?? 'older', ms: median(times), cpuMs: median(cpus), ...last! };
}

const older = await measure(undefined);
const y2026 = await measure('2026');
console.log(`metals crawl, ${runs} run(s) each, concurrency ${concurrency}: median wall and CPU time, requests per upstream, rows stored`);
console.log('| layouts | wall ms | ratio | CPU ms | ratio | goodreturns | ibja | bankbazaar | all requests | rows | stored |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of [older, y2026]) {
  const all = Object.values(r.requests).reduce((a, b) => a + b, 0);
  console.log(
    `| ${r.layout} | ${Math.round(r.ms)} | ${(r.ms / older.ms).toFixed(2)} | ${Math.round(r.cpuMs)} | ${(r.cpuMs / older.cpuMs).toFixed(2)} | ${r.requests.goodreturns} | ${r.requests.ibja} | ${r.requests.bankbazaar} | ${all} | ${r.rows} | ${r.stored} |`,
  );
}
