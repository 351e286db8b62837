// main=1: the part of the page a reader came for. Readability's article finder
// (readability.ts) picks the article; around it, general rules that fix what it gets
// wrong on real pages:
//  1. boilerplate is stripped first (navigation, page header and footer, sidebars, share
//     bars, cookie and newsletter boxes, by element, ARIA role and class/id words) — never
//     a container holding half of the page's text, unless its place makes it furniture (a
//     footer, aside, nav or header with the page's <h1> and 500 characters outside it; a
//     footer without the <h1>, all a script-filled shell shows) or it is a cookie/consent
//     box; and a class word alone only when the container also reads as boilerplate
//     (mostly links, or little text) or is a "sidebar" beside the column holding the <h1>;
//  2. schema.org articleBody, when the page marks it, is preferred to Readability's guess
//     if it holds most of the text Readability found;
//  3. pages that are not one article (forums, product pages, listings, documentation)
//     make Readability keep a fragment: unless the pick holds most of the page's readable
//     text (or a tenth of it on a page declaring itself an article) and, when short, a
//     fair share of the whole page (trustPick), the stripped page's content column is
//     used instead, starting at its <h1> when little comes before it;
//  4. after extraction, page furniture left inside is dropped: link farms ("related",
//     "more stories", tag clouds), captions and credits, bylines and date lines, short
//     legal/account/newsletter lines. On non-article pages link cards, names and dates
//     stay: there they are the content (listings, threads); what follows the item there
//     goes instead: review and rating sections, "people also viewed" shelves (by class
//     word or by their heading), post signatures and badge lines, and any text block
//     repeated from an earlier one (the same disclaimer under every tile);
//  5. the page's kind is read from what it declares (page-kind.ts: schema.org JSON-LD or
//     microdata types, og:type): on a declared thread, listing or product the content
//     column is used, never Readability's single block (a post, one card, one section);
//  6. on a declared product, other items' card grids, shop lines (cart, stock, delivery,
//     ratings) and sections led by a reviews/questions or shelf heading ("you may also
//     like") go, before the column is looked for and again in the result (product.ts);
//  7. link lists that make up most of Readability's pick are what it is about (an index,
//     a "list of" page) and stay; the pick is judged by its text without them;
//  8. when the pick is trusted but left out a fair amount between its own first and last
//     blocks (conditional cleaning drops lists, tables and sections from the middle of
//     service pages, docs and listings), the content column's stretch from the pick's first
//     block to its last is used instead: the middle comes back, what follows the pick
//     (comments, related links) stays out (span.ts);
//  9. an articleBody on a declared thread, listing or product marks one post or card: the
//     column is used there, as in 5;
// 10. a trusted pick that is one item of many (it came from one of three or more sibling
//     blocks of one tag and class, holding under two thirds of their text: a post of an
//     undeclared thread, one panel of a service page) gives way to the column (span.ts);
// 11. text no reader reads goes before anything is measured (noise.ts): sign-in and
//     newsletter forms (by their password/e-mail fields, before cleaning drops them),
//     labels obfuscated into one long run of ids, and (after the boilerplate strip, whose
//     thresholds were set with it in) text written for screen readers only;
// 12. on a declared product whose content holds under half the words of the description its
//     JSON-LD declares (shops that render the item in the browser), that description is
//     added after the item's name (product.ts).
// 13. on a page that does not declare an article, a trusted pick that is a piece of a card
//     grid (grids of linked short cards hold half of the column, and half of what the pick
//     holds lies in them: an undeclared category page, where Readability picked a few cards)
//     gives way to the column, as on a declared listing (listing.ts).
// 14. class words may not empty the page: when what they flag in step 1 would leave under a
//     dozen words outside the page's header, footer, nav and aside (a theme calling every
//     card "widget" or "related-product"), only those elements and roles go; a page that is
//     all header, menus and footer still comes out empty.
// (Before all of this, cleaning (clean.ts) keeps a collapsed accordion panel, hidden until
// a button naming it in aria-controls opens it, or hidden by a wrapper around it alone:
// buying guides, FAQs, service details and product descriptions.)
// Everything is decided from the document alone, so the same page gives the same output.

import { ReadabilityLite } from './readability.js';
import type { PageKind } from './page-kind.js';
import { addDeclaredDescription, pruneProductPage } from './product.js';
import { dropMachineText, dropScreenReaderText } from './noise.js';
import { pickIsOneOfMany, pickSpan } from './span.js';
import { pickIsPartOfGrid } from './listing.js';
import {
  contains,
  elementChildren,
  findBody,
  innerLength,
  isElement,
  isText,
  joinSpans,
  NO_TEXT,
  remove,
  removeAll,
  spanOf,
  textLengths,
  textOf,
  type Doc,
  type Element,
  type ParentNode,
  type TextSpan,
} from './dom.js';

// Class/id words that mark boilerplate containers. Matched as whole words of the
// attribute (split on - _ space and camelCase), never as substrings of content words.
const BOILER_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'menu',
  'menubar',
  'breadcrumb',
  'breadcrumbs',
  'sidebar',
  'footer',
  'masthead',
  'cookie',
  'cookies',
  'consent',
  'gdpr',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'share',
  'sharing',
  'social',
  'sharebar',
  'related',
  'recommended',
  'recirculation',
  'promo',
  'promotion',
  'advert',
  'advertisement',
  'ad',
  'ads',
  'adslot',
  'sponsored',
  'banner',
  'popup',
  'modal',
  'overlay',
  'paywall',
  'skip',
  'skiplink',
  'toolbar',
  'pagination',
  'pager',
  'widget',
  'trending',
  'outbrain',
  'taboola',
  'disqus',
  'login',
  'signin',
  'toc',
  'filter',
  'filters',
  'facet',
  'facets',
  'refinements',
  'recommendations',
  'upsell',
  'crosssell',
]);
const CONTENT_WORDS = new Set(['content', 'article', 'body', 'main', 'post', 'entry', 'story', 'text']);
const BOILER_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog', 'menu', 'menubar']);
const BOILER_TAGS = new Set(['nav', 'aside', 'footer']);
const KEEP_TAGS = new Set(['body', 'html', 'main', 'article']);

function words(attr: string): string[] {
  return attr
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Consent boxes: class/id words no theme gives its content. "cookie" alone may name a
// recipe; with a box word it names the banner.
const CONSENT_WORDS = new Set(['gdpr', 'consent']);
const COOKIE_WORDS = new Set(['cookie', 'cookies']);
const BOX_WORDS = new Set(['banner', 'notice', 'bar', 'popup', 'modal', 'dialog', 'overlay', 'message', 'alert', 'box', 'wrapper', 'container']);

/**
 * A cookie or consent box goes whatever its size and however much prose it holds: on a
 * page whose item a script renders, its legal text can outweigh all that is left.
 */
function isConsentBox(el: Element): boolean {
  const w = words(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`);
  return w.some((x) => CONSENT_WORDS.has(x)) || (w.some((x) => COOKIE_WORDS.has(x)) && w.some((x) => BOX_WORDS.has(x)));
}

/** 'strong' for elements and roles made for boilerplate, 'weak' for a class/id word. */
function boilerplateKind(el: Element, insideArticle: boolean): 'strong' | 'weak' | undefined {
  if (BOILER_TAGS.has(el.name)) return 'strong';
  if (el.name === 'header' && !insideArticle) return 'strong';
  const role = el.attribs.role;
  if (role && BOILER_ROLES.has(role.toLowerCase())) return 'strong';
  const cls = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`;
  if (cls.length < 2) return undefined;
  const w = words(cls);
  // "article-header", "post-content" and the like are content, whatever else they say.
  if (w.some((x) => CONTENT_WORDS.has(x))) return undefined;
  return w.some((x) => BOILER_WORDS.has(x)) ? 'weak' : undefined;
}

/**
 * Removes boilerplate containers. Never one holding half of the page's text, unless its
 * place says it is furniture (furnitureByPlace); and a container flagged only by a class
 * word must also read like boilerplate (mostly links, or little text, or a sidebar beside
 * the heading's column): themes call whole post areas "widget" or "banner". Cookie and
 * consent boxes go whatever they hold. Nor may class words together empty the page: when
 * what they flag would leave next to nothing outside the page's own header, footer, nav
 * and aside (a theme naming every card "widget" or "related-product"), they name the
 * theme's parts, not boilerplate, and only the elements and roles made for boilerplate go.
 * A page that is all header, footer and menus (an error or region-picker page) still comes
 * out empty.
 */
export function stripBoilerplate(body: Element): void {
  const total = innerLength(body) || 1;
  const found: Array<[Element, 'strong' | 'weak']> = [];
  // Text inside header/footer/nav/aside (or such a role), removed or not, and what class
  // words flag outside them.
  let furniture = 0;
  let flagged = 0;
  // Furniture by its place, whatever it holds (see furnitureByPlace, sidebarByPlace).
  const h1 = findTag(body, 'h1');
  const walk = (p: ParentNode, insideArticle: boolean, inFurniture: boolean, weak: boolean) => {
    for (const n of p.children) {
      if (!isElement(n)) continue;
      const kind = KEEP_TAGS.has(n.name) ? undefined : boilerplateKind(n, insideArticle);
      const len = kind && !inFurniture ? innerLength(n) : 0;
      if (kind === 'strong' && !inFurniture) furniture += len;
      if (kind && isConsentBox(n)) {
        found.push([n, kind]);
        continue;
      }
      if (kind && (weak || kind === 'strong')) {
        const s = linkStats(n);
        const plain = s.text - s.links;
        const small = s.text < total * 0.5 || (kind === 'strong' && furnitureByPlace(n, h1, total - s.text));
        if (small && (kind === 'strong' || plain < 300 || s.links / (s.text || 1) > 0.4 || sidebarByPlace(n, p, h1, total - s.text))) {
          found.push([n, kind]);
          if (kind === 'weak' && !inFurniture) flagged += len;
          continue;
        }
      }
      walk(n, insideArticle || n.name === 'article' || n.name === 'main' || n.attribs.itemprop === 'articleBody', inFurniture || kind === 'strong', weak);
    }
  };
  walk(body, false, false, true);
  if (flagged >= EMPTYING_MIN && total - furniture - flagged < EMPTY_LEFT) {
    found.length = 0;
    walk(body, false, false, false);
  }
  for (const [n] of found) remove(n);
}

/** Text (characters) the page must hold outside a footer or sidebar that is furniture by its place. */
const OUTSIDE_REST = 500;

/** Class-word removals holding at least this much text (characters)… */
const EMPTYING_MIN = 300;
/**
 * …that would leave less than this (characters: a dozen words) outside the page's own
 * header, footer, nav and aside would empty the page: they are not made.
 */
const EMPTY_LEFT = 100;

function findMarkedBody(root: ParentNode): Element | undefined {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if ((c.attribs.itemprop ?? '').split(/\s+/).includes('articleBody')) return c;
    const inner = findMarkedBody(c);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A container made for furniture (footer, aside, nav, page header, or such a role) that
 * outweighs the item is still furniture when the page's <h1> lies outside it with text of
 * its own (`rest`, characters): a testimonial carousel in the site footer. So is a footer
 * without the <h1> even when it is all that is left: a shell whose item a script renders
 * shows only its footer, and that is no content.
 */
function furnitureByPlace(el: Element, h1: Element | undefined, rest: number): boolean {
  if (h1 && contains(el, h1)) return false;
  return (!!h1 && rest >= OUTSIDE_REST) || el.name === 'footer' || el.attribs.role?.toLowerCase() === 'contentinfo';
}

/**
 * A "sidebar" (class or id word) of prose, a reviews widget, is a sidebar when a sibling
 * holds the page's <h1> and it does not. Wrappers named "layout-sidebar-left" hold the
 * content, with the heading in a hero above: no sibling holds it there.
 */
function sidebarByPlace(el: Element, parent: ParentNode, h1: Element | undefined, rest: number): boolean {
  if (!h1 || rest < OUTSIDE_REST || contains(el, h1)) return false;
  if (!words(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`).includes('sidebar')) return false;
  return parent.children.some((c) => c !== el && isElement(c) && contains(c, h1));
}

function findTag(root: ParentNode, tag: string): Element | undefined {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.name === tag) return c;
    const inner = findTag(c, tag);
    if (inner) return inner;
  }
  return undefined;
}

interface LinkStats {
  /** innerLength of the element. */
  text: number;
  /** innerLength of its outermost links, summed. */
  links: number;
  anchors: number;
}

/**
 * LinkStats of every element of a subtree, in one bottom-up pass: asking them element by
 * element, from the top down, made the pruning walks quadratic in the page's depth.
 */
function allLinkStats(root: Element): Map<Element, LinkStats> {
  const out = new Map<Element, LinkStats>();
  const visit = (el: Element): TextSpan => {
    let span = NO_TEXT;
    let links = 0;
    let anchors = 0;
    for (const c of el.children) {
      if (isText(c)) span = joinSpans(span, spanOf(c.data));
      else if (isElement(c)) {
        const inner = visit(c);
        span = joinSpans(span, inner);
        if (c.name === 'a') {
          anchors++;
          links += inner.len;
        } else {
          const s = out.get(c)!;
          links += s.links;
          anchors += s.anchors;
        }
      }
    }
    out.set(el, { text: span.len, links, anchors });
    return span;
  };
  visit(root);
  return out;
}

const linkStats = (el: Element): LinkStats => allLinkStats(el).get(el)!;

// Class/id words of page furniture inside an article: captions, credits, bylines, dates.
const META_WORDS = new Set([
  'caption',
  'captions',
  'credit',
  'credits',
  'byline',
  'dateline',
  'timestamp',
  'date',
  'published',
  'updated',
  'author',
  'authors',
  'meta',
  'tags',
  'tag',
  'share',
  'print',
  'comments',
  'copyright',
]);
// What short furniture lines say: legal lines, account and newsletter prompts, skip links.
const FURNITURE_TEXT =
  /(©|\(c\)\s*\d{4}|all rights reserved|cookies?\b|privacy policy|terms (of|and) (use|service|conditions)|\bsign (up|in)\b|\blog ?in\b|subscribe|newsletter|follow us|share (this|on)|skip to (main )?content|back to top)/i;

// Class/id words of sections that follow the content on product pages, listings and
// threads: reviews and ratings widgets, "you may also like" shelves, recently viewed.
const APPENDIX_WORDS = new Set([
  'review',
  'reviews',
  'rating',
  'ratings',
  'recommendations',
  'recommended',
  'recommendation',
  'similar',
  'upsell',
  'crosssell',
  'recently',
  'viewed',
]);

// Class/id words of what a thread repeats around every post: signatures, badge counts.
const POST_FURNITURE_WORDS = new Set(['signature', 'signatures', 'sig', 'badges', 'badge', 'reputation', 'usercard']);

// Headings of product shelves: other items offered next to the one the page is about.
const SHELF_HEADING =
  /^(people who (viewed|bought)|customers (who )?(also )?(viewed|bought)|(you )?(may|might) also (like|enjoy|be interested)|(related|similar|recommended|sponsored|recently viewed) (products?|items?)|frequently bought together|more (items )?from (this|the) seller|seller'?s other items|complete the look|shop the look|explore more|more to explore)/i;

/** The first text of an element (its heading, when it starts with one). */
function leadText(el: Element): string {
  const walk = (p: ParentNode, depth: number): string | undefined => {
    for (const c of p.children) {
      if (c.type === 'text') {
        const t = c.data.trim();
        if (t) return t;
      } else if (isElement(c) && depth < 6) {
        const t = walk(c, depth + 1);
        if (t !== undefined) return t;
      }
    }
    return undefined;
  };
  return walk(el, 0) ?? '';
}

const PRUNABLE = new Set(['ul', 'ol', 'div', 'section', 'p', 'table', 'li', 'span', 'aside', 'figure', 'header', 'dl']);

/**
 * Drops what is left of page furniture inside the extracted content: link farms (related
 * stories, tag clouds, "read more" lines), image captions and credits, bylines and dates.
 * Images themselves stay.
 */
export function pruneLinkBlocks(root: Element, mode: 'full' | 'light' = 'full', dryRun = false, appendices = mode === 'light'): number {
  let removed = 0;
  // Measured once before anything goes: the walk judges an element before touching its
  // insides, and removals elsewhere do not change its text.
  const stats = allLinkStats(root);
  const total = stats.get(root)!.text;
  const drop = (n: Element) => {
    removed += stats.get(n)!.text;
    if (!dryRun) remove(n);
    return !dryRun;
  };
  const walk = (p: ParentNode) => {
    for (let i = 0; i < p.children.length; i++) {
      const n = p.children[i];
      if (!isElement(n)) continue;
      if (n.name === 'figcaption') {
        if (drop(n)) i--;
        continue;
      }
      if (PRUNABLE.has(n.name)) {
        const s = stats.get(n)!;
        const density = s.links / (s.text || 1);
        const cls = `${n.attribs.class ?? ''} ${n.attribs.id ?? ''}`;
        // On a page that is not one article, names and dates belong to the posts.
        const meta = mode === 'full' && cls.length > 1 && s.text < 200 && words(cls).some((w) => META_WORDS.has(w));
        const empty = s.text === 0 && !hasMedia(n);
        const furniture = s.text < 160 && FURNITURE_TEXT.test(textOf(n));
        // On pages that are not one article, link cards are the content: keep them.
        const farm = mode === 'full' && s.text < 400 && s.anchors >= 3 && density > 0.8;
        const appendix = appendices && cls.length > 1 && s.text >= 150 && s.text < total * 0.5 && words(cls).some((w) => APPENDIX_WORDS.has(w));
        const shelf = appendices && s.text < total * 0.5 && s.links / (s.text || 1) > 0.3 && SHELF_HEADING.test(leadText(n));
        const postFurniture = appendices && cls.length > 1 && s.text < 300 && words(cls).some((w) => POST_FURNITURE_WORDS.has(w));
        const lone = mode === 'full' && s.text < 200 && s.anchors >= 1 && density > 0.9 && n.name !== 'span';
        if (
          empty ||
          furniture ||
          farm ||
          lone ||
          appendix ||
          shelf ||
          postFurniture ||
          meta ||
          (mode === 'full' && n.name !== 'span' && hasTimeOnly(n, s.text))
        ) {
          if (drop(n)) i--;
          continue;
        }
      }
      walk(n);
    }
  };
  walk(root);
  return removed;
}

/** A short block built around a <time> element: a date line. */
function hasTimeOnly(el: Element, len: number): boolean {
  if (len > 100) return false;
  const walk = (p: ParentNode): boolean => p.children.some((c) => isElement(c) && (c.name === 'time' || walk(c)));
  return walk(el);
}

function hasMedia(el: ParentNode): boolean {
  return el.children.some((c) => isElement(c) && (c.name === 'img' || c.name === 'pre' || c.name === 'table' || hasMedia(c)));
}

export interface MainResult {
  /**
   * The extracted content (a detached element), or, for a page with neither a body nor an html
   * element, possibly the document itself, which the helpers here walk as one: read it as a
   * ParentNode, not for an element's name or attributes.
   */
  root: Element;
  /** Which rule produced it (the benchmark reports it). */
  method: 'readability' | 'articleBody' | 'page';
}

export function extractMain(doc: Doc, hints: { title?: string; article?: boolean; kind?: PageKind; description?: string } = {}): MainResult {
  const body = findBody(doc) ?? (elementChildren(doc).find((e) => e.name === 'html') as Element | undefined) ?? (doc as unknown as Element);
  dropMachineText(body);
  stripBoilerplate(body);
  // After the strip: its judgements (mostly links? little text?) were tuned with this text in.
  dropScreenReaderText(body);
  // Other items' cards would otherwise outweigh the item when looking for the column.
  if (hints.kind === 'product') pruneProductPage(body);
  const pageLen = innerLength(body);
  const marked = findMarkedBody(body);
  const markedLen = marked ? innerLength(marked) : 0;
  const main = findTag(body, 'main');
  const page = main && innerLength(main) > pageLen * 0.6 ? main : body;
  // What the page holds once link farms are set aside: the yardstick for Readability's pick.
  const pageReadable = innerLength(page) - pruneLinkBlocks(page, 'full', true);

  // Readability works on its own copy; `page` stays whole for the fallback.
  const picked = new ReadabilityLite({ charThreshold: 300, title: hints.title }).parse(body);
  // The pick is judged by its readable text (link farms set aside), whatever it keeps.
  let pickedLen = 0;
  if (picked) {
    const whole = innerLength(picked);
    const farms = pruneLinkBlocks(picked, 'full', true, !hints.article);
    pickedLen = whole - farms;
    // Link lists that make up most of the pick are what it is about (an index, a "list
    // of" page): they stay, and only what follows the content is pruned.
    pruneLinkBlocks(picked, farms > whole * LINK_PAGE_SHARE ? 'light' : 'full', false, !hints.article);
  }
  let result: MainResult;
  // On a declared thread, listing or product an articleBody marks one post or one card.
  if (marked && !PAGE_KINDS.has(hints.kind ?? 'other') && markedLen > 200 && markedLen >= pickedLen * 0.7) {
    pruneLinkBlocks(marked, 'full');
    result = { root: marked, method: 'articleBody' };
  } else if (
    picked &&
    !PAGE_KINDS.has(hints.kind ?? 'other') &&
    trustPick(pickedLen, pageReadable, pageLen, !!hints.article) &&
    !pickIsOneOfMany(picked, contentColumn(page)) &&
    !(!hints.article && pickIsPartOfGrid(picked, contentColumn(page)))
  ) {
    if (!hints.article) dropRepeatedBlocks(picked);
    // Blocks the pick dropped from its middle are content too: the column's stretch from the
    // pick's first block to its last, when the pick left out enough there (span.ts).
    // (Pruning only takes text away: a column that leaves too little out before it cannot after.)
    const column = contentColumn(page);
    let span: Element | undefined;
    if (pickSpan(picked, column, true)) {
      pruneLinkBlocks(column, 'light');
      dropRepeatedBlocks(column);
      span = pickSpan(picked, column);
    }
    result = { root: span ?? picked, method: 'readability' };
  } else {
    // Not one article (a forum thread, a product, a listing): the page without its furniture.
    const column = contentColumn(page);
    trimBeforeHeading(column);
    pruneLinkBlocks(column, 'light');
    dropRepeatedBlocks(column);
    result = { root: column, method: 'page' };
  }
  if (hints.kind === 'product') {
    pruneProductPage(result.root);
    if (hints.description) addDeclaredDescription(result.root, hints.description);
  }
  return result;
}

/**
 * Whether Readability's pick is the page's content. It must hold most of the readable text
 * (link farms set aside), or a tenth of it on a page declaring itself an article (comments
 * may dwarf the article). A short pick must prove more: on a declared article, a short
 * one must still hold 40 % of the readable text (category pages often say og:type
 * "article", and their pick is one card); elsewhere, 30 % of the whole text, links
 * included (else it is a blurb beside a grid of link cards, which the readable yardstick
 * set aside).
 */
function trustPick(pickedLen: number, pageReadable: number, pageLen: number, article: boolean): boolean {
  if (pickedLen < 200) return false;
  if (article && pickedLen >= pageReadable * ARTICLE_SHARE && (pickedLen >= SHORT_PICK_ARTICLE || pickedLen >= pageReadable * SHORT_ARTICLE_SHARE)) return true;
  return pickedLen >= pageReadable * PICK_SHARE && (pickedLen >= SHORT_PICK || pickedLen >= pageLen * SHORT_PICK_SHARE);
}

/**
 * What comes before the page's first <h1> inside the column (promo strips, breadcrumbs,
 * utility bars) goes, when it is a small share of the column: the item or thread starts
 * at its title.
 */
function trimBeforeHeading(column: Element): void {
  const h1 = findTag(column, 'h1');
  if (!h1) return;
  const total = innerLength(column) || 1;
  const path: Element[] = [];
  for (let e: Element | null = h1; e && e !== column; e = e.parent as Element | null) path.unshift(e);
  const before: Element[] = [];
  let len = 0;
  let parent: Element = column;
  for (const e of path) {
    for (const c of parent.children) {
      if (c === e) break;
      if (isElement(c)) {
        before.push(c);
        len += innerLength(c);
      }
    }
    parent = e;
  }
  if (len < total * BEFORE_H1_SHARE) for (const b of before) remove(b);
}

const BLOCKS = new Set([
  'p',
  'li',
  'div',
  'section',
  'article',
  'ul',
  'ol',
  'table',
  'tr',
  'td',
  'th',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figure',
  'header',
  'footer',
  'aside',
  'form',
  'main',
  'nav',
]);

/**
 * Drops a text block that repeats one seen earlier (the same disclaimer under every tile,
 * a caption repeated for each slide of a carousel): a reader needs it once.
 */
export function dropRepeatedBlocks(root: Element, minLength = REPEAT_MIN): void {
  const seen = new Set<string>();
  // Removed together at the end: one by one is quadratic in a long list of repeats.
  const repeats: Element[] = [];
  const walk = (p: ParentNode) => {
    for (let i = 0; i < p.children.length; i++) {
      const n = p.children[i];
      if (!isElement(n)) continue;
      if (!BLOCKS.has(n.name)) continue;
      if (n.children.some((c) => isElement(c) && BLOCKS.has(c.name))) {
        walk(n);
        continue;
      }
      const key = textOf(n).replace(/\s+/g, ' ').trim().toLowerCase();
      if (key.length < minLength) continue;
      if (seen.has(key)) repeats.push(n);
      else seen.add(key);
    }
  };
  walk(root);
  removeAll(repeats);
}

/**
 * The deepest element still holding `share` of the page's text: the content column,
 * without the header, menus and footer that carry no semantic markup. (Link text counts:
 * on listings the links are the content.)
 */
export function contentColumn(page: Element, share = COLUMN_SHARE): Element {
  const lengths = textLengths(page);
  const total = lengths.get(page) ?? 0;
  let cur = page;
  for (;;) {
    const next = cur.children.find((c): c is Element => isElement(c) && (lengths.get(c) ?? 0) >= total * share);
    if (!next) return cur;
    cur = next;
  }
}

const COLUMN_SHARE = 0.85;
/**
 * Kinds whose content is many blocks (cards, posts, the item's sections), not one article:
 * the content column is used, never Readability's single best block.
 */
const PAGE_KINDS = new Set<PageKind>(['listing', 'forum', 'product']);
/** A pick whose link blocks hold more than this share of its text is a list of links. */
const LINK_PAGE_SHARE = 0.5;
/** Repeated blocks shorter than this (characters) stay: prices, sizes, short labels. */
const REPEAT_MIN = 20;
/** What precedes the column's <h1> is dropped when it holds less than this share of it. */
const BEFORE_H1_SHARE = 0.3;

/** Readability's pick is trusted when it holds this share of the page's readable text… */
const PICK_SHARE = 0.6;
/** …or this much, on a page that declares itself an article (comments may dwarf it). */
const ARTICLE_SHARE = 0.1;
/** A declared article's pick shorter than this (characters)… */
const SHORT_PICK_ARTICLE = 1000;
/** …must hold this share of the readable text. */
const SHORT_ARTICLE_SHARE = 0.4;
/** Any other pick shorter than this (characters)… */
const SHORT_PICK = 2500;
/** …must hold this share of the page's whole text, links included. */
const SHORT_PICK_SHARE = 0.3;
