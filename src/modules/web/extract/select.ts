// The caller's selectors on the parsed page: `exclude` removes what it matches before any
// extraction; `include` makes the content only what it matches, in document order (an element
// inside another match is not repeated). Selectors arrive checked (controls.ts) and are matched
// by query.ts in one pass each; one that matches nothing is a 422 naming it, not an empty page.
// Every step here is linear in the page: a selector may match every element of it.

import { selectorNotFound } from '../../../core/errors.js';
import { contains, createElement, descendants, removeAll, type Doc, type Element } from './dom.js';
import { compileQuery, queryAll } from './query.js';

const select = (selector: string, doc: Doc) => queryAll(compileQuery(selector), doc);

export function excludeSelected(doc: Doc, selectors: readonly string[]): void {
  for (const s of selectors) removeAll(select(s, doc));
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
  // Outermost only: an element with a matched ancestor is inside that match.
  return descendants(doc).filter((el) => matched.has(el) && !hasAncestorIn(el, matched));
}

function hasAncestorIn(el: Element, set: Set<Element>): boolean {
  for (let p = el.parent; p; p = p.parent) if (set.has(p as Element)) return true;
  return false;
}

/** The included elements still in the page after cleaning, moved under one container. */
export function includedContent(doc: Doc, elements: readonly Element[]): Element {
  const kept = elements.filter((el) => contains(doc, el));
  // Detached in one pass (one by one is quadratic in a list of many matched items).
  removeAll(kept);
  return createElement('div', kept);
}
