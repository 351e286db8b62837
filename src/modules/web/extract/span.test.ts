import { describe, expect, it } from 'vitest';
import { findBody, parseHtml, selectFirst, textOf, type Element } from './dom.js';
import { pickIsOneOfMany, pickSpan } from './span.js';

const prose = (s: string) => `${s} ${'Ordinary prose follows here, with clauses, commas and some detail. '.repeat(3)}`;
const el = (html: string, sel = 'div') => selectFirst(sel, findBody(parseHtml(`<html><body>${html}</body></html>`))!) as Element;
// What Readability leaves out: a list of services, worded unlike the prose around it.
const services = `<ul>${['Audits', 'Design reviews', 'Penetration tests', 'Training', 'Incident response', 'Compliance'].map((s) => `<li>${s}: we run these engagements for teams of every size, plan each one with you and report on it in writing.</li>`).join('')}</ul>`;

describe("pickSpan (the column between the first and last blocks of Readability's pick)", () => {
  it('restores what the pick dropped from its middle, not what follows its end', () => {
    const pick = el(`<div><p>${prose('Opening.')}</p><p>${prose('Closing.')}</p></div>`);
    const column = el(
      `<div><nav>Menu</nav><p>${prose('Opening.')}</p>${services}<p>${prose('Closing.')}</p><div class="comments"><p>${prose('A comment.')}</p></div></div>`,
    );
    const span = pickSpan(pick, column);
    const text = span ? textOf(span) : '';
    expect(text).toContain('Opening.');
    expect(text).toContain('Penetration tests');
    expect(text).toContain('Closing.');
    expect(text).not.toMatch(/Menu|A comment\./);
  });

  it('leaves the pick alone when it dropped little from its middle', () => {
    const pick = el(`<div><p>${prose('Opening.')}</p><p>${prose('Closing.')}</p></div>`);
    const column = el(`<div><p>${prose('Opening.')}</p><p>Share</p><p>${prose('Closing.')}</p><div>${services}</div></div>`);
    expect(pickSpan(pick, column)).toBeUndefined();
  });

  it('does not stretch to a later reply that quotes the pick', () => {
    const pick = el(`<div><p>${prose('First point.')}</p><p>${prose('Second point.')}</p></div>`);
    const column = el(
      `<div><p>${prose('First point.')}</p><p>${prose('Second point.')}</p><div class="reply">${services}<blockquote><p>${prose('First point.')}</p></blockquote></div></div>`,
    );
    expect(pickSpan(pick, column)).toBeUndefined();
  });

  it('matches text Readability rewrapped (a div of loose text split into paragraphs)', () => {
    const pick = el(`<div><p>${prose('Hello all.')}</p><p>${prose('Second line.')}</p><p>${prose('Last words.')}</p></div>`);
    const column = el(`<div><div class="msg">${prose('Hello all.')}<br>${prose('Second line.')}</div>${services}<p>${prose('Last words.')}</p></div>`);
    const text = textOf(pickSpan(pick, column) ?? pick);
    expect(text).toContain('Hello all.');
    expect(text).toContain('Penetration tests');
  });
});

describe('pickIsOneOfMany (Readability picked one item of a list)', () => {
  const post = (n: number) => `<div class="post"><div class="author">user${n}</div><p>${prose(`Post ${n} on the mount.`)}</p></div>`;

  it('is true when the pick is one post among several of the same kind', () => {
    const pick = el(`<div><p>${prose('Post 1 on the mount.')}</p></div>`);
    const column = el(`<div class="thread">${[1, 2, 3, 4].map(post).join('')}</div>`);
    expect(pickIsOneOfMany(pick, column)).toBe(true);
  });

  it('is false for an article followed by its comments', () => {
    const pick = el(`<div><p>${prose('The article.')}</p><p>${prose('Its end.')}</p></div>`);
    const comments = `<ol class="comments">${[1, 2, 3, 4].map((n) => `<li class="comment"><p>${prose(`Comment ${n}.`)}</p></li>`).join('')}</ol>`;
    const column = el(`<div class="main"><div class="entry"><p>${prose('The article.')}</p><p>${prose('Its end.')}</p></div>${comments}</div>`);
    expect(pickIsOneOfMany(pick, column)).toBe(false);
  });
});
