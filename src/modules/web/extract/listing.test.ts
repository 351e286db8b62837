import { describe, expect, it } from 'vitest';
import { findBody, parseHtml, selectFirst, type Element } from './dom.js';
import { pickIsPartOfGrid } from './listing.js';

const el = (html: string, sel = 'div') => selectFirst(sel, findBody(parseHtml(`<html><body>${html}</body></html>`))!) as Element;
const cards = (n: number) =>
  `<ul class="grid">${Array.from({ length: n }, (_, i) => `<li class="card"><a href="/item/${i}"><img src="/i${i}.jpg">Walnut side table number ${i}, oiled finish</a><span>$${100 + i}</span></li>`).join('')}</ul>`;
const prose = (s: string) => `${s} ${'Ordinary prose follows here, with clauses, commas and some detail. '.repeat(4)}`;

describe('pickIsPartOfGrid (an undeclared listing where Readability picked a few cards)', () => {
  it('takes a pick made of cards of a grid that holds most of the column for a piece of a listing', () => {
    const column = el(`<div><h1>Side tables</h1>${cards(12)}</div>`);
    const pick = el(`<div>${cards(3)}</div>`);
    expect(pickIsPartOfGrid(pick, column)).toBe(true);
  });

  it('keeps an article beside a grid of related stories: its text lies outside the grid', () => {
    const article = `<p>${prose('The opening.')}</p><p>${prose('The middle.')}</p>`;
    const column = el(`<div><h1>A story</h1>${article}${cards(12)}</div>`);
    const pick = el(`<div>${article}</div>`);
    expect(pickIsPartOfGrid(pick, column)).toBe(false);
  });

  it('ignores a grid holding a small share of the column', () => {
    const long = Array.from({ length: 12 }, (_, i) => `<p>${prose(`Part ${i}.`)}</p>`).join('');
    const column = el(`<div>${long}${cards(4)}</div>`);
    expect(pickIsPartOfGrid(el(`<div>${cards(4)}</div>`), column)).toBe(false);
  });
});
