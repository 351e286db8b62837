import { describe, expect, it } from 'vitest';
import {
  type AnyNode,
  collapsedLength,
  descendants,
  innerLength,
  joinSpans,
  MAX_DOM_DEPTH,
  MAX_DOM_NODES,
  type ParentNode,
  parseHtml,
  spanOf,
  textOf,
} from './dom.js';

const slow = (s: string) => s.replace(/\s+/g, ' ').trim().length;

describe('text lengths as a reader sees them', () => {
  it('count like collapsing every whitespace run (Unicode spaces included) and trimming', () => {
    const spaces = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2003', '\u2028', '\u202f', '\u3000', '\ufeff'];
    const alphabet = [...spaces, 'a', 'é', '日', '😀', '-'];
    let x = 12345;
    const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      let s = '';
      for (let k = next() % 30; k > 0; k--) s += alphabet[next() % alphabet.length];
      expect(collapsedLength(s), JSON.stringify(s)).toBe(slow(s));
    }
  });

  it('count across the text of nested elements as one text', () => {
    const doc = parseHtml('<body> <div>  Hello <b>big </b>\n<i> world</i> <p>\u00a0again\u3000</p></div> </body>');
    for (const el of descendants(doc)) expect(innerLength(el), el.name).toBe(slow(textOf(el)));
    expect(innerLength(doc)).toBe(slow(textOf(doc)));
  });

  it('join as the texts concatenate, so a tree is measured in one pass', () => {
    const pieces = ['', ' ', '  a', 'b ', ' c d ', '\u00a0', 'e', '\n\n', 'fg'];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const joined = joinSpans(joinSpans(spanOf(a), spanOf(b)), spanOf(c));
          expect(joined.len, JSON.stringify([a, b, c])).toBe(slow(a + b + c));
          expect(joinSpans(spanOf(a), joinSpans(spanOf(b), spanOf(c))).len).toBe(joined.len);
        }
  });
});

/** The depth of the deepest element (html is 1). */
function maxDepth(root: ParentNode): number {
  let max = 0;
  const stack: [AnyNode, number][] = root.children.map((c) => [c, 1]);
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (n.type !== 'tag') continue;
    max = Math.max(max, d);
    for (const c of (n as ParentNode).children) stack.push([c, d + 1]);
  }
  return max;
}

describe('the parsed tree is bounded as it is built', () => {
  it('puts elements past MAX_DOM_DEPTH beside each other at that depth, every word kept in order', () => {
    const levels = 3 * MAX_DOM_DEPTH;
    const words = Array.from({ length: levels }, (_, i) => `w${i}`);
    // Each level opens with its word, and the text after each closing tag comes back in order.
    const html = `<html><body>${words.map((w) => `<div class="d">${w} `).join('')}${words.map((_, i) => `</div>t${i} `).join('')}</body></html>`;
    const doc = parseHtml(html);
    expect(maxDepth(doc)).toBe(MAX_DOM_DEPTH);
    const text = textOf(doc).split(/\s+/).filter(Boolean);
    expect(text).toEqual([...words, ...words.map((_, i) => `t${i}`)]);
    expect(descendants(doc).filter((e) => e.attribs.class === 'd')).toHaveLength(levels);
  });

  it('keeps pages at and under MAX_DOM_DEPTH as they are', () => {
    const html = `<html><body>${'<div>'.repeat(MAX_DOM_DEPTH - 2)}deep${'</div>'.repeat(MAX_DOM_DEPTH - 2)}</body></html>`;
    expect(maxDepth(parseHtml(html))).toBe(MAX_DOM_DEPTH);
  });

  it('refuses a page of more than MAX_DOM_NODES nodes with PAGE_TOO_COMPLEX naming the limit', () => {
    const under = `<html><body>${'<p>x</p>'.repeat(MAX_DOM_NODES / 2 - 10)}</body></html>`;
    expect(descendants(parseHtml(under)).length).toBe(MAX_DOM_NODES / 2 - 10 + 2);
    const over = `<html><body>${'<p>x</p>'.repeat(MAX_DOM_NODES / 2 + 1)}</body></html>`;
    expect(() => parseHtml(over)).toThrow(
      expect.objectContaining({ code: 'PAGE_TOO_COMPLEX', statusCode: 422, extra: { limit: 'nodes', max: MAX_DOM_NODES } }),
    );
  });
});
