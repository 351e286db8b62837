// Page metadata from the <head> (and JSON-LD), in the order of evidence readers and
// link-preview tools agree on: Open Graph, then Twitter cards, then plain meta tags and
// schema.org, then the document itself. URLs come out absolute.

import { decodeHTMLStrict } from 'entities';
import { select, selectFirst, textOf, type Doc, type Element } from './dom.js';

export interface PageMeta {
  title: string;
  description: string;
  lang: string;
  site_name: string;
  image: string;
  canonical: string;
  /** The page declares itself an article (og:type, or a schema.org Article/BlogPosting). */
  article: boolean;
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

// Publishers often escape text twice ("That&amp;#039;s" in the source): entities left after
// the parser's decoding are decoded once more, as readers and link previews show them. Only
// complete entities (with ";"), and never in URLs, where "&region=" is a parameter.
const unescapeText = (s: string) => (s.includes('&') ? decodeHTMLStrict(s) : s);

function metaContent(doc: Doc): Map<string, string> {
  // First non-empty value per key; keys are the property/name/itemprop lower-cased.
  const out = new Map<string, string>();
  for (const m of select('meta', doc)) {
    const value = clean(m.attribs.content ?? m.attribs.value);
    if (!value) continue;
    for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
      const keys = (m.attribs[attr] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      for (const k of keys) if (!out.has(k)) out.set(k, value);
    }
  }
  return out;
}

function absolute(u: string, base: string): string {
  if (!u) return '';
  try {
    const abs = new URL(u.trim(), base);
    return abs.protocol === 'http:' || abs.protocol === 'https:' ? abs.href : '';
  } catch {
    return '';
  }
}

type Json = Record<string, unknown>;

/**
 * How deep a JSON-LD block may nest (schema.org data is a few levels; 64 is far past any real
 * one). A deeper block is skipped like a broken one: the readers of it (here, page-kind, product,
 * format=json's JSON.stringify) recurse per level, and a page could nest one 100,000 deep.
 */
const MAX_LD_DEPTH = 64;

/** Whether a parsed JSON value nests at most `max` arrays and objects deep (an iterative walk). */
function shallowJson(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (!v || typeof v !== 'object') continue;
    if (depth > max) return false;
    for (const c of Object.values(v)) if (c && typeof c === 'object') stack.push([c, depth + 1]);
  }
  return true;
}

/** Objects of the page's JSON-LD blocks, @graph flattened. */
export function jsonLd(doc: Doc): Json[] {
  const out: Json[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      out.push(v as Json);
      if ((v as Json)['@graph']) walk((v as Json)['@graph']);
    }
  };
  for (const s of select('script', doc)) {
    if (!/ld\+json/i.test(s.attribs.type ?? '')) continue;
    try {
      const block: unknown = JSON.parse(textOf(s).trim());
      if (shallowJson(block, MAX_LD_DEPTH)) walk(block);
    } catch {
      // Broken JSON-LD is common; it simply gives no evidence.
    }
  }
  return out;
}

const str = (v: unknown): string => {
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) return str(v[0]);
  if (v && typeof v === 'object') return str((v as Json).name ?? (v as Json).url ?? (v as Json)['@id']);
  return '';
};

const ARTICLE_TYPES = /Article|BlogPosting|NewsArticle|Report|WebPage|Recipe|Product|VideoObject/;

function fromLd(ld: Json[]): { title: string; description: string; image: string; publisher: string; siteName: string; article: boolean } {
  let title = '',
    description = '',
    image = '',
    publisher = '',
    siteName = '';
  let article = false;
  for (const o of ld) {
    const type = String(o['@type'] ?? '');
    if (/Article|BlogPosting|Report/.test(type)) article = true;
    if (ARTICLE_TYPES.test(type)) {
      title ||= str(o.headline ?? o.name);
      description ||= str(o.description);
      const img = o.image;
      image ||= typeof img === 'string' ? img : str(Array.isArray(img) ? img[0] : img && typeof img === 'object' ? (img as Json).url : '');
      publisher ||= str(o.publisher);
    }
    if (/WebSite/.test(type)) siteName ||= str(o.name);
    if (/Organization/.test(type) && !publisher) publisher = str(o.name);
  }
  return { title, description, image, publisher, siteName, article };
}

/**
 * A document title without the site part: " | Site" when the site name is known; else,
 * as Readability does, the part before the last separator when it still reads as a
 * title (three words or more).
 */
function stripSiteSuffix(title: string, site: string): string {
  const sep = /\s+[|\-–—·»\\/]\s+/g;
  const parts = title.split(sep);
  if (parts.length < 2) return title;
  if (site) {
    const s = site.toLowerCase();
    const last = parts[parts.length - 1].toLowerCase();
    const first = parts[0].toLowerCase();
    if (last === s || s.includes(last) || last.includes(s)) return title.slice(0, lastSeparator(title)).trim() || title;
    if (first === s || s.includes(first)) return parts.slice(1).join(' - ').trim() || title;
  }
  const head = title.slice(0, lastSeparator(title)).trim();
  return head.split(/\s+/).length >= 3 ? head : title;
}

function lastSeparator(title: string): number {
  let at = -1;
  for (const m of title.matchAll(/\s+[|\-–—·»\\/]\s+/g)) at = m.index ?? at;
  return at < 0 ? title.length : at;
}

export function extractMetadata(doc: Doc, pageUrl: string): PageMeta {
  const m = metaContent(doc);
  const ld = fromLd(jsonLd(doc));
  const links: Element[] = select('link[rel][href]', doc);
  const linkHref = (rel: string) => {
    for (const l of links) {
      const rels = (l.attribs.rel ?? '').toLowerCase().split(/\s+/);
      if (rels.includes(rel)) return l.attribs.href ?? '';
    }
    return '';
  };
  const baseHref = selectFirst('base[href]', doc)?.attribs.href;
  const base = baseHref ? absolute(baseHref, pageUrl) || pageUrl : pageUrl;
  const html = selectFirst('html', doc);

  const siteName = m.get('og:site_name') ?? m.get('application-name') ?? m.get('twitter:site:name') ?? ld.siteName ?? '';
  const titleEl = selectFirst('title', doc);
  const docTitle = clean(titleEl ? textOf(titleEl) : '');
  const h1El = selectFirst('h1', doc);
  const h1 = clean(h1El ? textOf(h1El) : '');
  // Publisher-given values first (Open Graph, Dublin Core, JSON-LD, Twitter); the
  // document's <title> (without the site part) after them.
  const title =
    m.get('dc:title') ||
    m.get('dcterm:title') ||
    m.get('dc.title') ||
    m.get('og:title') ||
    ld.title ||
    m.get('title') ||
    m.get('twitter:title') ||
    stripSiteSuffix(docTitle, siteName) ||
    h1;
  const description =
    m.get('dc:description') ||
    m.get('dcterm:description') ||
    m.get('dc.description') ||
    m.get('og:description') ||
    m.get('description') ||
    ld.description ||
    m.get('twitter:description') ||
    '';
  const image = absolute(
    m.get('og:image') ??
      m.get('og:image:url') ??
      m.get('og:image:secure_url') ??
      m.get('twitter:image') ??
      m.get('twitter:image:src') ??
      (ld.image || linkHref('image_src')),
    base,
  );
  const canonical = absolute(linkHref('canonical') || m.get('og:url') || '', base) || pageUrl;
  const lang = normalizeLang(
    html?.attribs.lang || html?.attribs['xml:lang'] || m.get('og:locale') || m.get('content-language') || m.get('language') || m.get('dc.language') || '',
  );
  const article = ld.article || /^article$/i.test(m.get('og:type') ?? '');
  return {
    title: unescapeText(title ?? ''),
    description: unescapeText(description),
    lang,
    site_name: unescapeText(clean(siteName || ld.publisher)),
    image,
    canonical,
    article,
  };
}

/** "en_US" → "en-US", "EN" → "en"; garbage → "". */
export function normalizeLang(raw: string): string {
  const first = raw.split(',')[0].trim().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(first)) return '';
  const [p, ...rest] = first.split('-');
  return [p.toLowerCase(), ...rest.map((r) => (r.length === 2 ? r.toUpperCase() : r.length === 4 ? r[0].toUpperCase() + r.slice(1).toLowerCase() : r))].join(
    '-',
  );
}
