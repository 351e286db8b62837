// The light DOM every extraction step works on: htmlparser2's domhandler tree, parsed in
// a few milliseconds even for large pages (a full DOM implementation costs several times
// more, mostly in per-node bookkeeping), walked with small helpers and css-select.
// Only the final Markdown conversion builds a full DOM, and only of the extracted part.
// The tree is bounded as it is built (MAX_DOM_DEPTH, MAX_DOM_NODES): every step after the
// parse, ours or a library's, may then recurse per level and walk the whole page.
// The libraries (htmlparser2, domhandler, css-select, dom-serializer and theirs, about 50 files)
// load on first use (core/lazy.ts): the main thread imports this file for a selector check
// (controls.ts) and needs none of them until a request brings a selector (docs/decisions/start-up.md).

import type { AnyNode, ChildNode, Document as DomDocument, Element, ParentNode, Text } from 'domhandler';
import { pageTooComplex } from '../../../core/errors.js';
import { lazyRequire } from '../../../core/lazy.js';

export type { AnyNode, ChildNode, Element, ParentNode, Text };
export type Doc = DomDocument;

const htmlparser2 = lazyRequire<typeof import('htmlparser2')>('htmlparser2');
const domhandler = lazyRequire<typeof import('domhandler')>('domhandler');
/** css-select, loaded on first use (query.ts shares it). */
export const cssSelect = lazyRequire<typeof import('css-select')>('css-select');
const serializer = lazyRequire<typeof import('dom-serializer')>('dom-serializer');

// Markup no reader uses, cut from the string before parsing: big pages are mostly inline
// scripts, styles and SVG. JSON-LD scripts stay (metadata reads them).
const DEAD_MARKUP =
  /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<svg\b[^>]*>[\s\S]*?<\/svg\s*>|<!--[\s\S]*?-->/gi;
// A "<![CDATA[" in HTML content is, for browsers, a bogus comment that ends at the next
// ">"; htmlparser2 reads it as CDATA up to "]]>", so a stray one (left by a template)
// would swallow the rest of the page. Cut it the way browsers do.
const STRAY_CDATA = /<!\[CDATA\[[^>]*>/g;

/**
 * How deep elements nest (<html> is 1). Real pages stay far below: the deepest of 1,678 pages of
 * the extraction benchmarks is 55. Chromium's parser stops nesting at 512; a quarter of that keeps
 * the per-level recursion of css-select, dom-serializer, linkedom and turndown far from the stack's
 * end, and halves (against 256) the steps whose cost is elements × depth by their algorithm
 * (Readability's per-candidate subtree counts). docs/decisions/web-untrusted-work.md.
 */
export const MAX_DOM_DEPTH = 128;
/**
 * How many nodes (elements, text runs, comments) a page may have: ten times the largest of those
 * 1,678 pages (20,804). More is refused (422 PAGE_TOO_COMPLEX): the tree, and every walk of it,
 * grows with it.
 */
export const MAX_DOM_NODES = 200_000;

/**
 * domhandler's tree builder with the two bounds: past MAX_DOM_NODES it throws; an element that
 * would nest deeper than MAX_DOM_DEPTH is put beside the others at that depth (under the element
 * one level up), and text keeps its order: it goes into the deepest open element while that is
 * the last one put there, else beside them. So a page of 10,000 nested <div>s reads as 128 levels
 * and then its remaining divs side by side, every word kept.
 */
function boundedHandlerClass() {
  return class BoundedHandler extends domhandler().DomHandler {
    private nodes = 0;

    protected override addNode(node: ChildNode): void {
      if (++this.nodes > MAX_DOM_NODES) {
        throw pageTooComplex(
          `the page has more than ${MAX_DOM_NODES.toLocaleString('en')} HTML nodes (elements and runs of text), more than this service reads of one page`,
          { limit: 'nodes', max: MAX_DOM_NODES },
        );
      }
      const top = this.tagStack.length - 1;
      if (top < MAX_DOM_DEPTH) {
        super.addNode(node);
        return;
      }
      const anchor = this.tagStack[MAX_DOM_DEPTH - 1];
      const open = this.tagStack[top];
      const last = anchor.children[anchor.children.length - 1];
      const parent = isElement(node as AnyNode) || last !== open ? anchor : open;
      const prev = parent.children[parent.children.length - 1] ?? null;
      parent.children.push(node);
      node.parent = parent;
      node.prev = prev;
      if (prev) prev.next = node;
      this.lastNode = null;
    }
  };
}
let BoundedHandler: ReturnType<typeof boundedHandlerClass> | undefined;

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false };

/** The page's tree, bounded (see MAX_DOM_DEPTH, MAX_DOM_NODES); throws PAGE_TOO_COMPLEX past the node cap. */
export function parseHtml(html: string): Doc {
  const handler = new (BoundedHandler ??= boundedHandlerClass())(undefined, { xmlMode: false });
  new (htmlparser2().Parser)(handler, PARSE_OPTIONS).end(html.replace(DEAD_MARKUP, '').replace(STRAY_CDATA, ''));
  const doc = handler.root;
  adoptTrailing(doc);
  return doc;
}

/**
 * What follows a premature </body> or </html> (templates that close the page and go on) is
 * body content for browsers, whose parser goes back "in body"; htmlparser2 leaves it after
 * the body or outside <html>, where every reader would miss it. Move it into the body.
 */
function adoptTrailing(doc: DomDocument): void {
  const html = doc.children.find((c): c is Element => isElement(c) && c.name === 'html');
  const body = html?.children.find((c): c is Element => isElement(c) && c.name === 'body');
  if (!html || !body) return;
  const after = [...html.children.slice(html.children.indexOf(body) + 1), ...doc.children.slice(doc.children.indexOf(html) + 1)];
  for (const n of after) if (isElement(n) || (isText(n) && n.data.trim())) appendChild(body, n);
}

export const isElement = (n: AnyNode | null | undefined): n is Element => !!n && (n.type === 'tag' || n.type === 'script' || n.type === 'style');
export const isText = (n: AnyNode | null | undefined): n is Text => !!n && n.type === 'text';

export const attr = (el: Element, name: string): string | undefined => el.attribs[name];

export function elementChildren(el: ParentNode): Element[] {
  return el.children.filter(isElement);
}

/** All descendant elements in document order. */
export function descendants(root: ParentNode, out: Element[] = []): Element[] {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length) {
    const c = stack.pop() as AnyNode;
    if (!isElement(c)) continue;
    out.push(c);
    for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i]);
  }
  return out;
}

export function textOf(n: AnyNode): string {
  if (isText(n)) return n.data;
  if (!isElement(n) && n.type !== 'root') return '';
  let s = '';
  const stack: AnyNode[] = [n];
  while (stack.length) {
    const c = stack.pop() as AnyNode;
    if (isText(c)) s += c.data;
    else if (isElement(c) || c.type === 'root') for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i]);
  }
  return s;
}

/** Whether a UTF-16 code unit is whitespace as JavaScript's \s and trim() see it. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0x80 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

/** Counts characters as if whitespace runs were collapsed to one space and the ends trimmed. */
class CollapsedCount {
  len = 0;
  private started = false;
  private gap = false;
  add(d: string): void {
    for (let i = 0; i < d.length; i++) {
      if (isSpace(d.charCodeAt(i))) this.gap = this.started;
      else {
        if (this.gap) this.len++;
        this.gap = false;
        this.started = true;
        this.len++;
      }
    }
  }
}

/**
 * Length of the text with whitespace runs collapsed and the ends trimmed (what a reader
 * sees): textOf(n).replace(/\s+/g, ' ').trim().length, counted without building the string.
 * The extractor asks it of nested elements again and again, so this is its hottest helper.
 */
export function innerLength(n: AnyNode): number {
  const count = new CollapsedCount();
  const visit = (node: AnyNode) => {
    if (isText(node)) count.add(node.data);
    else if (isElement(node) || node.type === 'root') for (const c of (node as ParentNode).children) visit(c);
  };
  visit(n);
  return count.len;
}

/**
 * A text as innerLength counts it, in a form that concatenates: its collapsed, trimmed
 * length, and whether whitespace opens and closes it (for a text with no visible
 * character, whether it has any whitespace). Joining the spans of the pieces gives the
 * span of the whole, so lengths of every element of a tree come from one bottom-up pass.
 */
export interface TextSpan {
  len: number;
  lead: boolean;
  trail: boolean;
}

export const NO_TEXT: TextSpan = { len: 0, lead: false, trail: false };

export function spanOf(s: string): TextSpan {
  if (!s) return NO_TEXT;
  return { len: collapsedLength(s), lead: isSpace(s.charCodeAt(0)), trail: isSpace(s.charCodeAt(s.length - 1)) };
}

export function joinSpans(a: TextSpan, b: TextSpan): TextSpan {
  if (a.len === 0) return { len: b.len, lead: a.lead || b.lead, trail: b.len === 0 ? a.trail || b.trail : b.trail };
  if (b.len === 0) return { len: a.len, lead: a.lead, trail: a.trail || b.lead };
  return { len: a.len + b.len + (a.trail || b.lead ? 1 : 0), lead: a.lead, trail: b.trail };
}

/** s.replace(/\s+/g, ' ').trim().length, without a copy. */
export function collapsedLength(s: string): number {
  const count = new CollapsedCount();
  count.add(s);
  return count.len;
}

/** Whether `inner` is `outer` or lies inside it. */
export function contains(outer: AnyNode, inner: AnyNode): boolean {
  for (let e: AnyNode | null = inner; e; e = e.parent) if (e === outer) return true;
  return false;
}

export function remove(n: AnyNode): void {
  const p = n.parent;
  if (!p) return;
  const i = p.children.indexOf(n as never);
  if (i >= 0) p.children.splice(i, 1);
  if (n.prev) n.prev.next = n.next;
  if (n.next) n.next.prev = n.prev;
  n.parent = n.prev = n.next = null;
}

/** Removes many nodes at once: one pass over each parent's children, where one by one is quadratic in a long list. */
export function removeAll(nodes: readonly AnyNode[]): void {
  const gone = new Set(nodes);
  const parents = new Set<ParentNode>();
  for (const n of nodes) if (n.parent) parents.add(n.parent);
  for (const p of parents) {
    p.children = p.children.filter((c) => !gone.has(c));
    relink(p);
  }
  for (const n of nodes) n.parent = n.prev = n.next = null;
}

/** Replaces an element by its children. */
export function unwrap(el: Element): void {
  const p = el.parent;
  if (!p) return;
  const i = p.children.indexOf(el);
  const kids = el.children;
  for (const k of kids) k.parent = p;
  p.children.splice(i, 1, ...kids);
  relink(p);
  el.children = [];
  el.parent = el.prev = el.next = null;
}

export function appendChild(parent: ParentNode, child: AnyNode): void {
  if (child.parent) remove(child);
  const last = parent.children[parent.children.length - 1] ?? null;
  parent.children.push(child as never);
  child.parent = parent;
  child.prev = last;
  child.next = null;
  if (last) last.next = child;
}

/** Puts `node` right after `ref`, under the same parent. */
export function insertAfter(ref: AnyNode, node: AnyNode): void {
  const p = ref.parent;
  if (!p) return;
  if (node.parent) remove(node);
  p.children.splice(p.children.indexOf(ref as never) + 1, 0, node as never);
  node.parent = p;
  relink(p);
}

/** Puts `node` first under `parent`. */
export function prependChild(parent: ParentNode, node: AnyNode): void {
  if (node.parent) remove(node);
  parent.children.unshift(node as never);
  node.parent = parent;
  relink(parent);
}

/** Makes `kids` the children of `parent` (each detached from where it was by the caller). */
export function setChildren(parent: ParentNode, kids: ChildNode[]): void {
  for (const k of kids) k.parent = parent;
  parent.children = kids;
  relink(parent);
}

function relink(p: ParentNode): void {
  const c = p.children;
  for (let i = 0; i < c.length; i++) {
    c[i].prev = c[i - 1] ?? null;
    c[i].next = c[i + 1] ?? null;
  }
}

export const select = (selector: string, root: AnyNode | AnyNode[]) => cssSelect().selectAll<AnyNode, Element>(selector, root);
export const selectFirst = (selector: string, root: AnyNode | AnyNode[]) => cssSelect().selectOne<AnyNode, Element>(selector, root) ?? undefined;

export const outerHtml = (n: AnyNode | AnyNode[]) => serializer().render(n, { decodeEntities: true, encodeEntities: 'utf8' });
export const innerHtml = (n: ParentNode) => serializer().render(n.children, { decodeEntities: true, encodeEntities: 'utf8' });

export function findBody(doc: Doc): Element | undefined {
  return selectFirst('body', doc);
}

export function createElement(name: string, children: AnyNode[] = []): Element {
  const el = new (domhandler().Element)(name, {});
  for (const c of children) appendChild(el, c);
  return el;
}

export function createText(data: string): Text {
  return new (domhandler().Text)(data);
}

/** Text length (whitespace collapsed) of every element of a subtree, in one pass. */
export function textLengths(root: Element): Map<Element, number> {
  const out = new Map<Element, number>();
  const walk = (el: Element): number => {
    let n = 0;
    for (const c of el.children) {
      if (isElement(c)) n += walk(c);
      else if (c.type === 'text') n += collapsedLength(c.data);
    }
    out.set(el, n);
    return n;
  };
  walk(root);
  return out;
}
