// The one-pass matcher of caller selectors: the same elements, in the same order, as css-select
// finds (its reference, as dom.ts's select runs it), on a constructed page with lists, tables, siblings and nesting; and the
// shapes that were minutes in css-select (issue 42) answered over a page of many siblings.

import { describe, expect, it } from 'vitest';
import { parseHtml, select } from './dom.js';
import { checkedQuery, compileQuery, queryAll } from './query.js';
import { SelectorError } from './selector-shape.js';
import { REAL_SELECTORS } from './testing/real-selectors.js';

// Constructed for this test: the structures include/exclude lists aim at.
const PAGE = `<!doctype html><html><head><title>T</title></head><body>
<header class="top"><nav><ul class="menu"><li><a href="/">Home</a></li><li class="on"><a href="/news">News</a></li><li>Plain</li></ul></nav></header>
<main id="main"><article class="post"><h1>Title</h1><p class="meta">By A</p><p>One <b>bold</b> <i>it</i></p><h2>Part</h2><p>Two</p><p>Three <img src="/x.png" alt=""></p>
<div class="share"><a href="/s" rel="nofollow noopener">Share</a></div><table><tr><th>K</th><th>V</th></tr><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>
<section><h2 class="title">More</h2><p></p><ol><li>x</li><li><a href="/y">y</a></li></ol></section></article>
<aside class="a">A</aside><div class="b">B1</div><span class="b">B2</span><div class="b">B3</div></main>
<footer><p>Foot <a href="/about">About</a></p></footer><div id="cookie-banner" hidden>Cookies</div></body></html>`;

// The real kinds, and the positional and combinator shapes the matcher answers itself.
const SELECTORS = [
  ...REAL_SELECTORS,
  '*',
  'p',
  'nav, footer',
  'h2 ~ p',
  'body main p b',
  'li:nth-child(2)',
  'li:last-child',
  'li:only-child',
  'p:first-of-type',
  'p:last-of-type',
  'tr:nth-last-child(2) td',
  'b:only-of-type',
  'article:has(img)',
  'div:not(:has(a))',
  'a[rel~=nofollow]',
  ':root > body',
  'html',
  'p:empty',
  'main > :first-child',
  'article p ~ div > a',
  ':is(h1, h2) + p ~ p',
];

describe('the one-pass selector matcher', () => {
  it('finds what css-select finds, in document order', () => {
    const doc = parseHtml(PAGE);
    for (const s of SELECTORS) {
      const ours = queryAll(compileQuery(s), doc);
      const reference = select(s, doc);
      expect(
        ours.map((e) => e.name + (e.attribs.class ?? '')),
        s,
      ).toEqual(reference.map((e) => e.name + (e.attribs.class ?? '')));
      expect(
        ours.every((e, i) => e === reference[i]),
        s,
      ).toBe(true);
    }
  });

  it('answers sibling and :has() selectors over thousands of siblings (each matched in one pass)', () => {
    const items = 3000;
    const doc = parseHtml(`<html><body><div class="first">0</div>${'<div class="item">x</div>'.repeat(items)}</body></html>`);
    expect(queryAll(compileQuery('.first ~ div'), doc)).toHaveLength(items);
    expect(queryAll(compileQuery('.nope ~ div'), doc)).toHaveLength(0);
    expect(queryAll(compileQuery('div + .item:nth-child(3n)'), doc)).toHaveLength(items / 3);
    expect(queryAll(compileQuery('body:has(> .item)'), doc)).toHaveLength(1);
    expect(queryAll(compileQuery('.item:last-of-type'), doc)).toHaveLength(1);
  });

  it('refuses what css-select cannot run as invalid', () => {
    for (const s of ['p::before', 'p:no-such-pseudo', 'svg|rect']) expect(() => checkedQuery(s), s).toThrow(SelectorError);
  });
});
