// main=1: the part of the page a reader came for. Readability's article finder
// (readability.ts) picks the article; around it, general rules that fix what it gets
// wrong on real pages:
//  1. boilerplate is stripped first (navigation, page header and footer, sidebars, share
//     bars, cookie and newsletter boxes, by element, ARIA role and class/id words) — never
//     a container holding half of the page's text, and a class word alone only when the
//     container also reads as boilerplate (mostly links, or little text);
//  2. schema.org articleBody, when the page marks it, is preferred to Readability's guess
//     if it holds most of the text Readability found;
//  3. pages that are not one article (forums, product pages, listings, documentation)
//     make Readability keep a fragment: unless the pick holds most of the page's readable
//     text (or a tenth of it on a page declaring itself an article), the stripped page's
//     content column is used instead;
//  4. after extraction, page furniture left inside is dropped: link farms ("related",
//     "more stories", tag clouds), captions and credits, bylines and date lines, short
//     legal/account/newsletter lines. On non-article pages link cards, names and dates
//     stay: there they are the content (listings, threads).
// Everything is decided from the document alone, so the same page gives the same output.

import { ReadabilityLite } from './readability.js';
import { elementChildren, findBody, innerLength, isElement, remove, textOf, type Doc, type Element, type ParentNode } from './dom.js';

// Class/id words that mark boilerplate containers. Matched as whole words of the
// attribute (split on - _ space and camelCase), never as substrings of content words.
const BOILER_WORDS = new Set([
  'nav', 'navbar', 'navigation', 'menu', 'menubar', 'breadcrumb', 'breadcrumbs', 'sidebar', 'footer', 'masthead',
  'cookie', 'cookies', 'consent', 'gdpr', 'newsletter', 'subscribe', 'subscription', 'signup', 'share', 'sharing', 'social',
  'sharebar', 'related', 'recommended', 'recirculation', 'promo', 'promotion', 'advert', 'advertisement', 'ad', 'ads', 'adslot',
  'sponsored', 'banner', 'popup', 'modal', 'overlay', 'paywall', 'skip', 'skiplink', 'toolbar', 'pagination', 'pager',
  'widget', 'trending', 'outbrain', 'taboola', 'disqus', 'login', 'signin', 'toc',
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
 * Removes boilerplate containers. Never one holding half of the page's text; and a
 * container flagged only by a class word must also read like boilerplate (mostly links,
 * or little text): themes call whole post areas "widget" or "banner".
 */
export function stripBoilerplate(body: Element): void {
  const total = innerLength(body) || 1;
  const walk = (p: ParentNode, insideArticle: boolean) => {
    for (let i = 0; i < p.children.length; i++) {
      const n = p.children[i];
      if (!isElement(n)) continue;
      const kind = KEEP_TAGS.has(n.name) ? undefined : boilerplateKind(n, insideArticle);
      if (kind) {
        const s = linkStats(n);
        const plain = s.text - s.links;
        if (s.text < total * 0.5 && (kind === 'strong' || plain < 300 || s.links / (s.text || 1) > 0.4)) {
          remove(n);
          i--;
          continue;
        }
      }
      walk(n, insideArticle || n.name === 'article' || n.name === 'main' || n.attribs.itemprop === 'articleBody');
    }
  };
  walk(body, false);
}

function findMarkedBody(root: ParentNode): Element | undefined {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if ((c.attribs.itemprop ?? '').split(/\s+/).includes('articleBody')) return c;
    const inner = findMarkedBody(c);
    if (inner) return inner;
  }
  return undefined;
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

function linkStats(el: Element): { text: number; links: number; anchors: number } {
  let links = 0;
  let anchors = 0;
  const walk = (p: ParentNode) => {
    for (const c of p.children) {
      if (!isElement(c)) continue;
      if (c.name === 'a') {
        anchors++;
        links += innerLength(c);
      } else walk(c);
    }
  };
  walk(el);
  return { text: innerLength(el), links, anchors };
}

// Class/id words of page furniture inside an article: captions, credits, bylines, dates.
const META_WORDS = new Set(['caption', 'captions', 'credit', 'credits', 'byline', 'dateline', 'timestamp', 'date', 'published', 'updated', 'author', 'authors', 'meta', 'tags', 'tag', 'share', 'print', 'comments', 'copyright']);
// What short furniture lines say: legal lines, account and newsletter prompts, skip links.
const FURNITURE_TEXT = /(©|\(c\)\s*\d{4}|all rights reserved|cookies?\b|privacy policy|terms (of|and) (use|service|conditions)|\bsign (up|in)\b|\blog ?in\b|subscribe|newsletter|follow us|share (this|on)|skip to (main )?content|back to top)/i;

const PRUNABLE = new Set(['ul', 'ol', 'div', 'section', 'p', 'table', 'li', 'span', 'aside', 'figure', 'header', 'dl']);

/**
 * Drops what is left of page furniture inside the extracted content: link farms (related
 * stories, tag clouds, "read more" lines), image captions and credits, bylines and dates.
 * Images themselves stay.
 */
export function pruneLinkBlocks(root: Element, mode: 'full' | 'light' = 'full', dryRun = false): number {
  let removed = 0;
  const drop = (n: Element) => {
    removed += innerLength(n);
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
        const s = linkStats(n);
        const density = s.links / (s.text || 1);
        const cls = `${n.attribs.class ?? ''} ${n.attribs.id ?? ''}`;
        // On a page that is not one article, names and dates belong to the posts.
        const meta = mode === 'full' && cls.length > 1 && s.text < 200 && words(cls).some((w) => META_WORDS.has(w));
        const empty = s.text === 0 && !hasMedia(n);
        const furniture = s.text < 160 && FURNITURE_TEXT.test(textOf(n));
        // On pages that are not one article, link cards are the content: keep them.
        const farm = mode === 'full' && s.text < 400 && s.anchors >= 3 && density > 0.8;
        const lone = mode === 'full' && s.text < 200 && s.anchors >= 1 && density > 0.9 && n.name !== 'span';
        if (empty || furniture || farm || lone || meta || (mode === 'full' && n.name !== 'span' && hasTimeOnly(n, s.text))) {
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
  /** The extracted content (a detached element). */
  root: Element;
  /** Which rule produced it (the benchmark reports it). */
  method: 'readability' | 'articleBody' | 'page';
}

export function extractMain(doc: Doc, hints: { title?: string; article?: boolean } = {}): MainResult {
  const body = findBody(doc) ?? (elementChildren(doc).find((e) => e.name === 'html') as Element | undefined) ?? (doc as unknown as Element);
  stripBoilerplate(body);
  const pageLen = innerLength(body);
  const marked = findMarkedBody(body);
  const markedLen = marked ? innerLength(marked) : 0;
  const main = findTag(body, 'main');
  const page = main && innerLength(main) > pageLen * 0.6 ? main : body;
  // What the page holds once link farms are set aside: the yardstick for Readability's pick.
  const pageReadable = innerLength(page) - pruneLinkBlocks(page, 'full', true);

  // Readability works on its own copy; `page` stays whole for the fallback.
  const picked = new ReadabilityLite({ charThreshold: 300, title: hints.title }).parse(body);
  if (picked) pruneLinkBlocks(picked, 'full');
  const pickedLen = picked ? innerLength(picked) : 0;
  let result: MainResult;
  if (marked && markedLen > 200 && markedLen >= pickedLen * 0.7) {
    pruneLinkBlocks(marked, 'full');
    result = { root: marked, method: 'articleBody' };
  } else if (picked && pickedLen >= 200 && ((hints.article && pickedLen >= pageReadable * ARTICLE_SHARE) || pickedLen >= pageReadable * PICK_SHARE)) {
    result = { root: picked, method: 'readability' };
  } else {
    // Not one article (a forum thread, a product, a listing): the page without its furniture.
    const column = contentColumn(page);
    pruneLinkBlocks(column, 'light');
    result = { root: column, method: 'page' };
  }
  return result;
}

/** Text length of every element of a subtree, in one pass. */
function textLengths(root: Element): Map<Element, number> {
  const out = new Map<Element, number>();
  const walk = (el: Element): number => {
    let n = 0;
    for (const c of el.children) {
      if (isElement(c)) n += walk(c);
      else if (c.type === 'text') n += c.data.replace(/\s+/g, ' ').trim().length;
    }
    out.set(el, n);
    return n;
  };
  walk(root);
  return out;
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

/** Readability's pick is trusted when it holds this share of the page's readable text… */
const PICK_SHARE = 0.6;
/** …or this much, on a page that declares itself an article (comments may dwarf it). */
const ARTICLE_SHARE = 0.1;
