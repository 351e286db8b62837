// Cost of the reader controls against plain extraction, on the article-extraction benchmark's 181
// news pages (bench/lib/shared.ts says where they live and where to get them):
//  - exclude (six selectors a user would remove: nav, footer, aside, forms, share and related
//    blocks; and six that match nothing, the selectors' own cost) and include (every paragraph, `p`) against the default reading (main=1, markdown);
//    goal: at most 10% over;
//  - formats with three outputs against one: markdown+links+images (Firecrawl's usual set) and
//    markdown+text+html (three renderings of one extraction), against markdown alone; goal ≤ 1.3×.
// Every variant runs on every page in the same process, interleaved page by page, ROUNDS times; a
// page's time is its median, the figure the sum over pages. Pages an include does not match (a
// 422 for a user) are left out of both sides of that ratio.
// Usage: npm run bench:reader [-- --rounds=5]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ApiError } from '../src/core/errors.js';
import { decodeBody } from '../src/modules/web/charset.js';
import { extract, type ExtractOptions } from '../src/modules/web/extract/index.js';
import { requireShared } from './lib/shared.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.get('rounds') ?? 5);
const DATA = requireShared('npm run bench:reader', ['article']);

const truth = JSON.parse(readFileSync(join(DATA.article, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
const pages = Object.keys(truth)
  .sort()
  .map((id) => ({ url: truth[id].url, html: decodeBody(gunzipSync(readFileSync(join(DATA.article, 'html', `${id}.html.gz`))), 'text/html').text }));

const base: ExtractOptions = { format: 'markdown', main: true };
const VARIANTS: Record<string, ExtractOptions> = {
  plain: base,
  exclude: { ...base, exclude: ['nav', 'footer', 'aside', 'form', '[class*="share"]', '[class*="related"]'] },
  // The selectors' own cost, with nothing removed to make the extraction cheaper.
  'exclude, nothing matched': { ...base, exclude: ['.x-none-1', '#x-none-2', 'x-none-3', '[data-x-none]', 'div.x-none > p', 'aside.x-none'] },
  include: { ...base, include: ['p'] },
  'one output (markdown)': { ...base, also: ['markdown'] },
  'markdown+links+images': { ...base, links: true, images: true, also: ['markdown'] },
  'markdown+text+html': { ...base, also: ['markdown', 'text', 'html'] },
};
const names = Object.keys(VARIANTS);

const times = new Map(names.map((n) => [n, pages.map(() => [] as number[])]));
const unmatched = new Set<number>();
// One warm-up pass, so the first variant does not pay for the JIT.
for (const p of pages) extract(p.html, p.url, base);
for (let r = 0; r < ROUNDS; r++) {
  pages.forEach((p, i) => {
    for (const n of names) {
      const s = performance.now();
      try {
        extract(p.html, p.url, VARIANTS[n]);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'SELECTOR_NOT_FOUND')) throw err;
        unmatched.add(i);
      }
      times.get(n)![i].push(performance.now() - s);
    }
  });
}
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const total = (n: string, skip = new Set<number>()) => times.get(n)!.reduce((sum, xs, i) => (skip.has(i) ? sum : sum + median(xs)), 0);

console.log(`reader controls on ${pages.length} article-extraction pages, ${ROUNDS} rounds, median per page, summed`);
const row = (label: string, n: string, against: string, goal: number, skip?: Set<number>) => {
  const a = total(n, skip);
  const b = total(against, skip);
  const ratio = a / b;
  console.log(
    `  ${label.padEnd(44)} ${a.toFixed(0).padStart(6)} ms vs ${b.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(3)}  (goal ≤ ${goal}) ${ratio <= goal ? 'ok' : 'OVER'}`,
  );
};
row('exclude (6 selectors) vs plain', 'exclude', 'plain', 1.1);
row('exclude (6 selectors matching nothing) vs plain', 'exclude, nothing matched', 'plain', 1.1);
row(`include=p vs plain (${pages.length - unmatched.size} pages matched)`, 'include', 'plain', 1.1, unmatched);
row('formats markdown+links+images vs markdown', 'markdown+links+images', 'one output (markdown)', 1.3);
row('formats markdown+text+html vs markdown', 'markdown+text+html', 'one output (markdown)', 1.3);
