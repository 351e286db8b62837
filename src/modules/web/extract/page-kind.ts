// What kind of page a document is, read from what the page says about itself: schema.org
// types (JSON-LD or microdata) and og:type. Main-content rules differ by kind: on a product
// page other products' cards are shelves to drop, on a listing they are the content, on a
// thread every post counts. Only the document is read (never the URL), so the same page
// always gets the same kind; a page that says nothing is 'other' and keeps the general rules.

import { isElement, type Doc, type ParentNode } from './dom.js';
import { jsonLd } from './metadata.js';

export type PageKind = 'article' | 'product' | 'listing' | 'forum' | 'other';

const typesOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

/** Microdata item types of the document (last path segment) and how often each occurs. */
function microdataTypes(root: ParentNode, out = new Map<string, number>()): Map<string, number> {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    const t = c.attribs.itemtype;
    if (t)
      for (const u of t.split(/\s+/))
        if (u) {
          const name = u.replace(/\/+$/, '').split('/').pop() ?? '';
          out.set(name, (out.get(name) ?? 0) + 1);
        }
    microdataTypes(c, out);
  }
  return out;
}

function ogType(root: ParentNode): string {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.name === 'meta' && (c.attribs.property ?? c.attribs.name ?? '').toLowerCase() === 'og:type') return (c.attribs.content ?? '').trim().toLowerCase();
    if (c.name === 'body') return '';
    const inner = ogType(c);
    if (inner) return inner;
  }
  return '';
}

const ARTICLE = /^(Article|NewsArticle|BlogPosting|TechArticle|Report|ScholarlyArticle|LiveBlogPosting|Recipe)$/;
const FORUM = /^(DiscussionForumPosting|QAPage)$/;
const COLLECTION = /^(CollectionPage|SearchResultsPage|SomeProducts)$/;
const PRODUCT = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;

/**
 * The page's kind, from its schema.org types and og:type. Must be read before cleaning
 * (which drops the JSON-LD scripts). In order: a thread; a page declaring a collection
 * (or many Product items, or og:type product.group); a product (not on a page that also
 * declares an article: a review mentions the product it reviews); a page declaring an
 * ItemList (product pages often list their variants or shelves as one, hence after
 * product); an article.
 */
export function inferPageKind(doc: Doc): PageKind {
  const ld = [...new Set(jsonLd(doc).flatMap((o) => typesOf(o['@type'])))];
  const micro = microdataTypes(doc);
  const og = ogType(doc);
  const inLd = (re: RegExp) => ld.some((t) => re.test(t));
  const has = (re: RegExp) => inLd(re) || [...micro.keys()].some((t) => re.test(t));
  if (has(FORUM)) return 'forum';
  const microProducts = [...micro].reduce((n, [t, c]) => n + (PRODUCT.test(t) ? c : 0), 0);
  if (has(COLLECTION) || microProducts >= 3 || /^product[.:]group$/.test(og)) return 'listing';
  if (!has(ARTICLE) && (has(PRODUCT) || /^product(\.item)?$|:(product|item)$/.test(og))) return 'product';
  if (has(/^ItemList$/)) return 'listing';
  if (has(ARTICLE) || og === 'article') return 'article';
  return 'other';
}

/**
 * The description a page declares for its schema.org Product (JSON-LD), when it says
 * something (80+ characters). Shops that render the item client-side often carry their
 * description only there.
 */
export function declaredProductDescription(doc: Doc): string | undefined {
  for (const o of jsonLd(doc)) {
    if (!typesOf(o['@type']).some((t) => PRODUCT.test(t))) continue;
    const d = o.description;
    if (typeof d === 'string' && d.trim().length >= MIN_DESCRIPTION) return d;
  }
  return undefined;
}

const MIN_DESCRIPTION = 80;
