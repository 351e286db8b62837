// format=json: the page's extracted fields as one JSON document in `content` (content is
// "in the chosen format"): its metadata, its outline (headings, in order) and the schema.org
// objects it declares in JSON-LD. No main-content extraction: this is the cheap reading /map
// uses. Cut to max by dropping JSON-LD objects and then headings, so it always parses.

import type { ParentNode } from './dom.js';
import { isElement, textOf } from './dom.js';
import type { PageMeta } from './metadata.js';

export { fitJson } from './fit-json.js';

type Json = Record<string, unknown>;

/** The metadata fields the document carries (the reader's PageMeta has them, and more). */
export type JsonMeta = Pick<PageMeta, 'title' | 'description' | 'lang' | 'site_name' | 'image' | 'canonical'>;

const MAX_HEADINGS = 200;
const MAX_LD = 20;

export function pageJson(meta: JsonMeta, body: ParentNode | readonly never[], ld: readonly Json[], article = false): string {
  const headings: { level: number; text: string }[] = [];
  const walk = (p: ParentNode) => {
    for (const c of p.children) {
      if (headings.length >= MAX_HEADINGS || !isElement(c)) continue;
      const m = /^h([1-6])$/.exec(c.name);
      if (m) {
        const text = textOf(c).replace(/\s+/g, ' ').trim();
        if (text) headings.push({ level: Number(m[1]), text });
      } else walk(c);
    }
  };
  if (!Array.isArray(body)) walk(body as ParentNode);
  const doc = {
    ...meta,
    article,
    headings,
    json_ld: ld.filter((o) => !o['@graph']).slice(0, MAX_LD),
  };
  return JSON.stringify(doc);
}
