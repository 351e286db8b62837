// npm run bench:compression-levels — what each compressor and level costs, per answer size, on
// the app's own answers (taken in process): synchronous time of one compression (median of
// interleaved runs) and the bytes it sends, against gzip level 6 (the old level, and the bytes
// bound the issue sets). Also the streaming path @fastify/compress used (a stream per answer,
// the work done on libuv's thread pool), so the two mechanisms are priced side by side.
// The figures go in docs/decisions/compression-by-size.md. Where Node has zstd (22.15+), zstd's
// fastest levels run in the same loop, and a last table sets each answer's Brotli 2 (the level
// sent) against the cheapest zstd level sending no more bytes: docs/decisions/node-lines.md.

import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, deflateSync, type BrotliOptions } from 'node:zlib';
import { testApp } from '../test/helpers/app.js';
import { percentiles } from './lib/http.js';
import { ZSTD_LEVEL } from '../src/core/http/compression.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const t = await testApp({});
const get = async (url: string) => (await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } })).rawPayload;
const answers: { name: string; body: Buffer }[] = [
  { name: '/health/live', body: await get('/health/live') },
  { name: '/numerology', body: await get('/numerology?name=Asha%20Rani&dob=01-02-1990&gender=F') },
  { name: '/health', body: await get('/health') },
  { name: '/panchang', body: await get('/panchang?latitude=28.6&longitude=77.2&date=2024-05-01&tz=%2B05:30') },
  { name: '/astro (full chart)', body: await get('/astro?latitude=28.6&longitude=77.2&year=1990&month=5&day=1&hour=10&min=0&sec=0&tz=%2B05:30') },
  { name: '/openapi.json', body: await get('/openapi.json') },
];
await t.close();

const br = (q: number, size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const codecs: { name: string; fn: (b: Buffer) => Buffer }[] = [
  { name: 'gzip 1', fn: (b) => gzipSync(b, { level: 1 }) },
  { name: 'gzip 3', fn: (b) => gzipSync(b, { level: 3 }) },
  { name: 'gzip 4', fn: (b) => gzipSync(b, { level: 4 }) },
  { name: 'gzip 6', fn: (b) => gzipSync(b, { level: 6 }) },
  { name: 'deflate 1', fn: (b) => deflateSync(b, { level: 1 }) },
  { name: 'br 0', fn: (b) => brotliCompressSync(b, br(0, b.length)) },
  { name: 'br 1', fn: (b) => brotliCompressSync(b, br(1, b.length)) },
  { name: 'br 2', fn: (b) => brotliCompressSync(b, br(2, b.length)) },
  { name: 'br 3', fn: (b) => brotliCompressSync(b, br(3, b.length)) },
  { name: 'br 4', fn: (b) => brotliCompressSync(b, br(4, b.length)) },
];
// zlib.zstdCompressSync is absent before Node 22.15 (typed as present: @types/node 22 describes the latest 22).
const zstd = (zlib as Partial<typeof zlib>).zstdCompressSync;
// Not -1: Node's zlib reads -1 as "not set" (the same bytes as 0 and 3, zstd's default).
const ZSTD_LEVELS = [-5, -3, -2, 1, 2, 3, 4, 6];
if (zstd) {
  for (const level of ZSTD_LEVELS) {
    codecs.push({
      name: `zstd ${level}`,
      fn: (b) => zstd(b, { params: { [constants.ZSTD_c_compressionLevel]: level }, pledgedSrcSize: b.length }),
    });
  }
}

/** The old path: the payload made a stream, piped through a zlib stream (thread pool). */
async function streamed(kind: 'br' | 'gzip', b: Buffer): Promise<number> {
  const z = kind === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 });
  let n = 0;
  z.on('data', (c: Buffer) => (n += c.length));
  await pipeline(Readable.from([b]), z);
  return n;
}

const results: { name: string; median: number[]; bytes: number[] }[] = [];
console.log(`\nNode ${process.version}. One synchronous compression per answer (median µs of ${ROUNDS} interleaved runs; bytes; bytes against gzip 6)`);
console.log(`| answer | raw B | ${codecs.map((c) => c.name).join(' | ')} | stream br 4 (old) | stream gzip 6 |`);
console.log(`|---|---:|${codecs.map(() => '---:').join('|')}|---:|---:|`);
for (const a of answers) {
  const times = codecs.map(() => [] as number[]);
  const st = { br: [] as number[], gzip: [] as number[] };
  for (let w = 0; w < 20; w++) for (const c of codecs) c.fn(a.body);
  for (let r = 0; r < ROUNDS; r++) {
    codecs.forEach((c, k) => {
      const t0 = performance.now();
      c.fn(a.body);
      times[k]!.push((performance.now() - t0) * 1000);
    });
    if (r < ROUNDS / 3) {
      for (const kind of ['br', 'gzip'] as const) {
        const t0 = performance.now();
        await streamed(kind, a.body);
        st[kind].push((performance.now() - t0) * 1000);
      }
    }
  }
  const g6 = gzipSync(a.body, { level: 6 }).length;
  const median = times.map((t) => percentiles(t).median);
  const bytes = codecs.map((c) => c.fn(a.body).length);
  results.push({ name: a.name, median, bytes });
  const cells = codecs.map((_c, k) => `${median[k]!.toFixed(0)} µs, ${bytes[k]} B (${(bytes[k]! / g6).toFixed(2)})`);
  console.log(
    `| ${a.name} | ${a.body.length} | ${cells.join(' | ')} | ${percentiles(st.br).median.toFixed(0)} µs | ${percentiles(st.gzip).median.toFixed(0)} µs |`,
  );
}

// zstd against the Brotli level sent, in the same runs: the level sent (ZSTD_LEVEL), and the
// cheapest zstd level sending no more bytes than Brotli 2.
if (zstd) {
  const b2 = codecs.findIndex((c) => c.name === 'br 2');
  const sent = codecs.findIndex((c) => c.name === `zstd ${ZSTD_LEVEL}`);
  const z = codecs.flatMap((c, k) => (c.name.startsWith('zstd') ? [k] : []));
  console.log(`\nzstd against Brotli 2 (the level sent) in the same runs; a ratio below 1 is zstd's advantage`);
  console.log(`| answer | br 2 | zstd ${ZSTD_LEVEL} (sent) | CPU ratio | bytes ratio | cheapest zstd with bytes ≤ br 2 | its CPU ratio |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const fit = z.filter((k) => r.bytes[k]! <= r.bytes[b2]!).sort((x, y) => r.median[x]! - r.median[y]!)[0];
    const cheapest = fit === undefined ? 'none tried' : `${codecs[fit]!.name}: ${r.median[fit]!.toFixed(0)} µs, ${r.bytes[fit]} B`;
    console.log(
      `| ${r.name} | ${r.median[b2]!.toFixed(0)} µs, ${r.bytes[b2]} B | ${r.median[sent]!.toFixed(0)} µs, ${r.bytes[sent]} B | ${(r.median[sent]! / r.median[b2]!).toFixed(2)} | ${(r.bytes[sent]! / r.bytes[b2]!).toFixed(3)} | ${cheapest} | ${fit === undefined ? '–' : (r.median[fit]! / r.median[b2]!).toFixed(2)} |`,
    );
  }
} else {
  console.log(`\nNode ${process.version} has no zstd (zlib has it from 22.15): no zstd rows.`);
}
