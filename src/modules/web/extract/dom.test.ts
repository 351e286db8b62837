import { describe, expect, it } from 'vitest';
import { collapsedLength, descendants, innerLength, joinSpans, parseHtml, spanOf, textOf } from './dom.js';

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
