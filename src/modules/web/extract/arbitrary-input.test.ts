// Whatever bytes a site sends, extraction answers: a page is the one input of /v1/fetch that no
// failover stands behind, so a throw here is a 500 for the user. Generated inputs, from a fixed
// seed so a failure repeats: pieces of real markup (stray cells, unclosed tags, CDATA, JSON-LD)
// mixed with random bytes. Two crashes were found this way (a page without a body in format=html,
// table cells outside a table in markdown); the same generator over 20,000 inputs found no other.

import { describe, expect, it } from 'vitest';
import { extract, type ExtractOptions } from './index.js';

const PIECES = [
  '<html>',
  '<body>',
  '</body>',
  '<p>',
  '</p>',
  '<div class="a">',
  '</div>',
  '<a href="/x">',
  '</a>',
  '<table><tr><td>',
  '<td>',
  '</td>',
  '<tr>',
  '<th>',
  '<h1>',
  '<pre><code class="language-js">',
  '<!--',
  '-->',
  '<script type="application/ld+json">{"@type":"Article","articleBody":"x"}</script>',
  '<meta property="og:title" content="t">',
  '<title>T</title>',
  '<img src="a.png">',
  '<ul><li>',
  '<main>',
  '<article>',
  '<![CDATA[',
  ']]>',
  '<br>',
  'text ',
  'more words here. ',
  '&amp;',
  '&#0;',
  '\u0000',
];

/** mulberry32: a small seeded generator, so the inputs are the same on every run. */
function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function inputs(count: number, seed: number): string[] {
  const r = seeded(seed);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => r(256))).toString(r(2) ? 'latin1' : 'utf8');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) out.push(bytes(1 + r(600)));
    else out.push(Array.from({ length: 1 + r(40) }, () => (r(4) ? PIECES[r(PIECES.length)] : bytes(1 + r(20)))).join(''));
  }
  return out;
}

const OPTIONS: ExtractOptions[] = (['markdown', 'html', 'text', 'json'] as const).flatMap((format) =>
  [true, false].map((main) => ({ format, main, links: true })),
);

describe('extraction of arbitrary input', () => {
  it('answers every generated page in every format, with and without main-content extraction', () => {
    const failures: string[] = [];
    for (const html of inputs(400, 19)) {
      for (const opts of OPTIONS) {
        try {
          const x = extract(html, 'https://e.com/page', opts);
          if (typeof x.content !== 'string') failures.push(`${opts.format}/${opts.main}: content ${typeof x.content}`);
        } catch (e) {
          failures.push(`${opts.format}/${opts.main} ${JSON.stringify(html.slice(0, 80))}: ${(e as Error).message}`);
        }
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
