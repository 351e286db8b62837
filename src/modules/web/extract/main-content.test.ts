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
    const post = (n: number) =>
      `<div class="post"><div class="author">user${n}</div><div class="message">Reply number ${n} says something useful about the telescope question.</div></div>`;
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

  it('reads past a stray "<![CDATA[" in the body, as browsers do (a bogus comment up to the next ">")', () => {
    const html = `<html><body><![CDATA[\n<div id="top"></div><article>${para('After the stray marker.')}${para('Still here.')}</article></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('After the stray marker.');
    expect(x.content).toContain('Still here.');
  });

  it('shows the content a streamed React page sends in hidden segments, in the place of its placeholder', () => {
    const html = `<html><body><div hidden=""></div><nav><a href="/">Home</a></nav><main><template id="B:0"></template></main><footer>Footer links</footer>
      <div hidden id="S:0"><article>${para('Streamed article.')}${para('Second part.')}</article></div></body></html>`;
    const x = extract(html, 'https://e.com/blog/post', { format: 'text', main: true });
    expect(x.content).toContain('Streamed article.');
    expect(x.content).toContain('Second part.');
  });

  it('keeps a data table whose class carries a layout word ("sticky-header")', () => {
    const row = (n: number) => `<tr><td>${1900 + n}</td><td><a href="/p${n}">Person ${n}</a></td><td><a href="/q${n}">Other ${n}</a></td></tr>`;
    const html = `<html><body><div id="content"><h1>List of laureates</h1>${para('Laureates receive a medal and a diploma.')}${para('Prizes are given each year.')}${para('Some years have no prize.')}
      <table class="wikitable sortable sticky-header"><thead><tr><th>Year</th><th>Physics</th><th>Chemistry</th></tr></thead><tbody>${Array.from({ length: 12 }, (_, i) => row(i + 1)).join('')}</tbody></table></div></body></html>`;
    const x = extract(html, 'https://e.com/wiki/List', { format: 'text', main: true });
    expect(x.content).toContain('Laureates receive a medal');
    expect(x.content).toContain('Person 12');
  });

  it('keeps the link lists of a "list of" page, which are what it is about', () => {
    const section = (l: string) =>
      `<h2>${l}</h2><ul>${[1, 2, 3, 4, 5, 6].map((n) => `<li><a href="/wiki/${l}${n}">${l}-language ${n}</a></li>`).join('')}</ul>`;
    const html = `<html><head><meta property="og:type" content="article"></head><body><div id="content"><h1>List of languages</h1>
      <p>This is an index of notable languages, in current or historical use, grouped by the first letter of their name.</p>${para('Dialects are left out.')}
      ${['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map(section).join('')}</div></body></html>`;
    const x = extract(html, 'https://e.com/wiki/List', { format: 'text', main: true });
    expect(x.content).toContain('index of notable languages');
    expect(x.content).toContain('A-language 1');
    expect(x.content).toContain('H-language 6');
  });

  it('counts words of CJK text per character and of other scripts per word', () => {
    const x = extract('<html><body><p>日本語 and two words</p></body></html>', 'https://e.com/', { format: 'text', main: false });
    expect(x.words).toBe(6);
  });
});

// The pages below are constructed for these tests: small HTML showing one structure each.
describe('main content extraction on pages that are not one article', () => {
  const card = (n: number) =>
    `<li class="card"><a href="/p/${n}"><img src="/p${n}.jpg" alt="">Item number ${n} in the grid</a><span class="price">$${n}9.00</span></li>`;
  const spec = (n: number) => `<p>Feature ${n}: the frame is steel, the top is oak, and the finish resists water and scratches.</p>`;

  it('drops review sections and "people also viewed" shelves after a product, keeping the product', () => {
    const review = (n: number) =>
      `<div class="review-item"><p>Reviewer ${n} liked it a lot and wrote a long paragraph about how it held up over a year of daily use at home.</p></div>`;
    const html = `<html><body><div id="page"><h1>Oak Desk</h1><p class="price">$499.00</p>${[1, 2, 3, 4].map(spec).join('')}
      <section class="product-reviews"><h2>Customer reviews</h2>${[1, 2, 3].map(review).join('')}</section>
      <div class="shelf"><h2>People who viewed this item also viewed</h2><ul>${[1, 2, 3, 4].map(card).join('')}</ul></div></div></body></html>`;
    const x = extract(html, 'https://shop.example/desk', { format: 'text', main: true });
    expect(x.content).toContain('Oak Desk');
    expect(x.content).toContain('Feature 4');
    expect(x.content).not.toMatch(/Reviewer|Item number/);
  });

  it('drops signatures under the posts of a thread, keeping every post', () => {
    const post = (n: number) =>
      `<div class="post"><div class="message">Reply number ${n} explains how the mount should be balanced before a long night of observing.</div><div class="signature"><p>Scope: 8 inch dob, mount: EQ6</p><p>clear skies from user${n}</p></div></div>`;
    const html = `<html><body><header><a href="/">Forum</a></header><main><h1>Balancing a mount</h1>${[1, 2, 3, 4, 5].map(post).join('')}</main></body></html>`;
    const x = extract(html, 'https://forum.example/t/1', { format: 'text', main: true });
    for (const n of [1, 2, 3, 4, 5]) expect(x.content).toContain(`Reply number ${n}`);
    expect(x.content).not.toContain('clear skies');
  });

  it('drops the filter panel of a category page, keeping its grid', () => {
    const html = `<html><body><div class="layout"><div class="block filter"><strong>Shop by</strong><ul>${['Colour', 'Size', 'Brand', 'Price'].map((f) => `<li><a href="?f=${f}">${f}</a> (12)</li>`).join('')}</ul></div>
      <div class="products"><h1>Desks</h1><ul>${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></div></div></body></html>`;
    const x = extract(html, 'https://shop.example/desks', { format: 'text', main: true });
    expect(x.content).toContain('Item number 6 in the grid');
    expect(x.content).not.toContain('Shop by');
  });

  it('returns the grid of a listing, not the one prose blurb beside it', () => {
    // Rows of link cards read as link farms, so the blurb alone looks like most of the readable text.
    const row = (n: number) => `<div class="row">${[1, 2, 3, 4].map((k) => `<a href="/p/${n}${k}">Desk model ${n}${k}</a>`).join(' ')}</div>`;
    const blurb = `<div class="promo-text"><p>${'Join our club for early access to new arrivals, members-only prices and free delivery on every order. '.repeat(3)}</p></div>`;
    const html = `<html><body><div class="wrap"><h1>All desks</h1><div class="grid">${Array.from({ length: 16 }, (_, i) => row(i + 1)).join('')}</div>${blurb}</div></body></html>`;
    const x = extract(html, 'https://shop.example/all', { format: 'text', main: true });
    expect(x.method).toBe('page');
    expect(x.content).toContain('Desk model 11');
    expect(x.content).toContain('Desk model 164');
  });

  it('does not take a short intro for the content of a category page that calls itself an article', () => {
    const item = (n: number) => `<li>Recipe ${n}: ready in ${n + 10} minutes, serves four people at the table</li>`;
    const html = `<html><head><meta property="og:type" content="article"></head><body><div class="archive"><h1>Air fryer recipes</h1>
      <div class="head"><div class="intro"><p>${'These air fryer recipes are fast, crisp and easy, and every one of them is tested in our kitchen twice. '.repeat(3)}</p></div></div>
      <div class="list"><ul>${Array.from({ length: 16 }, (_, i) => item(i + 1)).join('')}</ul></div></div></body></html>`;
    const x = extract(html, 'https://food.example/category/air-fryer', { format: 'text', main: true });
    expect(x.content).toContain('These air fryer recipes');
    expect(x.content).toContain('Recipe 16: ready in 26 minutes');
  });

  it('starts a listing at its title, dropping the promo strip and breadcrumbs above it', () => {
    const row = (n: number) => `<div class="row">${[1, 2, 3, 4].map((k) => `<a href="/p/${n}${k}">Desk model ${n}${k}</a>`).join(' ')}</div>`;
    const html = `<html><body><div class="wrap"><div class="strip">Free shipping over $50 this week only</div><div class="crumbs">Home / Furniture / Desks</div>
      <h1>All desks</h1><div class="grid">${Array.from({ length: 16 }, (_, i) => row(i + 1)).join('')}</div>
      <p>${'Every desk ships flat-packed with tools included, and each one is covered by a ten-year warranty. '.repeat(3)}</p></div></body></html>`;
    const x = extract(html, 'https://shop.example/all', { format: 'text', main: true });
    expect(x.method).toBe('page');
    expect(x.content).toMatch(/^All desks/);
    expect(x.content).toContain('ten-year warranty');
    expect(x.content).toContain('Desk model 164');
    expect(x.content).not.toMatch(/Free shipping|Furniture/);
  });

  it('keeps a block repeated under every tile only once', () => {
    const tile = (n: number) =>
      `<div class="tile"><h3>Model ${n}</h3><p>Model ${n} has a bright screen, a long battery life and a light aluminium body.</p><p>* Colour and model availability may vary by region.</p></div>`;
    const html = `<html><body><div class="range"><h1>Tablets</h1>${[1, 2, 3, 4, 5].map(tile).join('')}</div></body></html>`;
    const x = extract(html, 'https://shop.example/tablets', { format: 'text', main: true });
    expect(x.content).toContain('Model 5 has a bright screen');
    expect(x.content.match(/availability may vary/g)).toHaveLength(1);
  });

  it('returns every post of a thread declared as DiscussionForumPosting, not the longest post alone', () => {
    const ld = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Mount balance"}</script>`;
    const long = `<div class="post"><div class="body">${para('The opening post.')}${para('Its details.')}</div></div>`;
    const reply = (n: number) =>
      `<div class="post"><div class="body"><p>Reply ${n}: balance the counterweight first, then the dovetail, and check again with the camera on.</p></div></div>`;
    const html = `<html><head>${ld}</head><body><div class="thread"><h1>Mount balance</h1>${long}${[1, 2, 3].map(reply).join('')}</div></body></html>`;
    const x = extract(html, 'https://forum.example/t/2', { format: 'text', main: true });
    expect(x.method).toBe('page');
    expect(x.content).toContain('The opening post.');
    expect(x.content).toContain('Reply 3: balance the counterweight');
  });

  it('keeps a declared review article whose body carries a "review" class', () => {
    const html = `<html><head><meta property="og:type" content="article"></head><body><article class="review">${para('The desk review.')}${para('Verdict.')}</article></body></html>`;
    const x = extract(html, 'https://mag.example/desk-review', { format: 'text', main: true });
    expect(x.content).toContain('The desk review.');
    expect(x.content).toContain('Verdict.');
  });

  it('returns every post of a declared thread whose first post is marked as the articleBody', () => {
    const ld = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Mount balance"}</script>`;
    const first = `<div class="post"><div itemprop="articleBody">${para('The opening post.')}${para('Its details.')}</div></div>`;
    const reply = (n: number) =>
      `<div class="post"><p>Reply ${n}: balance the counterweight first, then the dovetail, and check again with the camera on.</p></div>`;
    const html = `<html><head>${ld}</head><body><div class="thread"><h1>Mount balance</h1>${first}${[1, 2, 3].map(reply).join('')}</div></body></html>`;
    const x = extract(html, 'https://forum.example/t/3', { format: 'text', main: true });
    expect(x.content).toContain('The opening post.');
    expect(x.content).toContain('Reply 3: balance the counterweight');
  });

  it('reads the content that follows a premature </body></html>, as browsers do', () => {
    const html = `<html><head><title>T</title></head><body><header><a href="/">Home</a></header></body></html><div class="post">${para('After the close.')}${para('Still the article.')}</div>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('After the close.');
    expect(x.content).toContain('Still the article.');
  });

  it('keeps a page a script would reveal (a hidden wrapper around all of it), but still drops small hidden parts', () => {
    const html = `<html><body><div style="visibility:hidden"><article>${para('Revealed body.')}${para('More of it.')}<div style="display:none">A hidden tooltip.</div></article></div></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('Revealed body.');
    expect(x.content).not.toContain('hidden tooltip');
  });

  it('still drops a hidden section inside a visible article, however long', () => {
    const html = `<html><body><article><h1>Title</h1><div style="visibility:hidden">${para('Hidden part.')}${para('Hidden too.')}</div><h2>Shown</h2><div>${para('Visible part.')}</div></article></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content).toContain('Visible part.');
    expect(x.content).not.toContain('Hidden part.');
  });
  it('does not answer empty when a theme names every block of the content with a boilerplate word', () => {
    const card = (n: number) =>
      `<div class="theme-widget card-${n}"><h3>Trail ${n}</h3><p>Difficulty: beginner. Length: ${n} miles of shaded singletrack.</p></div>`;
    const html = `<html><body><header><nav><a href="/">Home</a><a href="/trails">Trails</a><a href="/events">Events</a></nav></header>
      <div class="page">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div>
      <footer><p>Contact: info@example.org, PO Box 1, Springfield. Copyright the club.</p></footer></body></html>`;
    const x = extract(html, 'https://e.com/trails', { format: 'text', main: true });
    for (const n of [1, 2, 8]) expect(x.content).toContain(`Trail ${n}`);
    expect(x.content).not.toMatch(/Events|PO Box/);
  });

  it("drops a site footer longer than the page (a testimonial carousel) when the page's heading and text lie outside it", () => {
    const quote = (n: number) =>
      `<div class="slide"><p>Customer ${n} says: ${'Lovely shop, quick delivery, kind people, and everything arrived exactly as described. '.repeat(2)}</p><span>Customer ${n}</span></div>`;
    const html = `<html><body><header><a href="/">Shop</a></header><div class="product"><h1>Hemp dress</h1>${para('Three layers of flowy hemp.')}${para('Made to order.')}</div>
      <footer><div class="testimonials">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(quote).join('')}</div><p>Copyright the shop.</p></footer></body></html>`;
    const x = extract(html, 'https://e.com/dress', { format: 'text', main: true });
    expect(x.content).toContain('Three layers of flowy hemp.');
    expect(x.content).not.toMatch(/Customer 3|Copyright/);
  });

  it("drops a sidebar of prose (a reviews widget) beside the column holding the page's heading", () => {
    const review = (n: number) =>
      `<div class="card"><p>Reviewer ${n}: ${'Rented a tent for the weekend and the whole process was smooth and friendly. '.repeat(2)}</p></div>`;
    const html = `<html><body><div id="content-area"><div id="left-area"><h1>Backpack rental</h1>${para('Anti-gravity suspension.')}${para('Top and front access.')}</div>
      <div id="sidebar"><div class="textwidget">${[1, 2, 3].map(review).join('')}</div></div></div></body></html>`;
    const x = extract(html, 'https://e.com/pack', { format: 'text', main: true });
    expect(x.content).toContain('Top and front access.');
    expect(x.content).not.toContain('Reviewer 2');
  });

  it('keeps the content of a layout wrapper whose class names its sidebar, when the heading sits above it', () => {
    const html = `<html><body><div class="hero"><h1>Small business guide</h1></div><div class="layout-sidebar-left"><div class="layout-main">${para('First step.')}${para('Second step.')}${para('Third step.')}</div></div></body></html>`;
    const x = extract(html, 'https://e.com/guide', { format: 'text', main: true });
    expect(x.content).toContain('Second step.');
  });

  it('answers empty for a shell whose item a script renders, leaving only the site footer', () => {
    const col = (w: string) => `<div class="col"><h5>${w}</h5><p>${[1, 2, 3, 4, 5, 6].map((n) => `${w} topic ${n}`).join(', ')}</p></div>`;
    const html = `<html><body><div id="root"></div><footer><div class="site-footer">${col('Help')}${col('Languages')}${col('Browse by category')}<p>The group's other sites.</p></div></footer></body></html>`;
    const x = extract(html, 'https://e.com/item/1', { format: 'text', main: true });
    expect(x.content.trim()).toBe('');
  });

  it('drops a cookie consent box even when its legal prose outweighs the rest of the page', () => {
    const legal = 'We use cookies and other technologies to provide our services, measure audiences and personalise advertising. '.repeat(6);
    const html = `<html><body><section id="gdpr-banner" class="page-notice"><p>${legal}</p></section><div class="item"><h1>Silver proof set</h1><p>Ten cent, quarter, half dollar and dollar coins in original packaging.</p></div></body></html>`;
    const x = extract(html, 'https://e.com/itm/1', { format: 'text', main: true });
    expect(x.content).toContain('original packaging');
    expect(x.content).not.toContain('personalise advertising');
  });

  it('keeps a recipe whose class names cookies', () => {
    const html = `<html><body><div class="cookie-recipe"><h1>Oat cookies</h1>${para('Cream the butter.')}${para('Fold in the oats.')}</div></body></html>`;
    const x = extract(html, 'https://e.com/oat-cookies', { format: 'text', main: true });
    expect(x.content).toContain('Fold in the oats.');
  });

  it("keeps a long footer-tagged block that holds the page's own heading", () => {
    const html = `<html><body><header><a href="/">Blog</a></header><footer class="post"><h1>Notes on a ridge walk</h1>${para('First.')}${para('Second.')}${para('Third.')}</footer></body></html>`;
    const x = extract(html, 'https://e.com/walk', { format: 'text', main: true });
    expect(x.content).toContain('Third.');
  });

  it('still answers empty for a page that is nothing but header, menus and footer', () => {
    const links = (w: string) => [1, 2, 3, 4, 5, 6].map((n) => `<a href="/${w}${n}">${w} number ${n}</a>`).join(' ');
    const html = `<html><body><header><nav>${links('Watches')}</nav></header>
      <footer><div class="footer-menu">${links('Support')}</div><div class="footer-menu">${links('Company')}</div><div class="footer-menu">${links('Careers')}</div><div class="footer-legal"><p>Copyright the company. All rights reserved. Terms of use.</p></div></footer></body></html>`;
    const x = extract(html, 'https://e.com/', { format: 'text', main: true });
    expect(x.content.trim()).toBe('');
  });

  it("keeps a hidden wrapper holding the page's text even when its JSON-LD is longer than the text", () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@type': 'ItemList', itemListElement: Array.from({ length: 80 }, (_, i) => ({ name: `Item number ${i} of the list`, url: `https://e.com/i/${i}` })) })}</script>`;
    const html = `<html><body><header><a href="/">Shop</a></header><div style="display:none"><h2>Results</h2>${para('First result.')}${para('Second result.')}</div>${ld}</body></html>`;
    const x = extract(html, 'https://e.com/s', { format: 'text', main: true });
    expect(x.content).toContain('First result.');
    expect(x.content).toContain('Second result.');
  });
});
