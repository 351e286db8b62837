// formats=images: every image of the content with its absolute URL (cleaning made it so, and
// gave lazy images their real source), its alt text, and its size when the markup states it.

import type { PageImage } from '../types.js';
import { type AnyNode, isElement, type ParentNode } from './dom.js';

const MAX_IMAGES = 500;

const size = (v: string | undefined): number | undefined => {
  const n = v && /^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(v) ? Math.round(Number.parseFloat(v)) : undefined;
  return n && n > 0 ? n : undefined;
};

export function collectImages(root: AnyNode): PageImage[] {
  const seen = new Map<string, PageImage>();
  const walk = (p: ParentNode): void => {
    for (const c of p.children) {
      if (seen.size >= MAX_IMAGES) return;
      if (!isElement(c)) continue;
      if (c.name === 'img' && c.attribs.src && /^https?:/i.test(c.attribs.src)) {
        const url = c.attribs.src;
        const alt = (c.attribs.alt ?? '').replace(/\s+/g, ' ').trim();
        const prev = seen.get(url);
        if (!prev) {
          const width = size(c.attribs.width);
          const height = size(c.attribs.height);
          seen.set(url, { url, alt, ...(width ? { width } : {}), ...(height ? { height } : {}) });
        } else if (!prev.alt && alt) prev.alt = alt;
      }
      walk(c);
    }
  };
  if (isElement(root) || root.type === 'root') walk(root as ParentNode);
  return [...seen.values()];
}
