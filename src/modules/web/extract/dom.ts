// The light DOM every extraction step works on: htmlparser2's domhandler tree, parsed in
// a few milliseconds even for large pages (a full DOM implementation costs several times
// more, mostly in per-node bookkeeping), walked with small helpers and css-select.
// Only the final Markdown conversion builds a full DOM, and only of the extracted part.

import { parseDocument } from 'htmlparser2';
import { Element, Text, type AnyNode, type Document as DomDocument, type ParentNode } from 'domhandler';
import { selectAll, selectOne } from 'css-select';
import render from 'dom-serializer';

export type { AnyNode, ParentNode };
export { Element, Text };
export type Doc = DomDocument;

// Markup no reader uses, cut from the string before parsing: big pages are mostly inline
// scripts, styles and SVG. JSON-LD scripts stay (metadata reads them).
const DEAD_MARKUP = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<svg\b[^>]*>[\s\S]*?<\/svg\s*>|<!--[\s\S]*?-->/gi;
// A "<![CDATA[" in HTML content is, for browsers, a bogus comment that ends at the next
// ">"; htmlparser2 reads it as CDATA up to "]]>", so a stray one (left by a template)
// would swallow the rest of the page. Cut it the way browsers do.
const STRAY_CDATA = /<!\[CDATA\[[^>]*>/g;

export function parseHtml(html: string): Doc {
  return parseDocument(html.replace(DEAD_MARKUP, '').replace(STRAY_CDATA, ''), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false });
}

export const isElement = (n: AnyNode | null | undefined): n is Element => !!n && (n.type === 'tag' || n.type === 'script' || n.type === 'style');
export const isText = (n: AnyNode | null | undefined): n is Text => !!n && n.type === 'text';

export const attr = (el: Element, name: string): string | undefined => el.attribs[name];

export function elementChildren(el: ParentNode): Element[] {
  return el.children.filter(isElement);
}

/** All descendant elements in document order. */
export function descendants(root: ParentNode, out: Element[] = []): Element[] {
  for (const c of root.children) {
    if (isElement(c)) {
      out.push(c);
      descendants(c, out);
    }
  }
  return out;
}

export function textOf(n: AnyNode): string {
  if (isText(n)) return n.data;
  if (!isElement(n) && n.type !== 'root') return '';
  let s = '';
  for (const c of (n as ParentNode).children) s += textOf(c);
  return s;
}

/** Length of the text with whitespace runs collapsed (what a reader sees). */
export const innerLength = (n: AnyNode) => textOf(n).replace(/\s+/g, ' ').trim().length;

export function remove(n: AnyNode): void {
  const p = n.parent;
  if (!p) return;
  const i = p.children.indexOf(n as never);
  if (i >= 0) p.children.splice(i, 1);
  if (n.prev) n.prev.next = n.next;
  if (n.next) n.next.prev = n.prev;
  n.parent = n.prev = n.next = null;
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

function relink(p: ParentNode): void {
  const c = p.children;
  for (let i = 0; i < c.length; i++) {
    c[i].prev = c[i - 1] ?? null;
    c[i].next = c[i + 1] ?? null;
  }
}

export const select = (selector: string, root: AnyNode | AnyNode[]) => selectAll<AnyNode, Element>(selector, root);
export const selectFirst = (selector: string, root: AnyNode | AnyNode[]) => selectOne<AnyNode, Element>(selector, root) ?? undefined;

export const outerHtml = (n: AnyNode | AnyNode[]) => render(n, { decodeEntities: true, encodeEntities: 'utf8' });
export const innerHtml = (n: ParentNode) => render(n.children, { decodeEntities: true, encodeEntities: 'utf8' });

export function findBody(doc: Doc): Element | undefined {
  return selectFirst('body', doc);
}

export function createElement(name: string, children: AnyNode[] = []): Element {
  const el = new Element(name, {});
  for (const c of children) appendChild(el, c);
  return el;
}

/** Text length (whitespace collapsed) of every element of a subtree, in one pass. */
export function textLengths(root: Element): Map<Element, number> {
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
