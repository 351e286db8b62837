// From a decoded document to the content users asked for: parse once, read metadata
// and links, clean, isolate the main content (main=1) or keep the page (main=0), then one
// pure formatter per format (markdown, text, html). Pure: the same input gives the same
// output, which is what makes cached and fresh answers identical.

import { selectorNotFound } from '../../../core/errors.js';
import { resolveLink } from '../../../core/net/index.js';
import type { Format, PageImage, PageLink, TextFormat } from '../types.js';
import { cleanDocument } from './clean.js';
import { findBody, isElement, outerHtml, parseHtml, textOf, type Doc, type Element, type ParentNode } from './dom.js';
import { collectImages } from './images.js';
import { excludeSelected, includedContent, includedElements } from './select.js';
import { pageJson } from './json.js';
import { toCleanHtml } from './html.js';
import { detectLang } from './lang.js';
import { extractMain } from './main-content.js';
import { dropAccountForms } from './noise.js';
import { toMarkdown } from './markdown.js';
import { extractMetadata, jsonLd, type PageMeta } from './metadata.js';
import { declaredProductDescription, inferPageKind } from './page-kind.js';
import { toText } from './text.js';
import { countWords } from './measure.js';

export { parseHtml };
export { countWords, readingTime, truncate } from './measure.js';

export interface ExtractOptions {
  format: Format;
  main: boolean;
  links?: boolean;
  /** What the bytes were: text/plain is shown as is, not parsed as HTML. */
  kind?: 'html' | 'xml' | 'text';
  /** Selectors removed before extraction. */
  exclude?: readonly string[];
  /** Selectors whose matches are the whole content (main-content isolation is skipped). */
  include?: readonly string[];
  /** The content in these formats too (formats=markdown,text,html), from the same reading. */
  also?: readonly TextFormat[];
  /** The images of the content (formats=images). */
  images?: boolean;
}

export interface Extracted extends Omit<PageMeta, 'article'> {
  content: string;
  /** Words of the whole extracted text (before any truncation). */
  words: number;
  links?: PageLink[];
  images?: PageImage[];
  /** The content in the formats asked for by `also`. */
  outputs?: Partial<Record<TextFormat, string>>;
  /** How the main content was found (readability, articleBody, page, include) or "none". */
  method: string;
}

const MAX_LINKS = 1000;

/** Every http(s) link of the page, absolute, de-duplicated, in document order. */
export function collectLinks(doc: ParentNode, base: string): PageLink[] {
  const seen = new Map<string, PageLink>();
  const walk = (p: ParentNode): boolean => {
    for (const c of p.children) {
      if (!isElement(c)) continue;
      if (c.name === 'a' && c.attribs.href !== undefined) {
        const u = resolveLink(c.attribs.href, base);
        if (u) {
          const img = c.children.find((k) => isElement(k) && k.name === 'img') as Element | undefined;
          const text = textOf(c).replace(/\s+/g, ' ').trim() || (c.attribs.title ?? img?.attribs.alt ?? '').trim();
          const prev = seen.get(u.href);
          if (!prev) {
            if (seen.size >= MAX_LINKS) return false;
            seen.set(u.href, { url: u.href, text });
          } else if (!prev.text && text) prev.text = text;
        }
      }
      if (!walk(c)) return false;
    }
    return true;
  };
  walk(doc);
  return [...seen.values()];
}

function firstParagraph(text: string): string {
  const paras = text
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const p = paras.find((x) => x.length >= 40) ?? paras[0] ?? '';
  return p.length > 500 ? `${p.slice(0, p.lastIndexOf(' ', 497) > 0 ? p.lastIndexOf(' ', 497) : 497)}…` : p;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function plainTextDocument(text: string, url: string, opts: ExtractOptions): Extracted {
  const as = (f: Format) => (f === 'html' ? `<pre>${escapeHtml(text)}</pre>` : text.trim());
  const meta = { title: '', description: '', lang: detectLang(text), site_name: '', image: '', canonical: url };
  const content = opts.format === 'json' ? pageJson(meta, [], []) : as(opts.format);
  return {
    ...meta,
    content,
    words: countWords(text),
    method: 'none',
    ...(opts.links ? { links: [] } : {}),
    ...(opts.images ? { images: [] } : {}),
    ...(opts.also?.length ? { outputs: Object.fromEntries(opts.also.map((f) => [f, as(f)])) } : {}),
  };
}

export function extract(html: string, url: string, opts: ExtractOptions): Extracted {
  if (opts.kind === 'text') {
    // A plain-text answer has no elements for a selector to match.
    if (opts.include?.length) throw selectorNotFound('include', opts.include[0], `include: the page is plain text, so "${opts.include[0]}" matched nothing`);
    return plainTextDocument(html, url, opts);
  }
  const doc = parseHtml(html);
  const { article: _article, ...meta } = extractMetadata(doc, url);
  // format=json lists the page's JSON-LD objects, which cleaning drops.
  const ld = opts.format === 'json' ? jsonLd(doc) : [];
  // Metadata is the page's, read before the caller's selectors cut anything.
  if (opts.exclude?.length) excludeSelected(doc, opts.exclude);
  const included = opts.include?.length ? includedElements(doc, opts.include) : undefined;
  // The main-content steps run only when include did not already say what the content is.
  const main = opts.main && !included;
  // The kind is read before cleaning, which drops the JSON-LD it comes from.
  const kind = main ? inferPageKind(doc) : 'other';
  const hints = { title: meta.title, article: _article, kind, description: kind === 'product' ? declaredProductDescription(doc) : undefined };
  // Told apart by their fields, which cleaning drops as controls.
  if (main) dropAccountForms(doc);
  cleanDocument(doc, url);
  const body: Element | Doc = included ? includedContent(doc, included) : (findBody(doc) ?? doc);
  // Links and images come from what the content may be: the included part, else the whole page.
  const scope = included ? body : doc;
  const links = opts.links ? collectLinks(scope, url) : undefined;
  const extras = { ...(links ? { links } : {}), ...(opts.images ? { images: collectImages(scope) } : {}) };
  const also = opts.also ?? [];
  if (opts.format === 'json' && !also.length) {
    // Metadata only: no content extraction; words count the visible text of the page.
    const text = toText(body);
    const lang = meta.lang || detectLang(text);
    return { ...meta, lang, content: pageJson({ ...meta, lang }, body, ld, _article), words: countWords(text), method: 'none', ...extras };
  }
  // Read before main-content isolation, which may take the page apart.
  const json = opts.format === 'json' ? pageJson({ ...meta, lang: meta.lang || detectLang(toText(body)) }, body, ld, _article) : '';
  let root: Element | Doc = body;
  let method = included ? 'include' : 'page';
  if (main) ({ root, method } = extractMain(doc, hints));
  const text = toText(root);
  // No description in the page: its first paragraph is one (as Readability's excerpt).
  if (!meta.description) meta.description = firstParagraph(text);
  const lang = meta.lang || detectLang(text);
  const as = (f: Format): string => {
    if (f === 'text') return text;
    if (f === 'html') return toCleanHtml(root);
    if (f === 'json') return json;
    return toMarkdown(isElement(root as Element) ? outerHtml((root as Element).children) : outerHtml(root));
  };
  const content = as(opts.format);
  const outputs = also.length ? { outputs: Object.fromEntries(also.map((f) => [f, f === opts.format ? content : as(f)])) } : {};
  return { ...meta, lang, content, words: countWords(text), method, ...extras, ...outputs };
}
