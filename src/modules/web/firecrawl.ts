// Firecrawl's v2 scrape and map (as @mendable/firecrawl-js sends them) translated to /fetch and
// /map: a scrape body becomes /fetch's query, read by the same service call, and the page
// becomes a Firecrawl Document. An option /fetch lacks is refused by name, never dropped in
// silence, unless it only tunes Firecrawl's own machinery (timeout, proxy, blockAds…).
// docs/decisions/reader-front-doors.md lists each option.

import { FirecrawlDocument, FirecrawlLink, formatName, MODEL_FORMATS } from '../../core/http/firecrawl.js';
import { invalidParam, notSupported } from '../../core/errors.js';
import { type Static, Type } from '../../core/schema.js';
import { FetchQuery, MapQuery } from './schemas.js';
import type { FetchedPage, PageLink } from './types.js';

const Strings = Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 });

/** The scrape body: the options the SDK's ScrapeOptions sends; any other key is let through and ignored. */
export const ScrapeBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'the page to read' }),
    formats: Type.Optional(
      Type.Array(Type.Union([Type.String(), Type.Object({ type: Type.String() }, { additionalProperties: true })]), {
        maxItems: 20,
        description: 'markdown (default), html, links; images and screenshot where /fetch offers them',
      }),
    ),
    onlyMainContent: Type.Optional(Type.Boolean({ description: 'true (default) keeps the main content, as /fetch main=1' })),
    includeTags: Type.Optional(Strings),
    excludeTags: Type.Optional(Strings),
    waitFor: Type.Optional(Type.Integer({ minimum: 0, maximum: 60000, description: 'milliseconds to wait in the browser (renders the page)' })),
    mobile: Type.Optional(Type.Boolean()),
    maxAge: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12, description: 'milliseconds a stored copy may be old; 0 reads anew' })),
    location: Type.Optional(Type.Object({ country: Type.Optional(Type.String()), languages: Type.Optional(Strings) }, { additionalProperties: true })),
    parsers: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Object({ type: Type.String() }, { additionalProperties: true })]), { maxItems: 10 })),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    actions: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 50 })),
  },
  { additionalProperties: true },
);
export type ScrapeBody = Static<typeof ScrapeBody>;

export const ScrapeAnswer = Type.Object({ success: Type.Boolean(), data: FirecrawlDocument });

export const MapBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    search: Type.Optional(Type.String({ maxLength: 400, description: 'keeps the links whose URL or text holds these words' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: `at most ${maxOf(MapQuery, 'limit')} links are returned` })),
  },
  { additionalProperties: true },
);
export type MapBody = Static<typeof MapBody>;

export const MapAnswer = Type.Object({ success: Type.Boolean(), links: Type.Array(FirecrawlLink) });

type Props = Record<string, { maximum?: number }>;
function maxOf(schema: unknown, param: string): number {
  return (schema as { properties: Props }).properties[param].maximum!;
}
const fetchTakes = (param: string) => param in (FetchQuery as unknown as { properties: Props }).properties;

/** Content formats /fetch reads one at a time (its `format`); the others ride along. */
const CONTENT = new Set(['markdown', 'html']);
/** Formats /fetch gives through its `formats` list when it has one. */
const EXTRA = new Set(['images', 'screenshot']);

export interface ScrapePlan {
  /** /fetch's query, one per content format asked (the first also carries the extras). */
  queries: Record<string, string>[];
  /** The formats the Document gets a field for. */
  formats: string[];
}

/** A /fetch query string value the service takes, or a refusal naming the Firecrawl option. */
function set(q: Record<string, string>, param: string, value: string, option: string): void {
  if (!fetchTakes(param)) throw notSupported(`${option} is not supported by this server`, { param: option });
  q[param] = value;
}

/** The /fetch queries a scrape body asks for (validated by the route's schema already). */
export function scrapePlan(body: ScrapeBody): ScrapePlan {
  const formats = [...new Set((body.formats ?? ['markdown']).map(formatName))];
  for (const f of formats) {
    if (MODEL_FORMATS.has(f))
      throw notSupported(`the ${f} format needs a language model (LLM extraction), which this server does not offer; ask for markdown and extract yourself`, {
        param: 'formats',
      });
    if (f === 'rawHtml') throw notSupported('rawHtml is not offered: this server returns the cleaned HTML (html) or Markdown', { param: 'formats' });
    if (!CONTENT.has(f) && !EXTRA.has(f) && f !== 'links') throw invalidParam('formats', `unknown format ${f}; this server offers markdown, html and links`);
  }
  if (body.actions?.length) throw notSupported('actions (clicks, typing, scrolling) are not offered by this server', { param: 'actions' });
  if (body.headers && Object.keys(body.headers).length > 0) {
    throw invalidParam('headers', "headers are not sent: this server does not forward a client's headers or cookies (that would make it a proxy)");
  }
  const q: Record<string, string> = {
    url: body.url,
    main: body.onlyMainContent === false ? '0' : '1',
    max: String(maxOf(FetchQuery, 'max')),
    // Firecrawl reads PDFs unless told otherwise (parsers without "pdf").
    pdf: body.parsers && !body.parsers.map(formatName).includes('pdf') ? '0' : '1',
  };
  if (formats.includes('links')) q.links = '1';
  const extras = formats.filter((f) => EXTRA.has(f));
  if (extras.length) set(q, 'formats', extras.join(','), `the ${extras.join(' and ')} format`);
  if (formats.includes('screenshot')) q.render = '1';
  if (body.includeTags?.length) set(q, 'include', body.includeTags.join(','), 'includeTags');
  if (body.excludeTags?.length) set(q, 'exclude', body.excludeTags.join(','), 'excludeTags');
  if (body.waitFor) {
    q.render = '1';
    set(q, 'wait_for', String(body.waitFor), 'waitFor');
  }
  if (body.mobile) set(q, 'mobile', '1', 'mobile');
  const lang = body.location?.languages?.[0];
  if (lang) set(q, 'lang', lang, 'location.languages');
  // A cache hint: where /fetch has no cache control, its own cache rules serve.
  if (body.maxAge === 0 && fetchTakes('no_cache')) q.no_cache = '1';
  else if (body.maxAge && fetchTakes('max_age')) q.max_age = String(Math.ceil(body.maxAge / 1000));
  const content = formats.filter((f) => CONTENT.has(f));
  const queries = (content.length ? content : ['markdown']).map((format, i) => (i === 0 ? { ...q, format } : { ...q, format, links: '0' }));
  return { queries, formats };
}

type ReadPage = FetchedPage & { images?: ({ url?: string; src?: string } | string)[]; screenshot?: string };

/** The Document of the pages read for a plan (one per content format, same URL). */
export function scrapeDocument(asked: string, pages: ReadPage[], formats: readonly string[]): Static<typeof FirecrawlDocument> {
  const [first] = pages;
  const doc: Static<typeof FirecrawlDocument> = {
    metadata: {
      title: first.title,
      description: first.description,
      language: first.lang || undefined,
      sourceURL: asked,
      url: first.final_url,
      statusCode: first.status_code,
      contentType: first.content_type,
      ...(first.image ? { ogImage: first.image } : {}),
      ...(first.site_name ? { ogSiteName: first.site_name } : {}),
      ...(first.canonical ? { canonical: first.canonical } : {}),
      ...(first.page_count !== undefined ? { numPages: first.page_count } : {}),
      cacheState: first.cached ? 'hit' : 'miss',
    },
  };
  for (const p of pages) {
    if (p.format === 'markdown' && formats.includes('markdown')) doc.markdown = p.content;
    if (p.format === 'html' && formats.includes('html')) doc.html = p.content;
  }
  if (formats.includes('links')) doc.links = (first.links ?? []).map((l) => l.url);
  if (formats.includes('images')) doc.images = (first.images ?? []).map((i) => i.url).filter(Boolean);
  if (formats.includes('screenshot') && typeof first.screenshot === 'string') doc.screenshot = first.screenshot;
  return doc;
}

/** Firecrawl's map links from /map's: the link text as its title, filtered by `search`. */
export function mapLinks(links: readonly PageLink[], body: MapBody): Static<typeof FirecrawlLink>[] {
  const words = (body.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const kept = words.length ? links.filter((l) => words.every((w) => `${l.url} ${l.text}`.toLowerCase().includes(w))) : links;
  return kept.slice(0, body.limit ?? kept.length).map((l) => (l.text ? { url: l.url, title: l.text } : { url: l.url }));
}

/** /map's limit for a Firecrawl map: as many as it gives (a search filters them after). */
export const mapLimit = (): number => maxOf(MapQuery, 'limit');
