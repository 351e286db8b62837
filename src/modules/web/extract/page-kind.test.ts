import { describe, expect, it } from 'vitest';
import { parseHtml } from './dom.js';
import { declaredProductDescription, inferPageKind } from './page-kind.js';

const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
const page = (head: string, body = '<p>Text</p>') => parseHtml(`<html><head>${head}</head><body>${body}</body></html>`);

describe('page kind inference', () => {
  it('reads a product page from a schema.org Product in JSON-LD', () => {
    expect(
      inferPageKind(page(ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak Desk', offers: { '@type': 'Offer', price: '499' } }))),
    ).toBe('product');
  });

  it('reads a product page from og:type product or a single microdata Product', () => {
    expect(inferPageKind(page('<meta property="og:type" content="product">'))).toBe('product');
    expect(inferPageKind(page('', '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Desk</h1></div>'))).toBe('product');
  });

  it('reads a thread from DiscussionForumPosting or QAPage, even when it is about a product', () => {
    expect(
      inferPageKind(
        page(
          ld([
            { '@type': 'DiscussionForumPosting', headline: 'Which desk?' },
            { '@type': 'Product', name: 'Desk' },
          ]),
        ),
      ),
    ).toBe('forum');
    expect(inferPageKind(page('', '<div itemscope itemtype="https://schema.org/QAPage"></div>'))).toBe('forum');
  });

  it('reads a listing from a CollectionPage, many microdata Products, or og:type product.group', () => {
    expect(inferPageKind(page(ld({ '@type': 'CollectionPage', name: 'Desks' })))).toBe('listing');
    const items = [1, 2, 3].map((n) => `<li itemscope itemtype="http://schema.org/Product"><span itemprop="name">Desk ${n}</span></li>`).join('');
    expect(inferPageKind(page('', `<ul>${items}</ul>`))).toBe('listing');
    expect(inferPageKind(page('<meta property="og:type" content="product.group">'))).toBe('listing');
  });

  it('keeps a product page that also lists its variants in an ItemList a product', () => {
    expect(
      inferPageKind(
        page(
          ld([
            { '@type': 'Product', name: 'Desk' },
            { '@type': 'ItemList', itemListElement: [] },
          ]),
        ),
      ),
    ).toBe('product');
  });

  it('reads a review article that mentions a product as an article, and a silent page as other', () => {
    expect(
      inferPageKind(
        page(
          ld([
            { '@type': 'NewsArticle', headline: 'Desk review' },
            { '@type': 'Product', name: 'Desk' },
          ]),
        ),
      ),
    ).toBe('article');
    expect(inferPageKind(page('<title>Hello</title>'))).toBe('other');
  });

  it('finds JSON-LD types inside @graph and arrays of types', () => {
    expect(inferPageKind(page(ld({ '@graph': [{ '@type': ['WebPage', 'ItemPage'] }, { '@type': 'ProductGroup', name: 'Tee' }] })))).toBe('product');
  });

  it('reads the description a schema.org Product declares, and nothing from other types', () => {
    const text = 'A solid oak desk with steel legs and a cable tray that hides every wire under the top.';
    expect(
      declaredProductDescription(
        page(
          ld({
            '@graph': [
              { '@type': 'WebPage', description: 'x'.repeat(100) },
              { '@type': 'Product', name: 'Oak Desk', description: text },
            ],
          }),
        ),
      ),
    ).toBe(text);
    expect(declaredProductDescription(page(ld({ '@type': 'Article', description: text })))).toBeUndefined();
    expect(declaredProductDescription(page(ld({ '@type': 'Product', description: 'Oak desk.' })))).toBeUndefined();
  });
});
