// format=html: the extracted content as clean HTML, whatever the page's shape. A page need not
// have a <body>: a fragment, or bytes that only claim to be HTML (an upstream sending garbage
// as text/html, which the soak does), parses to a document with neither body nor html element.

import { describe, expect, it } from 'vitest';
import { extract } from './index.js';

// Bytes a misbehaving server sent as text/html, decoded as Latin-1: no tag a parser can use.
const GARBAGE = Buffer.from('8f1c3b00e2a97d41ff10c2d35ea0b6cc7e0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6', 'hex').toString('latin1');

describe('clean HTML', () => {
  it('keeps the attributes that carry meaning and drops presentation', () => {
    const html =
      '<html><body><article><h1 class="big" style="x">Title</h1><p>Some <span class="s">text</span> with <a href="/a" onclick="x()" class="l">a link</a>.</p><img src="/i.png" alt="pic" style="w"></article></body></html>';
    const { content } = extract(html, 'https://e.com/', { format: 'html', main: false });
    expect(content).toContain('<h1>Title</h1>');
    expect(content).toContain('<a href="https://e.com/a">a link</a>');
    expect(content).toContain('Some text with');
    expect(content).not.toMatch(/class=|style=|onclick=/);
  });

  it('answers a page with no body element, from its content or from the page as a whole', () => {
    const fragment = '<p class="x">Just a <b>fragment</b>, no html or body element.</p>';
    for (const main of [true, false]) {
      const { content } = extract(fragment, 'https://e.com/', { format: 'html', main });
      expect(content).toContain('Just a <b>fragment</b>, no html or body element.');
      expect(content).not.toContain('class=');
    }
    // The page as a whole keeps the paragraph itself (the content picked is what is inside it).
    expect(extract(fragment, 'https://e.com/', { format: 'html', main: false }).content).toBe('<p>Just a <b>fragment</b>, no html or body element.</p>');
  });

  it('answers garbage sent as HTML with what text there is instead of failing', () => {
    for (const main of [true, false]) {
      const x = extract(GARBAGE, 'https://e.com/', { format: 'html', main });
      expect(typeof x.content).toBe('string');
      expect(x.content).not.toMatch(/<\w+ [^>]*=/);
    }
  });
});
