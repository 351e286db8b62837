// npm run bench:prices — /fuel, /fuel?state=…, /commodities?metal=gold and 90-day
// histories against a raw node:http baseline answering a body of the same size, on SQLite
// and (when JANKARI_TEST_PG is set) on PostgreSQL. The database is a throwaway filled
// through the repositories with SYNTHETIC BENCHMARK ROWS (source "synthetic-benchmark",
// made-up prices): they exist only for this run and never reach a product database.
// Target: cached lists >= 0.5 of the baseline. --seconds=N sets each run (default 3).

import { load, serveApp, startBaseline, type LoadResult } from './lib/http.js';
import { createPgDatabase } from '../test/helpers/db.js';
import { PG_URL } from '../test/helpers/env.js';
import { fuelModule, FUEL_REGISTRY, FUELS } from '../src/modules/fuel/index.js';
import { commoditiesModule, COMMODITIES_REGISTRY, METALS } from '../src/modules/commodities/index.js';
import { addDays, indiaDay, PriceRepository, priceTables, type PriceRow } from '../src/lib/prices/index.js';
import type { Database } from '../src/core/db/index.js';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 3);
const SYNTHETIC = 'synthetic-benchmark';
const DAYS = 90;

/** 90 days of made-up prices for every location (labelled synthetic; for load only). */
async function seed(db: Database): Promise<void> {
  const today = indiaDay(new Date());
  const stamp = new Date().toISOString();
  const fuel = new PriceRepository(db, priceTables('fuel'));
  const metals = new PriceRepository(db, priceTables('commodities'));
  const fuelRows: PriceRow[] = [];
  const metalRows: PriceRow[] = [];
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(today, -d);
    FUEL_REGISTRY.places.forEach((p, i) =>
      FUELS.forEach((f, j) => fuelRows.push({ location: p.key, product: f, day, price: 90 + i * 0.1 + j + d * 0.01, source: SYNTHETIC, updated_at: stamp })),
    );
    for (const m of METALS) {
      COMMODITIES_REGISTRY.places.forEach((p, i) => {
        if (!p.tags.includes(m)) return;
        const price = 1000 + i + d;
        metalRows.push({
          location: p.key,
          product: m,
          day,
          price,
          details: m === 'gold' ? { price_22k: price * 0.9, price_18k: price * 0.75 } : null,
          source: SYNTHETIC,
          updated_at: stamp,
        });
      });
    }
  }
  await fuel.upsert(fuelRows);
  await metals.upsert(metalRows);
  const run = { started_at: stamp, finished_at: stamp, ok: true, rows: 0, error: null, sources: [{ name: SYNTHETIC, rows: 0, errors: [] }] };
  await fuel.recordRun({ ...run, rows: fuelRows.length });
  await metals.recordRun({ ...run, rows: metalRows.length });
}

const PATHS = [
  { name: '/fuel (33 states)', path: '/fuel', list: true },
  { name: '/fuel?state=maharashtra', path: '/fuel?state=maharashtra', list: true },
  { name: '/commodities?metal=gold (167)', path: '/commodities?metal=gold', list: true },
  { name: '/fuel/history 90 days', path: '/fuel/history?fuel=petrol&city=mumbai&days=90', list: false },
  { name: '/commodities/history 90 days', path: '/commodities/history?metal=gold&city=india&days=90', list: false },
];

interface Line {
  name: string;
  bytes: number;
  base: LoadResult;
  app: LoadResult;
}

async function measure(dialect: string, databaseUrl: string): Promise<Line[]> {
  const served = await serveApp({ DATABASE_URL: databaseUrl }, { modules: [fuelModule, commoditiesModule] });
  const lines: Line[] = [];
  try {
    await seed(served.app.ctx.db);
    for (const p of PATHS) {
      const res = await fetch(served.url + p.path);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${dialect} ${p.path} answered ${res.status}: ${body.slice(0, 200)}`);
      const baseline = await startBaseline(Buffer.byteLength(body));
      try {
        await load({ url: baseline.url, durationS: 1 });
        await load({ url: served.url + p.path, durationS: 1 });
        const base = await load({ url: baseline.url, durationS: seconds });
        const app = await load({ url: served.url + p.path, durationS: seconds });
        lines.push({ name: p.name, bytes: Buffer.byteLength(body), base, app });
      } finally {
        await baseline.close();
      }
    }
  } finally {
    await served.close();
  }
  return lines;
}

function print(title: string, lines: Line[]): void {
  console.log(`\n${title}`);
  console.log('| case | body B | baseline req/s | app req/s | ratio | baseline p50 ms | app p50 ms | app p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const l of lines) {
    console.log(
      `| ${l.name} | ${l.bytes} | ${Math.round(l.base.rps)} | ${Math.round(l.app.rps)} | ${(l.app.rps / l.base.rps).toFixed(2)} | ${l.base.p50} | ${l.app.p50} | ${l.app.p99} | ${l.app.non2xx + l.app.errors} |`,
    );
  }
}

print(`SQLite (${seconds} s each, 50 connections; synthetic rows, ${DAYS} days)`, await measure('sqlite', 'sqlite::memory:'));
if (PG_URL) {
  const pg = await createPgDatabase();
  try {
    print(`PostgreSQL (${seconds} s each, 50 connections; synthetic rows, ${DAYS} days)`, await measure('postgres', pg.url));
  } finally {
    await pg.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set JANKARI_TEST_PG to an admin URL to include it)');
}
console.log('target: cached lists >= 0.50 of the baseline');
