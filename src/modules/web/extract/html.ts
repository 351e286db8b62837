// format=html: the extracted subtree as clean HTML — structure kept, presentation gone.
// Only attributes that carry meaning survive (links, image sources and text, table spans,
// code languages); wrappers that say nothing (span and font soup) are unwrapped.

import { descendants, innerHtml, isElement, unwrap, type ParentNode } from './dom.js';

const KEEP_ATTRS: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  code: ['class'],
  pre: ['class'],
  ol: ['start'],
  time: ['datetime'],
  abbr: ['title'],
  q: ['cite'],
  blockquote: ['cite'],
};

const UNWRAP = new Set(['span', 'font', 'center', 'o:p']);

/**
 * The content under `root` as clean HTML. The root is an element, or the document itself when the
 * page has neither a body nor an html element (a fragment, or garbage sent as text/html): then
 * there is no root tag whose attributes to clean.
 */
export function toCleanHtml(root: ParentNode): string {
  const copy = root.cloneNode(true) as ParentNode;
  const all = descendants(copy);
  for (const el of isElement(copy) ? [copy, ...all] : all) {
    const keep = KEEP_ATTRS[el.name] ?? [];
    for (const name of Object.keys(el.attribs)) {
      if (!keep.includes(name)) delete el.attribs[name];
      else if (name === 'class' && !/lang(uage)?-/.test(el.attribs.class ?? '')) delete el.attribs.class;
    }
  }
  for (const el of all.reverse()) if (UNWRAP.has(el.name) && el.parent && isElement(el)) unwrap(el);
  return innerHtml(copy)
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
