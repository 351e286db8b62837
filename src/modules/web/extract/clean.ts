// Cleaning a parsed page before any extraction: what no reader shows (scripts, styles,
// hidden elements, form controls) goes, except a collapsed panel a button's aria-controls opens (accordions); <noscript> content stays (no scripts run here); lazy-loaded images get their real source; every
// link and image URL becomes absolute. Boilerplate removal (for main=1) is separate:
// main=0 keeps navigation and footers, because that is the whole page.

import {
  attr,
  type ChildNode,
  contains,
  descendants,
  innerLength,
  isElement,
  isText,
  remove,
  select,
  setChildren,
  unwrap,
  type AnyNode,
  type Doc,
  type Element,
  type ParentNode,
} from './dom.js';

const INVISIBLE = new Set([
  'script',
  'style',
  'template',
  'svg',
  'iframe',
  'object',
  'embed',
  'canvas',
  'link',
  'meta',
  'input',
  'select',
  'textarea',
  'option',
  'button',
  'dialog',
  'map',
  'audio',
  'video',
  'source',
  'track',
  'frame',
  'frameset',
  'applet',
  'head',
  'title',
  'base',
]);

const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src', 'data-full-src'];

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a) return true;
  if (a['aria-hidden'] === 'true' && !hasImage(el)) return true;
  const style = a.style;
  return !!style && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

function hasImage(el: ParentNode): boolean {
  for (const c of el.children) if (isElement(c) && (c.name === 'img' || hasImage(c))) return true;
  return false;
}

function absolutize(value: string, base: string): string | undefined {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

function bestFromSrcset(srcset: string): string | undefined {
  // Largest candidate by width descriptor; else the first.
  let best: string | undefined;
  let bestW = -1;
  for (const part of srcset.split(/,\s+/)) {
    const [u, d] = part.trim().split(/\s+/);
    if (!u) continue;
    const w = d && /^\d+w$/.test(d) ? Number(d.slice(0, -1)) : d && /^[\d.]+x$/.test(d) ? Number(d.slice(0, -1)) * 1000 : 0;
    if (w > bestW) [best, bestW] = [u, w];
  }
  return best;
}

function fixImage(img: Element, base: string): boolean {
  const a = img.attribs;
  const src = a.src ?? '';
  const lazy = LAZY_SRC.map((k) => a[k]).find((v) => v && !v.startsWith('data:'));
  const real = !src || src.startsWith('data:') ? (lazy ?? bestFromSrcset(a.srcset ?? a['data-srcset'] ?? '')) : src;
  const abs = real ? absolutize(real, base) : undefined;
  delete a.srcset;
  if (!abs || !/^https?:/.test(abs)) return false;
  a.src = abs;
  return true;
}

/** The base URL links resolve against: <base href> when the page has one. */
export function baseOf(doc: Doc, pageUrl: string): string {
  const stack: AnyNode[] = [...doc.children];
  while (stack.length) {
    const n = stack.shift()!;
    if (!isElement(n)) continue;
    if (n.name === 'base' && n.attribs.href) return absolutize(n.attribs.href, pageUrl) ?? pageUrl;
    if (n.name === 'body') break;
    stack.unshift(...n.children);
  }
  return pageUrl;
}

/**
 * React's streamed server rendering sends the page shell with <template id="B:n">
 * placeholders, then the real content later in <div hidden id="S:n">, which a script
 * moves into place. Without scripts that content would be dropped as hidden: move it
 * where the browser shows it.
 */
export function placeStreamedSegments(doc: Doc): void {
  const segments = select('div[hidden][id^="S:"]', doc);
  if (!segments.length) return;
  const slots = new Map(select('template[id^="B:"]', doc).map((t) => [t.attribs.id.slice(2), t]));
  for (const seg of segments) {
    const slot = slots.get(seg.attribs.id.slice(2));
    if (!slot?.parent) continue;
    delete seg.attribs.hidden;
    const parent = slot.parent;
    remove(seg);
    parent.children.splice(parent.children.indexOf(slot), 0, seg);
    seg.parent = parent;
    remove(slot);
    unwrap(seg);
  }
}

/** Removes what readers never show and rewrites URLs, in one walk. */
export function cleanDocument(doc: Doc, pageUrl: string): Doc {
  const base = baseOf(doc, pageUrl);
  placeStreamedSegments(doc);
  // A hidden element that wraps the page (a child of <body>, or nearly all of its parent)
  // and holds most of its text is the page, hidden until a script shows it (anti-flicker,
  // loading and lock wrappers): it stays. A hidden section beside visible ones still goes.
  // Measured without script and style source: a page's JSON-LD can outweigh its text.
  // A collapsed disclosure panel (an accordion's content, named by a button's aria-controls)
  // is hidden only until the reader opens it: it is the page's text, and stays.
  const disclosed = new Set<string>();
  for (const el of select('[aria-controls]', doc)) for (const id of (el.attribs['aria-controls'] ?? '').split(/\s+/)) if (id) disclosed.add(id);
  let pageLen = -1;
  // A parent's length is measured once, however many hidden children it has.
  const parentLen = new Map<ParentNode, number>();
  // The body as the walk has left it: the first <body> not inside something already dropped
  // (a stray <body> in <head> is still in its list until that list is rebuilt).
  const liveBody = () => descendants(doc).find((e) => e.name === 'body' && contains(doc, e));
  const isPage = (el: Element) => {
    if (pageLen < 0) pageLen = shownLength(liveBody() ?? doc);
    const len = shownLength(el);
    if (len <= pageLen * HIDDEN_PAGE_SHARE) return false;
    const parent = el.parent as Element | null;
    if (!parent || parent.name === 'body') return true;
    let plen = parentLen.get(parent);
    if (plen === undefined) parentLen.set(parent, (plen = shownLength(parent)));
    return len > plen * WRAPPER_SHARE;
  };

  // Each list of children is rebuilt once: removing one by one is quadratic in a long list.
  const walk = (parent: ParentNode) => {
    const kept: ChildNode[] = [];
    const todo = [...parent.children].reverse();
    while (todo.length) {
      const n = todo.pop() as ChildNode;
      if (n.type === 'comment' || n.type === 'directive' || n.type === 'cdata') {
        n.parent = n.prev = n.next = null;
        continue;
      }
      if (!isElement(n)) {
        kept.push(n);
        continue;
      }
      if (n.name === 'noscript') {
        // We run no scripts, so a <noscript> block is what this reader sees: forums and
        // apps put their whole server-rendered view there (its children take its place).
        // Short ones ("enable JavaScript", tracking pixels) go.
        if (innerLength(n) > 200) {
          for (let j = n.children.length - 1; j >= 0; j--) {
            n.children[j].parent = parent;
            todo.push(n.children[j]);
          }
          n.children = [];
        }
        n.parent = n.prev = n.next = null;
        continue;
      }
      const checkbox = n.name === 'input' && n.attribs.type === 'checkbox' && parent.type === 'tag' && (parent as Element).name === 'li';
      if ((INVISIBLE.has(n.name) && !checkbox) || (isHidden(n) && !isDisclosed(n, disclosed) && !isPage(n)) || (n.name === 'img' && !fixImage(n, base))) {
        n.parent = n.prev = n.next = null;
        continue;
      }
      if (n.name === 'a') {
        const href = attr(n, 'href');
        if (href !== undefined) {
          if (/^\s*javascript:/i.test(href)) delete n.attribs.href;
          else if (!href.trim().startsWith('#')) {
            const abs = absolutize(href, base);
            if (abs) n.attribs.href = abs;
          }
        }
      }
      kept.push(n);
      walk(n);
    }
    setChildren(parent, kept);
  };
  walk(doc);
  return doc;
}

/**
 * Whether a hidden element is a collapsed panel that a control's aria-controls opens: the
 * panel itself, or a wrapper around nothing but it (collapse animations hide a wrapper
 * div, not the region the button names).
 */
function isDisclosed(el: Element, disclosed: Set<string>): boolean {
  if (!disclosed.size) return false;
  for (let e: Element | undefined = el; e; ) {
    if (e.attribs.id && disclosed.has(e.attribs.id)) return true;
    let only: Element | undefined;
    for (const c of e.children) {
      if (isElement(c)) {
        if (only) return false;
        only = c;
      } else if (isText(c) && c.data.trim()) return false;
    }
    e = only;
  }
  return false;
}

/** Text length of a subtree, leaving out the source of its scripts and styles. */
function shownLength(n: ParentNode): number {
  // A walk, not select(): css-select compiles its selector anew on every call, once per hidden element.
  return descendants(n).reduce((len, el) => (el.name === 'script' || el.name === 'style' ? len - innerLength(el) : len), innerLength(n));
}

/** A hidden wrapper holding more than this share of the body's text is the page itself… */
const HIDDEN_PAGE_SHARE = 0.5;
/** …when it is a child of <body> or holds more than this share of its parent's text. */
const WRAPPER_SHARE = 0.8;
