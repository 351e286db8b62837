// /liquor speed: (1) the import of a 1,300-row price list (target < 5 s), (2) one label card
// rendered (target < 20 ms; each is then cached), (3) cached list answers over HTTP against a raw
// node:http server answering a body of the same size (target ratio >= 0.5), on SQLite and, when
// it is reachable, PostgreSQL.
// The list is synthetic in content but real in form: the 38 printed rows of the test fixture
// repeated with new product codes and serials, drawn in KSBC's layout by the fixture's PDF maker.
// Run: npm run bench:liquor  (about a minute; BENCH_DURATION_S and BENCH_ROUNDS change the HTTP runs).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { liquorModule } from '../src/modules/liquor/index.js';
import { renderCard } from '../src/modules/liquor/card.js';
import { makeKeralaPdf, printedRows, type PrintedRow } from '../src/modules/liquor/fixtures/make-pdf.js';
import { interleaved, serveInChild, type Case } from './lib/http.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = 1300;
const PG_URL = process.env.JANKARI_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

function syntheticRows(n: number): PrintedRow[] {
  const real = printedRows();
  return Array.from({ length: n }, (_, i) => {
    const r = real[i % real.length];
    return { ...r, code: `${r.code.slice(0, 4)}${String(i).padStart(5, '0')}`, serial: i + 1, blankName: false };
  });
}

async function importOnce(databaseUrl: string, file: string): Promise<{ ms: number; rows: number }> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SCHEDULER_ENABLED: 'false', LIQUOR_MIN_ROWS: '100' });
  const built = await buildApp(config, { modules: [liquorModule], logLevel: 'silent' });
  await built.app.ready();
  try {
    const t = performance.now();
    const out = await built.instance(liquorModule).importFile(file);
    const ms = performance.now() - t;
    if (!out.stored) throw new Error(`the list was not stored: ${out.refused.join('; ')}`);
    return { ms, rows: out.rows };
  } finally {
    await built.app.close();
  }
}

const PG_DB = `bench_liquor_${process.pid}`;

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-liquor-'));
try {
  const pdf = join(dir, 'list.pdf');
  writeFileSync(pdf, await makeKeralaPdf({ rows: syntheticRows(ROWS), rowsPerPage: 30 }));
  const databases: [string, string][] = [['SQLite', `sqlite:${join(dir, 'liquor.db')}`]];
  if (await pgReachable()) {
    // A database of its own, so the benchmark never touches the tests' tables; dropped at the end.
    await adminQuery(`create database ${PG_DB}`);
    const own = new URL(PG_URL);
    own.pathname = `/${PG_DB}`;
    databases.push(['PostgreSQL', own.toString()]);
  } else console.log(`(PostgreSQL at ${PG_URL} is not reachable: its rows are skipped)`);

  console.log(
    `Import of a ${ROWS}-row price list (${(Buffer.byteLength(await import('node:fs').then((f) => f.readFileSync(pdf))) / 1024).toFixed(0)} KB PDF; target < 5 s)`,
  );
  console.log('| database | rows stored | seconds |');
  console.log('|---|---:|---:|');
  for (const [name, url] of databases) {
    const r = await importOnce(url, pdf);
    console.log(`| ${name} | ${r.rows} | ${(r.ms / 1000).toFixed(2)} |`);
  }

  await renderCard({ name: 'WARM UP', volume: '750 ml', category: 'Whisky', price: '1000', state: 'Kerala', effective: '2026-05-11' });
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await renderCard({
      name: `${printedRows()[i % 38].name} ${i}`,
      volume: '750 ml',
      category: 'Whisky',
      price: String(500 + i),
      state: 'Kerala',
      effective: '2026-05-11',
    });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`\nLabel card render (SVG → WebP, 50 distinct cards; target < 20 ms): median ${times[25].toFixed(1)} ms, max ${times[49].toFixed(1)} ms`);

  for (const [name, url] of databases) {
    const app = await serveInChild({ kind: 'app', env: { DATABASE_URL: url }, modules: ['liquor'] });
    try {
      const categories = ['Whisky', 'Brandy', 'Rum', 'Beer', 'Wine'];
      const path = (i: number) => `/liquor?category=${categories[i % categories.length]}`;
      const sample = await (await fetch(`${app.url}${path(0)}`)).text();
      const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(sample) });
      const cases: Case[] = [
        { name: `raw node:http, ${Buffer.byteLength(sample)} B body`, url: baseline.url, paths: path, pid: baseline.pid },
        { name: `/liquor?category= (cached), ${name}`, url: app.url, paths: path, pid: app.pid },
      ];
      try {
        await interleaved(`Cached list answers, ${name} (autocannon, 20 connections; target ratio >= 0.5)`, cases, {
          rounds: ROUNDS,
          durationS: DURATION_S,
          connections: 20,
        });
      } finally {
        await baseline.close();
      }
    } finally {
      await app.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await adminQuery(`drop database if exists ${PG_DB} with (force)`).catch(() => {});
}
