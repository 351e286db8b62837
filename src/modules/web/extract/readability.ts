// Mozilla Readability's article finder (Readability.js 0.6, Apache-2.0: the same regular
// expressions, node weights, ancestor score sharing, link-density scaling, sibling
// joining and conditional cleaning), re-implemented on the light domhandler tree so a
// large page takes a few milliseconds instead of tens. Text lengths and link densities
// are computed once per pass in a cache instead of being re-read from the DOM per query.

import { appendChild, createElement, elementChildren, isElement, isText, remove, textOf, type AnyNode, type Element, type ParentNode } from './dom.js';

const RE = {
  unlikely:
    /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i,
  maybe: /and|article|body|column|content|main|mathjax|shadow/i,
  positive: /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i,
  negative:
    /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i,
  byline: /byline|author|dateline|writtenby|p-author/i,
  share: /(\b|_)(share|sharedaddy)(\b|_)/i,
  commas: /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g,
  videos: /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i,
};

const UNLIKELY_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);
const DIV_TO_P = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);
const TO_SCORE = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);
const PHRASING = new Set([
  'abbr',
  'audio',
  'b',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'datalist',
  'dfn',
  'em',
  'embed',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'math',
  'meter',
  'noscript',
  'object',
  'output',
  'progress',
  'q',
  'ruby',
  'samp',
  'script',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'textarea',
  'time',
  'var',
  'wbr',
]);
const KEEP_AS_IS = new Set(['div', 'article', 'section', 'p', 'ol', 'ul']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export interface ReadabilityOptions {
  charThreshold?: number;
  nbTopCandidates?: number;
  /** The page title: a heading repeating it is dropped from the content. */
  title?: string;
}

interface Flags {
  stripUnlikelys: boolean;
  weightClasses: boolean;
  cleanConditionally: boolean;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Per-pass measurements: collapsed text length and link text length of each element. */
class Measures {
  private readonly cache = new Map<AnyNode, { len: number; link: number }>();
  get(n: AnyNode): { len: number; link: number } {
    let m = this.cache.get(n);
    if (m) return m;
    if (isText(n)) m = { len: norm(n.data).length + (/\s$/.test(n.data) ? 1 : 0), link: 0 };
    else if (isElement(n)) {
      let len = 0;
      let link = 0;
      for (const c of n.children) {
        const x = this.get(c);
        len += x.len;
        link += x.link;
      }
      if (n.name === 'a') {
        const href = n.attribs.href ?? '';
        link = len * (href.startsWith('#') ? 0.3 : 1);
      }
      m = { len, link };
    } else m = { len: 0, link: 0 };
    this.cache.set(n, m);
    return m;
  }
  linkDensity(el: Element): number {
    const m = this.get(el);
    return m.len ? m.link / m.len : 0;
  }
  clear() {
    this.cache.clear();
  }
}

function classWeight(el: Element, flags: Flags): number {
  if (!flags.weightClasses) return 0;
  let w = 0;
  const cls = el.attribs.class;
  if (cls) {
    if (RE.negative.test(cls)) w -= 25;
    if (RE.positive.test(cls)) w += 25;
  }
  const id = el.attribs.id;
  if (id) {
    if (RE.negative.test(id)) w -= 25;
    if (RE.positive.test(id)) w += 25;
  }
  return w;
}

function baseScore(el: Element): number {
  switch (el.name) {
    case 'div':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

const isWhitespace = (n: AnyNode) => (isText(n) && n.data.trim() === '') || (isElement(n) && n.name === 'br');

function isPhrasing(n: AnyNode): boolean {
  if (isText(n)) return true;
  if (!isElement(n)) return false;
  if (PHRASING.has(n.name)) return true;
  return (n.name === 'a' || n.name === 'del' || n.name === 'ins') && n.children.every(isPhrasing);
}

function hasChildBlock(el: Element): boolean {
  return el.children.some((c) => isElement(c) && (DIV_TO_P.has(c.name) || hasChildBlock(c)));
}

function withoutContent(el: Element): boolean {
  // The children first: the text of a node with others inside would cost its whole subtree.
  const kids = elementChildren(el);
  return (kids.length === 0 || kids.every((k) => k.name === 'br' || k.name === 'hr')) && !textOf(el).trim();
}

function hasAncestor(el: Element, tag: string, maxDepth = 3, filter?: (e: Element) => boolean): boolean {
  let depth = 0;
  for (let p = el.parent; p && isElement(p as AnyNode); p = p.parent) {
    if (maxDepth > 0 && depth > maxDepth) return false;
    const e = p as Element;
    if (e.name === tag && (!filter || filter(e))) return true;
    depth++;
  }
  return false;
}

function ancestors(el: Element, max: number): Element[] {
  const out: Element[] = [];
  for (let p = el.parent; p && isElement(p as AnyNode) && (max <= 0 || out.length < max); p = p.parent) out.push(p as Element);
  return out;
}

/** The tags cleanConditionally counts inside a node. */
const CONDITIONAL_COUNTS = new Set(['ul', 'ol', 'table', 'p', 'img', 'li', 'input', ...HEADINGS, 'object', 'embed', 'iframe']);

/** The descendants of root with one of the tags, by tag, in document order. */
function byTag(root: ParentNode, tags: ReadonlySet<string>): Map<string, Element[]> {
  const out = new Map<string, Element[]>();
  for (const el of all(root, tags)) {
    const list = out.get(el.name);
    if (list) list.push(el);
    else out.set(el.name, [el]);
  }
  return out;
}

function all(root: ParentNode, tags: ReadonlySet<string> | string): Element[] {
  const out: Element[] = [];
  const want = typeof tags === 'string' ? new Set([tags]) : tags;
  const walk = (p: ParentNode) => {
    for (const c of p.children) {
      if (!isElement(c)) continue;
      if (want.has(c.name)) out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

function replaceWith(old: Element, neu: Element): void {
  const p = old.parent!;
  const i = p.children.indexOf(old);
  if (neu.parent) remove(neu);
  p.children[i] = neu;
  neu.parent = p;
  neu.prev = old.prev;
  neu.next = old.next;
  if (old.prev) old.prev.next = neu;
  if (old.next) old.next.prev = neu;
  old.parent = old.prev = old.next = null;
}

function insertBefore(parent: ParentNode, node: AnyNode, ref: AnyNode): void {
  if (node.parent) remove(node);
  const i = parent.children.indexOf(ref as never);
  parent.children.splice(i, 0, node as never);
  node.parent = parent;
  node.prev = ref.prev;
  node.next = ref;
  if (ref.prev) ref.prev.next = node;
  ref.prev = node;
}

/** Text similarity of Readability's title check: share of the title's tokens in the heading. */
function similar(a: string, b: string): number {
  const ta = a.toLowerCase().split(/\W+/).filter(Boolean);
  const tb = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (!ta.length || !tb.length) return 0;
  const extra = tb.filter((t) => !ta.includes(t));
  return 1 - extra.join(' ').length / tb.join(' ').length;
}

export class ReadabilityLite {
  private readonly charThreshold: number;
  private readonly nbTop: number;

  constructor(private readonly opts: ReadabilityOptions = {}) {
    this.charThreshold = opts.charThreshold ?? 500;
    this.nbTop = opts.nbTopCandidates ?? 5;
  }

  /** The article element (detached), or undefined when nothing was found. */
  parse(body: Element): Element | undefined {
    const attempts: { el: Element; len: number }[] = [];
    const flags: Flags = { stripUnlikelys: true, weightClasses: true, cleanConditionally: true };
    // Each attempt works on a copy: it takes the tree apart.
    for (let i = 0; i < 4; i++) {
      const copy = body.cloneNode(true) as Element;
      const el = this.grab(copy, flags);
      const len = el ? norm(textOf(el)).length : 0;
      if (el && len >= this.charThreshold) return el;
      if (el) attempts.push({ el, len });
      if (flags.stripUnlikelys) flags.stripUnlikelys = false;
      else if (flags.weightClasses) flags.weightClasses = false;
      else if (flags.cleanConditionally) flags.cleanConditionally = false;
      else break;
    }
    attempts.sort((a, b) => b.len - a.len);
    return attempts[0]?.len ? attempts[0].el : undefined;
  }

  /**
   * One pass of Readability's grabArticle: strip unlikely nodes, score paragraphs into their
   * ancestors, pick the top candidate, gather its siblings, clean. Long on purpose: it follows
   * the original's structure step by step (Readability.js, `_grabArticle`), so the two can be
   * compared line for line when the original changes; splitting it would hide that.
   */
  private grab(body: Element, flags: Flags): Element | undefined {
    const m = new Measures();
    const scores = new Map<Element, number>();
    const toScore: Element[] = [];
    let bylineFound = false;
    let titleRemoved = false;
    const title = this.opts.title ? norm(this.opts.title) : '';

    // 1. Prune unlikely nodes, turn text-only divs into paragraphs, collect what to score.
    const visit = (el: Element): void => {
      for (let i = 0; i < el.children.length; i++) {
        let node = el.children[i];
        if (!isElement(node)) continue;
        const match = `${node.attribs.class ?? ''} ${node.attribs.id ?? ''}`;
        const drop = () => {
          remove(node);
          i--;
        };
        if (!bylineFound && (node.attribs.rel === 'author' || (node.attribs.itemprop ?? '').includes('author') || RE.byline.test(match))) {
          const len = norm(textOf(node)).length;
          if (len > 0 && len < 100) {
            bylineFound = true;
            drop();
            continue;
          }
        }
        if (!titleRemoved && title && (node.name === 'h1' || node.name === 'h2') && similar(title, norm(textOf(node))) > 0.75) {
          titleRemoved = true;
          drop();
          continue;
        }
        if (flags.stripUnlikelys) {
          // A data table is content whatever its class says ("sticky-header" is a table style).
          if (
            RE.unlikely.test(match) &&
            !RE.maybe.test(match) &&
            !hasAncestor(node, 'table') &&
            !hasAncestor(node, 'code') &&
            node.name !== 'body' &&
            node.name !== 'a' &&
            !(node.name === 'table' && isDataTable(node))
          ) {
            drop();
            continue;
          }
          if (UNLIKELY_ROLES.has(node.attribs.role ?? '')) {
            drop();
            continue;
          }
        }
        if ((node.name === 'div' || node.name === 'section' || node.name === 'header' || HEADINGS.has(node.name)) && withoutContent(node)) {
          drop();
          continue;
        }
        if (TO_SCORE.has(node.name)) toScore.push(node);
        if (node.name === 'div') {
          // Runs of phrasing content become paragraphs.
          let p: Element | null = null;
          for (let j = 0; j < node.children.length; j++) {
            const child = node.children[j];
            if (isPhrasing(child)) {
              if (p) {
                appendChild(p, child);
                j--;
              } else if (!isWhitespace(child)) {
                p = createElement('p');
                insertBefore(node, p, child);
                appendChild(p, child);
              }
            } else if (p) {
              while (p.children.length && isWhitespace(p.children[p.children.length - 1])) remove(p.children[p.children.length - 1]);
              p = null;
            }
          }
          const kids = elementChildren(node);
          const textKids = node.children.filter((c) => isText(c) && c.data.trim());
          if (kids.length === 1 && kids[0].name === 'p' && textKids.length === 0 && m.linkDensity(node) < 0.25) {
            const only = kids[0];
            replaceWith(node, only);
            node = only;
            toScore.push(node);
          } else if (!hasChildBlock(node)) {
            node.name = 'p';
            toScore.push(node);
          }
        }
        visit(node);
      }
    };
    visit(body);
    m.clear();

    // 2. Score paragraphs and share the score with their ancestors.
    const candidates: Element[] = [];
    const init = (el: Element) => {
      if (!scores.has(el)) {
        scores.set(el, baseScore(el) + classWeight(el, flags));
        candidates.push(el);
      }
    };
    for (const el of toScore) {
      if (!el.parent || !isElement(el.parent as AnyNode)) continue;
      const text = norm(textOf(el));
      if (text.length < 25) continue;
      const anc = ancestors(el, 5);
      if (!anc.length) continue;
      // 1 for the paragraph, 1 per comma-separated part, 1 per 100 characters (up to 3).
      const score = 1 + (text.match(RE.commas)?.length ?? 0) + 1 + Math.min(Math.floor(text.length / 100), 3);
      anc.forEach((a, level) => {
        init(a);
        const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
        scores.set(a, scores.get(a)! + score / divider);
      });
    }
    for (const c of candidates) scores.set(c, scores.get(c)! * (1 - m.linkDensity(c)));
    const top = candidates
      .filter((c) => c.parent)
      .sort((a, b) => scores.get(b)! - scores.get(a)!)
      .slice(0, this.nbTop);

    let topCandidate: Element | undefined = top[0];
    if (!topCandidate || topCandidate.name === 'body') {
      topCandidate = createElement('div', [...body.children]);
      appendChild(body, topCandidate);
      init(topCandidate);
    } else {
      const altAncestors: Element[][] = [];
      for (let i = 1; i < top.length; i++) {
        if (scores.get(top[i])! / scores.get(topCandidate)! >= 0.75) altAncestors.push(ancestors(top[i], 0));
      }
      if (altAncestors.length >= 3) {
        let p = topCandidate.parent as Element | null;
        while (p && isElement(p) && p.name !== 'body') {
          const n = altAncestors.filter((list) => list.includes(p!)).length;
          if (n >= 3) {
            topCandidate = p;
            break;
          }
          p = p.parent as Element | null;
        }
      }
      init(topCandidate);
      let parent = topCandidate.parent as Element | null;
      let lastScore = scores.get(topCandidate)!;
      const threshold = lastScore / 3;
      while (parent && isElement(parent) && parent.name !== 'body') {
        if (!scores.has(parent)) {
          parent = parent.parent as Element | null;
          continue;
        }
        const ps = scores.get(parent)!;
        if (ps < threshold) break;
        if (ps > lastScore) {
          topCandidate = parent;
          break;
        }
        lastScore = ps;
        parent = parent.parent as Element | null;
      }
      parent = topCandidate.parent as Element | null;
      while (parent && isElement(parent) && parent.name !== 'body' && elementChildren(parent).length === 1) {
        topCandidate = parent;
        parent = parent.parent as Element | null;
      }
      init(topCandidate);
    }

    // 3. Join siblings that look like part of the article.
    const article = createElement('div');
    const topScore = scores.get(topCandidate)!;
    const siblingThreshold = Math.max(10, topScore * 0.2);
    const parentOfTop = topCandidate.parent;
    const siblings = parentOfTop ? elementChildren(parentOfTop) : [topCandidate];
    for (const s of siblings) {
      let append = s === topCandidate;
      if (!append) {
        const sameClass = !!s.attribs.class && s.attribs.class === topCandidate.attribs.class && s.name === topCandidate.name;
        const bonus = sameClass ? topScore * 0.2 : 0;
        if (scores.has(s) && scores.get(s)! + bonus >= siblingThreshold) append = true;
        // Repeated blocks of the same kind as the pick (the posts of a thread, the entries
        // of a list): part of the content when they are prose, whatever their score.
        else if (sameClass && m.get(s).len >= 25 && m.linkDensity(s) < 0.5) append = true;
        else if (s.name === 'p') {
          const ld = m.linkDensity(s);
          const text = norm(textOf(s));
          if (text.length > 80 && ld < 0.25) append = true;
          else if (text.length < 80 && text.length > 0 && ld === 0 && /\.( |$)/.test(text)) append = true;
        }
      }
      if (append) {
        if (!KEEP_AS_IS.has(s.name)) s.name = 'div';
        appendChild(article, s);
      }
    }
    m.clear();
    this.prep(article, flags);
    return article.children.length ? article : undefined;
  }

  /** Readability's prepArticle: conditional cleaning of what does not read as content. */
  private prep(article: Element, flags: Flags): void {
    const m = new Measures();
    const dataTables = new Set(all(article, 'table').filter((t) => isDataTable(t)));
    for (const el of all(article, new Set(['object', 'embed', 'footer', 'link', 'aside']))) {
      if (el.name === 'object' || el.name === 'embed') {
        if (RE.videos.test(el.attribs.src ?? el.attribs.data ?? '')) continue;
      }
      remove(el);
    }
    this.cleanConditionally(article, new Set(['form', 'fieldset']), flags, m, dataTables);
    for (const child of elementChildren(article)) {
      for (const el of descendantsMatching(
        child,
        (e) => RE.share.test(`${e.attribs.class ?? ''} ${e.attribs.id ?? ''}`) && norm(textOf(e)).length < this.charThreshold,
      ))
        remove(el);
    }
    for (const h of all(article, new Set(['h1', 'h2']))) if (classWeight(h, flags) < 0) remove(h);
    this.cleanConditionally(article, new Set(['table', 'ul', 'div']), flags, m, dataTables);
    // Readability.js demotes every h1 to h2 here; a heading keeps its level in our Markdown.
    for (const p of all(article, 'p')) {
      const media = all(p, new Set(['img', 'embed', 'object', 'iframe'])).length;
      if (!media && !textOf(p).trim()) remove(p);
    }
    for (const t of all(article, 'table')) {
      const rows = all(t, 'tr').filter((r) => r.parent === t || (r.parent as Element | null)?.parent === t);
      if (rows.length === 1) {
        const cells = elementChildren(rows[0]).filter((c) => c.name === 'td' || c.name === 'th');
        if (cells.length === 1) {
          const cell = cells[0];
          cell.name = cell.children.every(isPhrasing) ? 'p' : 'div';
          replaceWith(t, cell);
        }
      }
    }
  }

  private cleanConditionally(root: Element, tags: ReadonlySet<string>, flags: Flags, m: Measures, dataTables: ReadonlySet<Element>): void {
    if (!flags.cleanConditionally) return;
    const nodes = all(root, tags).reverse();
    for (const node of nodes) {
      if (!node.parent) continue;
      // One walk of the node gives every count below (one walk per count made the pass cost
      // ten times the page per level of nesting).
      const inside = byTag(node, CONDITIONAL_COUNTS);
      const of = (...tags: string[]) => tags.flatMap((t) => inside.get(t) ?? []);
      let isList = node.name === 'ul' || node.name === 'ol';
      if (!isList) {
        const listLen = of('ul', 'ol').reduce((a, l) => a + m.get(l).len, 0);
        const len = m.get(node).len;
        isList = len > 0 && listLen / len > 0.9;
      }
      if (node.name === 'table' && dataTables.has(node)) continue;
      if (hasAncestor(node, 'table', -1, (t) => dataTables.has(t))) continue;
      if (hasAncestor(node, 'code')) continue;
      if (of('table').some((t) => dataTables.has(t))) continue;
      const weight = classWeight(node, flags);
      if (weight < 0) {
        remove(node);
        continue;
      }
      const text = textOf(node);
      if ((text.match(RE.commas)?.length ?? 0) >= 10) continue;
      const p = of('p').length;
      const img = of('img').length;
      const li = of('li').length - 100;
      const input = of('input').length;
      const headingLen = of(...HEADINGS).reduce((a, h) => a + m.get(h).len, 0);
      const contentLength = m.get(node).len;
      const headingDensity = contentLength ? headingLen / contentLength : 0;
      let embeds = 0;
      for (const e of of('object', 'embed', 'iframe')) {
        if (RE.videos.test(e.attribs.src ?? '')) embeds++;
      }
      const ld = m.linkDensity(node);
      const inFigure = hasAncestor(node, 'figure');
      let haveToRemove =
        (img > 1 && p / img < 0.5 && !inFigure) ||
        (!isList && li > p) ||
        input > Math.floor(p / 3) ||
        (!isList && headingDensity < 0.9 && contentLength < 25 && (img === 0 || img > 2) && !inFigure) ||
        (!isList && weight < 25 && ld > 0.2) ||
        (weight >= 25 && ld > 0.5) ||
        (embeds === 1 && contentLength < 75) ||
        embeds > 1;
      if (isList && haveToRemove) {
        // Lists of images are kept.
        const items = elementChildren(node);
        if (items.length && items.every((c) => elementChildren(c).length === 1 && elementChildren(c)[0].name === 'img' && !textOf(c).trim()))
          haveToRemove = false;
      }
      if (haveToRemove) remove(node);
    }
  }
}

function descendantsMatching(root: Element, test: (e: Element) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (p: Element) => {
    for (const c of p.children) {
      if (!isElement(c)) continue;
      if (test(c)) out.push(c);
      else walk(c);
    }
  };
  walk(root);
  return out;
}

/** Readability's data-table test: a table of rows and columns rather than page layout. */
export function isDataTable(table: Element): boolean {
  if (table.attribs.role === 'presentation') return false;
  if ((table.attribs.datatable ?? '') === '0') return false;
  if (table.attribs.summary) return true;
  const kids = elementChildren(table);
  if (kids.some((k) => k.name === 'caption' && textOf(k).trim())) return true;
  if (all(table, new Set(['col', 'colgroup', 'tfoot', 'thead', 'th'])).length) return true;
  if (all(table, 'table').length) return false;
  const rows = all(table, 'tr');
  let cols = 0;
  for (const r of rows) {
    let c = 0;
    for (const cell of elementChildren(r)) if (cell.name === 'td' || cell.name === 'th') c += Number(cell.attribs.colspan ?? 1) || 1;
    cols = Math.max(cols, c);
  }
  if (rows.length === 1 || cols === 1) return false;
  if (rows.length >= 10 || cols > 4) return true;
  return rows.length * cols > 10;
}
