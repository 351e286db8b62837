import { describe, expect, it } from 'vitest';
import { extract } from './index.js';
import { parseHtml, selectFirst } from './dom.js';
import { isCardGrid } from './product.js';

const PRODUCT_LD = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak Desk', offers: { '@type': 'Offer', price: '499.00' } })}</script>`;
const spec = (n: number) => `<tr><th>Property ${n}</th><td>Value ${n} of the oak desk</td></tr>`;
const card = (n: number) => `<div class="product-card post-${n}"><a href="/p/${n}">Other desk ${n}</a><span class="price">$${n}9.00</span></div>`;
const description = `<div class="description"><p>${'The oak desk has a solid top, steel legs and a cable tray, and it is made to last for decades of daily work. '.repeat(3)}</p></div>`;

describe('product pages', () => {
  it('keeps the product description and spec table of a schema.org Product page, dropping shelves of other products', () => {
    const html = `<html><head>${PRODUCT_LD}</head><body><div id="page"><h1>Oak Desk</h1><p class="price">$499.00</p>${description}
      <table class="specs">${[1, 2, 3, 4, 5].map(spec).join('')}</table>
      <section class="more"><h2>Complete your setup</h2><div class="cards">${[1, 2, 3, 4, 5].map(card).join('')}</div></section></div></body></html>`;
    const x = extract(html, 'https://shop.example/oak-desk', { format: 'text', main: true });
    expect(x.content).toContain('Oak Desk');
    expect(x.content).toContain('cable tray');
    expect(x.content).toContain('Value 5 of the oak desk');
    expect(x.content).not.toMatch(/Other desk|Complete your setup/);
  });

  it('drops the sections led by a reviews or questions heading on a product page', () => {
    const review = (n: number) => `<p>Reviewer ${n} says the desk is sturdy, easy to build and looks great in a small home office.</p>`;
    const html = `<html><head>${PRODUCT_LD}</head><body><main><h1>Oak Desk</h1>${description}
      <div class="block"><h2>Customer Reviews</h2>${[1, 2, 3].map(review).join('')}</div>
      <div class="block"><h2>Questions &amp; Answers</h2><p>Does it come assembled? No, it ships flat with every tool you need to build it.</p></div></main></body></html>`;
    const x = extract(html, 'https://shop.example/oak-desk', { format: 'text', main: true });
    expect(x.content).toContain('cable tray');
    expect(x.content).not.toMatch(/Reviewer|Customer Reviews|comes assembled|ships flat/);
  });

  it('keeps the cards of a page that does not declare a product (there they are the content)', () => {
    const html = `<html><body><main><h1>Desks</h1><div class="cards">${[1, 2, 3, 4, 5].map(card).join('')}</div></main></body></html>`;
    const x = extract(html, 'https://shop.example/desks', { format: 'text', main: true });
    expect(x.content).toContain('Other desk 5');
  });

  it('tells a grid of linked cards from a spec table and a feature list', () => {
    const doc = parseHtml(`<div id="g">${[1, 2, 3, 4].map(card).join('')}</div><table id="t"><tbody>${[1, 2, 3, 4].map(spec).join('')}</tbody></table>
      <ul id="f">${[1, 2, 3, 4].map((n) => `<li>Feature ${n}, with no link</li>`).join('')}</ul>`);
    expect(isCardGrid(selectFirst('#g', doc)!)).toBe(true);
    expect(isCardGrid(selectFirst('#t tbody', doc)!)).toBe(false);
    expect(isCardGrid(selectFirst('#f', doc)!)).toBe(false);
  });

  it('adds the description a schema.org Product declares when the page renders it only in the browser', () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Oak Desk', description: '<p>A solid oak desk with steel legs.</p><p>Its cable tray hides every wire under the top, and the finish is oiled by hand.</p>' })}</script>`;
    const html = `<html><head>${ld}</head><body><main><h1>Oak Desk</h1><p class="price">$499.00</p><div id="app"></div></main></body></html>`;
    const x = extract(html, 'https://shop.example/oak-desk', { format: 'text', main: true });
    expect(x.content).toMatch(/Oak Desk\s+A solid oak desk with steel legs\.\s+Its cable tray hides every wire/);
  });

  it('does not repeat a declared description the page already shows', () => {
    const text = 'The oak desk has a solid top, steel legs and a cable tray, and it is made to last for decades of daily work.';
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Oak Desk', description: text })}</script>`;
    const html = `<html><head>${ld}</head><body><main><h1>Oak Desk</h1>${description}</main></body></html>`;
    const x = extract(html, 'https://shop.example/oak-desk', { format: 'text', main: true });
    expect(x.content.split('cable tray').length - 1).toBe(3);
  });

  it('drops a shelf led by a "you may also like" heading even when its cards carry no links', () => {
    const tile = (n: number) => `<div class="tile"><img src="https://shop.example/${n}.jpg" alt=""><p>Walnut shelf ${n}</p><p>$${n}9.00</p></div>`;
    const html = `<html><head>${PRODUCT_LD}</head><body><main><h1>Oak Desk</h1>${description}
      <section><h2>You may also like</h2><div class="carousel">${[1, 2, 3].map(tile).join('')}</div></section></main></body></html>`;
    const x = extract(html, 'https://shop.example/oak-desk', { format: 'text', main: true });
    expect(x.content).toContain('cable tray');
    expect(x.content).not.toMatch(/Walnut shelf|You may also like/);
  });
});
