// npm run bench:fuel-crawl — one crawl of all 46 fuel places (33 states, 13 cities, petrol and
// diesel) against fake goodreturns and NDTV servers on 127.0.0.1 serving the module's constructed
// fixtures: the wall time of a crawl, the CPU time of the process (the app and the fakes, which
// share it), and the requests it makes, per scenario, with answers at once
// and with every answer delayed (a stand-in for the network: the time then follows the requests).
// Scenarios: goodreturns in its old layout; in its 2026 layout; goodreturns down (NDTV alone).
// Each crawl runs in a fresh app (fresh provider health), PRICES_CRAWL_CONCURRENCY at its default.
// --runs=N crawls per line (default 5; the median is printed). Issue 43 asks for these figures.

import { performance } from 'node:perf_hooks';
import { testApp } from '../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../test/helpers/fake-upstream.js';
import { fuelModule } from '../src/modules/fuel/index.js';
import { fakeGoodreturns, fakeNdtv } from '../src/modules/fuel/fixtures/fake-servers.js';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 5);

interface Scenario {
  name: string;
  goodreturns: (delayMs: number) => Promise<FakeUpstream>;
}

const SCENARIOS: Scenario[] = [
  { name: 'goodreturns old layout', goodreturns: (delayMs) => fakeGoodreturns({ shift: 0, delayMs }) },
  { name: 'goodreturns 2026 layout', goodreturns: (delayMs) => fakeGoodreturns({ shift: 0, delayMs, layout: '2026' }) },
  { name: 'goodreturns down (500)', goodreturns: (delayMs) => fakeUpstream(() => ({ status: 500, body: 'error', delayMs })) },
];

async function once(s: Scenario, delayMs: number) {
  const gr = await s.goodreturns(delayMs);
  const ndtv = await fakeNdtv({ delayMs });
  const b = await testApp(
    { FUEL_GOODRETURNS_URL: gr.url, FUEL_NDTV_URL: ndtv.url, PRICES_VERSION_CHECK_MS: '0' },
    { modules: [fuelModule], now: () => new Date('2026-09-06T01:00:00Z') },
  );
  try {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const out = await b.instance(fuelModule).service.crawl();
    const cpu = process.cpuUsage(c0);
    const ms = performance.now() - t0;
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, gr: gr.requests.length, ndtv: ndtv.requests.length, rows: out.rows, stored: out.stored };
  } finally {
    await b.close();
    await gr.close();
    await ndtv.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `| scenario | answer delay ms | crawl ms (median of ${runs}) | CPU ms (median) | requests goodreturns | requests NDTV | requests total | rows stored |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const delayMs of [0, 50]) {
  for (const s of SCENARIOS) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await once(s, delayMs));
    const last = all[all.length - 1];
    console.log(
      `| ${s.name} | ${delayMs} | ${Math.round(median(all.map((r) => r.ms)))} | ${Math.round(median(all.map((r) => r.cpuMs)))} | ${last.gr} | ${last.ndtv} | ${last.gr + last.ndtv} | ${last.stored ? last.rows : `0 (${last.rows} read, not stored)`} |`,
    );
  }
}
