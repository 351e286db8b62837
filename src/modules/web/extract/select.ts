// The caller's selectors on the parsed page: `exclude` removes what it matches before any
// extraction; `include` makes the content only what it matches, in document order (an element
// inside another match is not repeated). Selectors arrive checked (controls.ts); one that
// matches nothing is a 422 naming it, not an empty page.

import { selectorNotFound } from '../../../core/errors.js';
import { contains, createElement, descendants, remove, select, type Doc, type Element } from './dom.js';

export function excludeSelected(doc: Doc, selectors: readonly string[]): void {
  for (const s of selectors) for (const el of select(s, doc)) remove(el);
}

/** The elements the include selectors match, outermost only, in document order; throws when one matches nothing. */
export function includedElements(doc: Doc, selectors: readonly string[]): Element[] {
  const matched = new Set<Element>();
  for (const s of selectors) {
    const found = select(s, doc);
    if (!found.length) {
      throw selectorNotFound(
        'include',
        s,
        `include: "${s}" matched nothing on the page; check the selector against the page's HTML (render=1 if scripts build it)`,
      );
    }
    for (const el of found) matched.add(el);
  }
  if (matched.size === 1) return [...matched];
  const ordered = descendants(doc).filter((el) => matched.has(el));
  const out: Element[] = [];
  for (const el of ordered) if (!out.some((o) => contains(o, el))) out.push(el);
  return out;
}

/** The included elements still in the page after cleaning, moved under one container. */
export function includedContent(doc: Doc, elements: readonly Element[]): Element {
  return createElement(
    'div',
    elements.filter((el) => contains(doc, el)),
  );
}
