// Extraction quality and speed of the web module's reader, on public benchmark data kept outside
// the project (bench/lib/shared.ts says where, and what to fetch when it is missing):
//  1. article-extraction (scrapinghub, 181 news pages): shingles of 4 \w+ tokens, precision
//     and recall per page (tp/fp/fn normalised per page), averaged; F1 of the averages —
//     exactly evaluate.py of that repository. Plus ms per page (median, p95).
//  2. wcxb-dev (1,497 pages of 7 types): word-level F1 over lower-cased \w+ tokens, bag of
//     words, per page, averaged (its PROVENANCE.txt), overall and per page type.
//  3. html-to-markdown golden cases (turndown, JohannesKaufmann v2, firecrawl v1): exact
//     match after whitespace normalisation, and mean token F1.
//  4. page-metadata (Mozilla Readability test pages, metascraper): accuracy per field of what
//     the reader returns (extract(), main=1).
//  5. pool: what the hop to the work pool costs (the service extracts in a worker thread, under a
//     deadline): the article pages as Markdown extracted on this thread, then through a one-thread
//     pool, in the same run — wall ms per page, and the main thread's CPU ms per page (Linux
//     schedstat of that thread alone), which is what other requests wait for.
// Usage: npm run bench:extract [-- --only=article|wcxb|markdown|metadata|pool] [--type=forum] [--limit=N] [--verbose]

import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { deserialize, serialize } from 'node:v8';
import { join } from 'node:path';
import { requireShared } from './lib/shared.js';
import { decodeBody } from '../src/modules/web/charset.js';
import { extract, parseHtml } from '../src/modules/web/extract/index.js';
import { toMarkdown } from '../src/modules/web/extract/markdown.js';
import { innerHtml, select, selectFirst, textOf } from '../src/modules/web/extract/dom.js';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { WorkPool } from '../src/core/work/index.js';
import { readPage } from '../src/modules/web/extract/read-page.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const only = args.get('only');
const limit = Number(args.get('limit') ?? Infinity);
const verbose = args.has('verbose');
const SUITES = ['article', 'wcxb', 'markdown', 'metadata', 'pool'] as const;
type Suite = (typeof SUITES)[number];
if (only && !SUITES.includes(only as Suite)) {
  console.error(`--only must be one of ${SUITES.join(', ')}`);
  process.exit(2);
}
type DataSuite = Exclude<Suite, 'pool'>;
const DATA = requireShared(
  'npm run bench:extract',
  only === 'pool' ? ['article'] : only ? [only as DataSuite] : SUITES.filter((x): x is DataSuite => x !== 'pool'),
);

const readGz = (p: string) => gunzipSync(readFileSync(p));
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const f3 = (x: number) => x.toFixed(3);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

// --- metrics -------------------------------------------------------------------------

/** \w+ as Python 3's re with UNICODE: letters, digits, underscore of any script. */
const TOKEN = /[\p{L}\p{N}\p{Mn}\p{Mc}_]+/gu;
const tokens = (s: string) => s.match(TOKEN) ?? [];

function shingleCounts(text: string, n = 4): Map<string, number> {
  const t = tokens(text);
  const out = new Map<string, number>();
  for (let i = 0; i < Math.max(1, t.length - n + 1); i++) {
    const sh = t.slice(i, i + n);
    if (!sh.length) continue;
    const k = sh.join('\u0001');
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** evaluate.py: string_shingle_matching, normalised tp/fp/fn. */
function shingleMatch(truth: string, pred: string): [number, number, number] {
  const a = shingleCounts(truth);
  const b = shingleCounts(pred);
  let tp = 0,
    fp = 0,
    fn = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k) ?? 0;
    const y = b.get(k) ?? 0;
    tp += Math.min(x, y);
    fp += Math.max(0, y - x);
    fn += Math.max(0, x - y);
  }
  const s = tp + fp + fn;
  return s > 0 ? [tp / s, fp / s, fn / s] : [0, 0, 0];
}

function prf(triples: [number, number, number][]) {
  const precision = mean(
    triples.filter(([tp, fp]) => tp + fp > 0).map(([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp))),
  );
  const recall = mean(
    triples.filter(([tp, , fn]) => tp + fn > 0).map(([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn))),
  );
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall || 1) };
}

/** Bag-of-words F1 over lower-cased \w+ tokens (WCXB). */
function wordF1(truth: string, pred: string): { p: number; r: number; f: number } {
  const count = (s: string) => {
    const m = new Map<string, number>();
    for (const t of tokens(s.toLowerCase())) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  const a = count(truth);
  const b = count(pred);
  let common = 0,
    na = 0,
    nb = 0;
  for (const v of a.values()) na += v;
  for (const v of b.values()) nb += v;
  for (const [k, v] of a) common += Math.min(v, b.get(k) ?? 0);
  if (na === 0 && nb === 0) return { p: 1, r: 1, f: 1 };
  if (common === 0) return { p: 0, r: 0, f: 0 };
  const p = common / nb;
  const r = common / na;
  return { p, r, f: (2 * p * r) / (p + r) };
}

/** The baseline run alongside: stock Readability.js on linkedom, text of its article. */
function baselineReadability(html: string): string {
  const { document } = parseHTML(html);
  try {
    return new Readability(document as never).parse()?.textContent ?? '';
  } catch {
    return '';
  }
}

function timed<T>(fn: () => T): [T, number] {
  const s = performance.now();
  const v = fn();
  return [v, performance.now() - s];
}

// --- 1. article-extraction --------------------------------------------------------------

function articleExtraction() {
  const dir = DATA.article;
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string; url: string }>;
  const ids = Object.keys(truth).sort().slice(0, limit);
  const triples: [number, number, number][] = [];
  const ms: number[] = [];
  const methods = new Map<string, number>();
  for (const id of ids) {
    const buf = readGz(join(dir, 'html', `${id}.html.gz`));
    const { text } = decodeBody(buf, 'text/html');
    const [x, t] = timed(() => extract(text, truth[id].url, { format: 'text', main: true }));
    ms.push(t);
    methods.set(x.method, (methods.get(x.method) ?? 0) + 1);
    const tr = shingleMatch(truth[id].articleBody, x.content);
    triples.push(tr);
    if (verbose) console.log(id.slice(0, 8), x.method, prf([tr]).f1.toFixed(3), truth[id].url);
  }
  const m = prf(triples);
  const sorted = ms.slice().sort((a, b) => a - b);
  // Baseline in the same run: stock Readability.js (0.6) on linkedom over the same pages.
  const baseTriples: [number, number, number][] = [];
  const baseMs: number[] = [];
  for (const id of ids) {
    const { text } = decodeBody(readGz(join(dir, 'html', `${id}.html.gz`)), 'text/html');
    const [out, t] = timed(() => baselineReadability(text));
    baseMs.push(t);
    baseTriples.push(shingleMatch(truth[id].articleBody, out));
  }
  const b = prf(baseTriples);
  const bSorted = baseMs.slice().sort((x, y) => x - y);
  console.log(`\narticle-extraction (${ids.length} pages; shingles of 4 tokens, averaged over pages)`);
  console.log(
    `  jankari         precision ${f3(m.precision)}  recall ${f3(m.recall)}  F1 ${f3(m.f1)}   ms/page median ${pct(sorted, 0.5).toFixed(1)}  p95 ${pct(sorted, 0.95).toFixed(1)}`,
  );
  console.log(
    `  Readability.js  precision ${f3(b.precision)}  recall ${f3(b.recall)}  F1 ${f3(b.f1)}   ms/page median ${pct(bSorted, 0.5).toFixed(1)}  p95 ${pct(bSorted, 0.95).toFixed(1)}   (baseline, same run)`,
  );
  console.log(
    `  speed ratio (baseline median / ours): ${(pct(bSorted, 0.5) / pct(sorted, 0.5)).toFixed(1)}x; ours = parse + metadata + clean + main content + text`,
  );
  console.log(`  methods: ${[...methods].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log('  published on this data: Readability.js 0.947, trafilatura 0.958, go-trafilatura 0.960, rs-trafilatura 0.970');
}

// --- 2. wcxb-dev --------------------------------------------------------------------------

function wcxb() {
  const dir = DATA.wcxb;
  const files = readdirSync(join(dir, 'ground-truth'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .slice(0, limit);
  const byType = new Map<string, { p: number[]; r: number[]; f: number[] }>();
  const all = { p: [] as number[], r: [] as number[], f: [] as number[] };
  const ms: number[] = [];
  for (const f of files) {
    const gt = JSON.parse(readFileSync(join(dir, 'ground-truth', f), 'utf8'));
    const id = f.replace(/\.json$/, '');
    const htmlPath = join(dir, 'html', `${id}.html.gz`);
    if (!existsSync(htmlPath)) continue;
    if (args.get('type') && args.get('type') !== (gt._internal?.page_type?.primary ?? 'unknown')) continue;
    const { text } = decodeBody(readGz(htmlPath), 'text/html');
    const [x, t] = timed(() => extract(text, gt.url, { format: 'text', main: true }));
    ms.push(t);
    const s = wordF1(gt.ground_truth?.main_content ?? '', x.content);
    const type = gt._internal?.page_type?.primary ?? 'unknown';
    if (args.get('type') && args.get('type') !== type) continue;
    const bucket = byType.get(type) ?? { p: [], r: [], f: [] };
    byType.set(type, bucket);
    for (const b of [bucket, all]) {
      b.p.push(s.p);
      b.r.push(s.r);
      b.f.push(s.f);
    }
    if (verbose) console.log(id, type, x.method, s.f.toFixed(3), s.p.toFixed(2), s.r.toFixed(2));
  }
  const sorted = ms.slice().sort((a, b) => a - b);
  console.log(`\nwcxb-dev (${all.f.length} pages; word-level F1, bag of lower-cased \\w+ tokens, averaged over pages)`);
  console.log(
    `  overall  F1 ${f3(mean(all.f))}  (precision ${f3(mean(all.p))}, recall ${f3(mean(all.r))})   ms/page median ${pct(sorted, 0.5).toFixed(1)} p95 ${pct(sorted, 0.95).toFixed(1)}`,
  );
  for (const [type, b] of [...byType].sort()) {
    console.log(`  ${type.padEnd(14)} F1 ${f3(mean(b.f))}  P ${f3(mean(b.p))}  R ${f3(mean(b.r))}  (${b.f.length} pages)`);
  }
  console.log('  published: rs-trafilatura 0.859, trafilatura 0.791, Readability 0.675');
}

// --- 3. html-to-markdown ------------------------------------------------------------------

interface Case {
  suite: string;
  name: string;
  html: string;
  expected: string;
}

function markdownCases(): Case[] {
  const root = DATA.markdown;
  const cases: Case[] = [];
  // turndown: <div class="case"><div class="input">…</div><pre class="expected">…</pre></div>
  const tdHtml = readFileSync(join(root, 'turndown', 'index.html'), 'utf8');
  const doc = parseHtml(tdHtml);
  for (const c of select('div.case', doc)) {
    if (c.attribs['data-options']) continue; // cases for other turndown settings
    const input = selectFirst('.input', c);
    const exp = selectFirst('pre.expected', c);
    if (input && exp) cases.push({ suite: 'turndown', name: c.attribs['data-name'] ?? '', html: innerHtml(input), expected: textOf(exp) });
  }
  const walk = (d: string, out: string[] = []) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p, out);
      else out.push(p);
    }
    return out;
  };
  for (const p of walk(join(root, 'johanneskaufmann-v2'))) {
    if (!p.endsWith('.in.html')) continue;
    const out = p.replace(/\.in\.html$/, '.out.md');
    if (existsSync(out))
      cases.push({ suite: 'johanneskaufmann-v2', name: p.split('/').slice(-1)[0], html: readFileSync(p, 'utf8'), expected: readFileSync(out, 'utf8') });
  }
  for (const p of walk(join(root, 'firecrawl-v1'))) {
    if (!p.endsWith('/input.html')) continue;
    const out = p.replace(/input\.html$/, 'output.default.golden');
    if (existsSync(out))
      cases.push({ suite: 'firecrawl-v1', name: p.split('/').slice(-3, -1).join('/'), html: readFileSync(p, 'utf8'), expected: readFileSync(out, 'utf8') });
  }
  return cases;
}

function markdownFidelity() {
  const norm = (s: string) =>
    s
      .replace(/\r/g, '')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  const bySuite = new Map<string, { exact: number; f: number[] }>();
  for (const c of markdownCases()) {
    const got = norm(toMarkdown(c.html));
    const exp = norm(c.expected);
    const b = bySuite.get(c.suite) ?? { exact: 0, f: [] };
    bySuite.set(c.suite, b);
    if (got === exp) b.exact++;
    // Token F1 over whitespace-separated tokens: markup included, so syntax counts.
    b.f.push(wordF1Tokens(exp.split(/\s+/), got.split(/\s+/)));
    if (verbose && got !== exp) console.log(`--- ${c.suite} ${c.name}\nexpected:\n${exp.slice(0, 400)}\ngot:\n${got.slice(0, 400)}`);
  }
  console.log('\nhtml-to-markdown golden cases (exact = identical after whitespace normalisation; F1 over whitespace tokens, markup included)');
  for (const [s, b] of bySuite) console.log(`  ${s.padEnd(20)} exact ${b.exact}/${b.f.length} (${f3(b.exact / b.f.length)})  token F1 ${f3(mean(b.f))}`);
}

function wordF1Tokens(a: string[], b: string[]): number {
  const m = new Map<string, number>();
  for (const t of a) m.set(t, (m.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) {
    const n = m.get(t) ?? 0;
    if (n > 0) {
      common++;
      m.set(t, n - 1);
    }
  }
  if (!a.length && !b.length) return 1;
  if (!common) return 0;
  const p = common / b.length;
  const r = common / a.length;
  return (2 * p * r) / (p + r);
}

// --- 4. page metadata -----------------------------------------------------------------------

function metadataAccuracy() {
  const norm = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().toLowerCase() : '');
  const normUrl = (s: unknown) =>
    norm(s)
      .replace(/^https?:\/\//, '')
      .replace(/\/$/, '');
  const score = new Map<string, { ok: number; n: number }>();
  const add = (suite: string, field: string, ok: boolean) => {
    const k = `${suite} ${field}`;
    const s = score.get(k) ?? { ok: 0, n: 0 };
    s.n++;
    if (ok) s.ok++;
    score.set(k, s);
  };
  const mz = join(DATA.metadata, 'mozilla-readability-test-pages', 'pages');
  for (const page of readdirSync(mz).sort()) {
    const expPath = join(mz, page, 'expected-metadata.json');
    if (!existsSync(expPath)) continue;
    const exp = JSON.parse(readFileSync(expPath, 'utf8'));
    const { text } = decodeBody(readGz(join(mz, page, 'source.html.gz')), 'text/html');
    const meta = extract(text, 'http://fakehost/test/page.html', { format: 'text', main: true });
    add('readability', 'title', norm(meta.title) === norm(exp.title));
    if (exp.excerpt) add('readability', 'description', norm(meta.description) === norm(exp.excerpt));
    if (exp.siteName) add('readability', 'site_name', norm(meta.site_name) === norm(exp.siteName));
    if (exp.lang) add('readability', 'lang', norm(meta.lang) === norm(exp.lang));
  }
  const ms = join(DATA.metadata, 'metascraper');
  const expected = JSON.parse(readFileSync(join(ms, 'expected.json'), 'utf8')) as Record<string, { url: string; expected: Record<string, string | null> }>;
  for (const [site, { url, expected: e }] of Object.entries(expected).sort()) {
    const p = join(ms, 'html', `${site}.html.gz`);
    if (!existsSync(p)) continue;
    const { text } = decodeBody(readGz(p), 'text/html');
    const meta = extract(text, url, { format: 'text', main: true });
    if (e.title) add('metascraper', 'title', norm(meta.title) === norm(e.title));
    if (e.description) add('metascraper', 'description', norm(meta.description) === norm(e.description));
    if (e.image) add('metascraper', 'image', normUrl(meta.image) === normUrl(e.image));
    if (e.lang) add('metascraper', 'lang', norm(meta.lang).split('-')[0] === norm(e.lang).split('-')[0]);
    if (e.publisher) add('metascraper', 'site_name', norm(meta.site_name) === norm(e.publisher));
    if (e.url) add('metascraper', 'canonical', normUrl(meta.canonical) === normUrl(e.url));
    if (verbose) console.log(site, JSON.stringify(meta), JSON.stringify(e));
  }
  console.log('\npage metadata (exact match after whitespace/case normalisation; lang by primary subtag on metascraper)');
  for (const [k, s] of score) console.log(`  ${k.padEnd(26)} ${s.ok}/${s.n}  (${f3(s.ok / s.n)})`);
}

// --- 5. the hop to the work pool ------------------------------------------------------------

async function poolHop() {
  const dir = DATA.article;
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  const pages = Object.keys(truth)
    .sort()
    .slice(0, limit)
    .map((id) => {
      const bytes = readGz(join(dir, 'html', `${id}.html.gz`));
      return { bytes, html: decodeBody(bytes, 'text/html').text, url: truth[id].url };
    });
  const opts = { format: 'markdown' as const, main: true, links: true };
  const pool = new WorkPool({ threads: 1, timeoutMs: 60_000, queueMax: 10, queueWaitMs: 60_000, heapMb: 384, idleMs: 60_000 });
  // As the service reads a fetched page: its bytes move to the thread (a copy each time: moving empties them).
  const viaPool = (p: (typeof pages)[number], bytes = new Uint8Array(p.bytes)) =>
    readPage(pool, { document: bytes, contentType: 'text/html', url: p.url, opts });
  // Warm both: the thread's modules and the JIT of this one.
  for (const p of pages.slice(0, 5)) {
    extract(p.html, p.url, opts);
    await viaPool(p);
  }
  const inline: number[] = [];
  const hopped: number[] = [];
  const copies: number[] = [];
  const decodes: number[] = [];
  // CPU time of this (the main) thread alone, in ms: Linux's per-thread schedstat (ns on CPU).
  const mainCpu = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  let inlineCpu = 0;
  let hopCpu = 0;
  for (let round = 0; round < 2; round++) {
    for (const p of pages) {
      const c0 = mainCpu();
      const t0 = performance.now();
      const x = extract(p.html, p.url, opts);
      inline.push(performance.now() - t0);
      inlineCpu += mainCpu() - c0;
      // Decoding the bytes to text: on this thread before the page went to the pool as bytes.
      const t3 = performance.now();
      decodeBody(p.bytes, 'text/html');
      decodes.push(performance.now() - t3);
      // The hop's floor: the result copied out, as postMessage does (the page's bytes move, uncopied).
      const t2 = performance.now();
      deserialize(serialize(x));
      copies.push(performance.now() - t2);
      const bytes = new Uint8Array(p.bytes);
      const c1 = mainCpu();
      const t1 = performance.now();
      await viaPool(p, bytes);
      hopped.push(performance.now() - t1);
      hopCpu += mainCpu() - c1;
    }
  }
  await pool.close();
  const med = (xs: number[]) =>
    pct(
      xs.slice().sort((a, b) => a - b),
      0.5,
    );
  const p95 = (xs: number[]) =>
    pct(
      xs.slice().sort((a, b) => a - b),
      0.95,
    );
  console.log(
    `\nwork-pool hop (${pages.length} article pages as Markdown, 2 rounds, interleaved; pages ${(mean(pages.map((p) => p.html.length)) / 1024) | 0} KB on average)`,
  );
  console.log(`  on this thread        ms/page median ${med(inline).toFixed(2)}  p95 ${p95(inline).toFixed(2)}   (baseline, same run)`);
  console.log(
    `  through the pool      ms/page median ${med(hopped).toFixed(2)}  p95 ${p95(hopped).toFixed(2)}   ratio ${(med(hopped) / med(inline)).toFixed(2)}x`,
  );
  console.log(
    `  result copied out     ms/page median ${med(copies).toFixed(2)}  p95 ${p95(copies).toFixed(2)}   (the floor of the hop: v8 serialize + deserialize of the result; the page's bytes move)`,
  );
  console.log(
    `  decoding the bytes    ms/page median ${med(decodes).toFixed(2)}  p95 ${p95(decodes).toFixed(2)}   (done in the thread: before, on the main thread and not counted above)`,
  );
  const n = inline.length;
  console.log(
    `  main thread CPU       ms/page mean: on this thread ${(inlineCpu / n).toFixed(2)}, through the pool ${(hopCpu / n).toFixed(2)} (${((hopCpu / inlineCpu) * 100).toFixed(1)}% of the work it used to do)`,
  );
}

if (!only || only === 'article') articleExtraction();
if (!only || only === 'wcxb') wcxb();
if (!only || only === 'markdown') markdownFidelity();
if (!only || only === 'metadata') metadataAccuracy();
if (!only || only === 'pool') await poolHop();
