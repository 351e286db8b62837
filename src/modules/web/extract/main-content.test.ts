import { describe, expect, it } from 'vitest';
import { extract } from './index.js';

const para = (s: string) => `<p>${s} ${'This sentence adds ordinary prose to the paragraph, with commas, clauses, and detail. '.repeat(3)}</p>`;

describe('main content extraction', () => {
  it('keeps the article and drops navigation, footer, cookie box and related links', () => {
    const html = `<html><body><nav><a href="/a">A</a><a href="/b">B</a></nav><div class="cookie-banner">We use cookies <a href="/p">ok</a></div>
      <article>${para('First.')}${para('Second.')}${para('Third.')}</article>
      <div class="related-stories"><a href="/1">One story</a><a href="/2">Two story</a><a href="/3">Three story</a></div>
      <footer>Copyright and <a href="/about">About</a></footer></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toMatch(/^First\./);
    expect(x.content).toContain('Third.');
    expect(x.content).not.toMatch(/cookies|One story|Copyright/);
  });

  it('keeps a post area that a theme calls a "widget", when it reads as prose', () => {
    const html = `<html><body><div class="widget Blog"><div class="post-body">${para('Only post.')}</div></div><div class="widget sidebar"><a href="/x">Archive</a><a href="/y">Labels</a></div></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('Only post.');
    expect(x.content).not.toContain('Archive');
  });

  it('reads <noscript> content, which is what a reader without scripts sees', () => {
    const html = `<html><body><div id="app"></div><noscript><div class="crawler">${para('Server rendered thread.')}</div></noscript><noscript>Please enable JavaScript.</noscript></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('Server rendered thread.');
    expect(x.content).not.toContain('enable JavaScript');
  });

  it('keeps every post of a thread rather than the longest one', () => {
    const post = (n: number) => `<div class="post"><div class="author">user${n}</div><div class="message">Reply number ${n} says something useful about the telescope question.</div></div>`;
    const html = `<html><body><header><a href="/">Forum</a></header><main><h1>Which telescope?</h1>${[1, 2, 3, 4, 5, 6].map(post).join('')}</main></body></html>`;
    const x = extract(html, 'https://e.com/t/1', { format: 'text', main: true });
    for (const n of [1, 2, 3, 4, 5, 6]) expect(x.content).toContain(`Reply number ${n}`);
  });

  it('drops image captions, credits and date lines inside the article, keeping the image', () => {
    const html = `<html><body><article><p class="byline">By A. Writer</p><div class="timestamp"><time>May 1</time></div>${para('Body text.')}
      <figure><img src="/i.jpg" alt="alt"><figcaption>A caption. Photo: Agency</figcaption></figure>${para('More text.')}</article></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'markdown', main: true });
    expect(x.content).toContain('![alt](https://e.com/i.jpg)');
    expect(x.content).not.toMatch(/A caption|May 1|A\. Writer/);
  });

  it('prefers the schema.org articleBody when the page marks one', () => {
    const html = `<html><body><div class="teaser">${para('Teaser elsewhere.')}</div><div itemprop="articleBody">${para('Marked body.')}${para('Marked more.')}</div></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('Marked body.');
  });

  it('gives the same output for the same input', () => {
    const html = `<html><body><article>${para('Stable.')}${para('Twice.')}</article></body></html>`;
    const a = extract(html, 'https://e.com/', { format: 'markdown', main: true });
    const b = extract(html, 'https://e.com/', { format: 'markdown', main: true });
    expect(b).toEqual(a);
  });

  it('counts words of CJK text per character and of other scripts per word', () => {
    const x = extract('<html><body><p>日本語 and two words</p></body></html>', 'https://e.com/', { format: 'text', main: false });
    expect(x.words).toBe(6);
  });
});
