import { describe, expect, it } from 'vitest';
import { extract } from './index.js';

const para = (n: number) =>
  `<p>Paragraph ${n} of the article tells the reader something worth knowing about desks, chairs and the light of a good home office.</p>`;
const article = [1, 2, 3, 4, 5, 6].map(para).join('');
const read = (body: string) => extract(`<html><body>${body}</body></html>`, 'https://example.com/a', { format: 'text', main: true }).content;

describe('text no reader reads as content', () => {
  it('drops sign-in and newsletter forms, told by their password and e-mail fields', () => {
    const signIn =
      '<form><h3>Create an account</h3><label>First name</label><input name="first"><label>Password</label><input type="password"><p>8+ characters, 1 number</p></form>';
    const news = '<form><p>Get our weekly letter of new desks</p><input type="email" name="e"><button>Join</button></form>';
    const out = read(`<main><h1>Desks</h1>${article}${signIn}${news}</main>`);
    expect(out).toContain('Paragraph 6');
    expect(out).not.toMatch(/Create an account|8\+ characters|weekly letter/);
  });

  it('keeps a form that wraps the page (ASP.NET pages put the whole body in one)', () => {
    expect(read(`<form><input type="email" name="e"><main><h1>Desks</h1>${article}</main></form>`)).toContain('Paragraph 6');
  });

  it('drops text written for screen readers only', () => {
    const out = read(
      `<main><h1>Desks</h1>${article}<p><a href="/d/1">Oak desk<span class="sr-only">Option: oak, 120x60</span></a> <span class="visually-hidden">Regular price</span>$499</p></main>`,
    );
    expect(out).toContain('Oak desk');
    expect(out).toContain('$499');
    expect(out).not.toMatch(/Option: oak|Regular price/);
  });

  it('drops labels obfuscated into one long string of ids, but not code', () => {
    const ids = Array.from({ length: 8 }, (_, i) => `<span class="x${i}">${i}f2f260c3-bf1f-466a-b856-6f031758a086</span>`).join('');
    const json = Array.from({ length: 8 }, (_, i) => `<span class="t">"key_number_${i}_of_the_payload"</span>`).join('');
    const out = read(`<main><h1>Desks</h1>${article}<div class="label">${ids}</div><pre><code>${json.replace(/"/g, '')}</code></pre></main>`);
    expect(out).not.toContain('f2f260c3');
    expect(out).toContain('key_number_7_of_the_payload');
  });
});
