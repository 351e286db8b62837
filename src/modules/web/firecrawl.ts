// Firecrawl's v2 scrape and map (as @mendable/firecrawl-js sends them) translated to /fetch and
// /map: a scrape body becomes /fetch's query, read by the same service call, and the page
// becomes a Firecrawl Document. An option /fetch lacks is refused by name, never dropped in
// silence, unless it only tunes Firecrawl's own machinery (timeout, proxy, blockAds…).
// docs/decisions/reader-front-doors.md lists each option.

import { FirecrawlDocument, FirecrawlLink, formatName, MODEL_FORMATS } from '../../core/http/firecrawl.js';
import { invalidParam, notSupported } from '../../core/errors.js';
import { type Static, Type } from '../../core/schema.js';
import { MAX_WAIT_MS, selectorList } from './controls.js';
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
        description: 'markdown (default), html, links, images, screenshot (the first screen, a data: URL of a JPEG; renders the page)',
      }),
    ),
    onlyMainContent: Type.Optional(Type.Boolean({ description: 'true (default) keeps the main content, as /fetch main=1' })),
    includeTags: Type.Optional(Strings),
    excludeTags: Type.Optional(Strings),
    waitFor: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 60000, description: `milliseconds to wait in the browser, at most ${MAX_WAIT_MS} (renders the page)` }),
    ),
    mobile: Type.Optional(Type.Boolean({ description: 'a phone viewport and user agent (renders the page)' })),
    maxAge: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1e12, description: 'milliseconds a stored copy may be old (at most 7 days counts); 0 reads anew' }),
    ),
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

/** The formats a scrape offers: markdown and html are /fetch's format, the rest ride along in its formats list. */
const OFFERED = ['markdown', 'html', 'links', 'images', 'screenshot'];
/** A language tag of Firecrawl's location.languages (en-US, hi). */
const LANGUAGE = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

export interface ScrapePlan {
  /** /fetch's query: one read gives every format asked. */
  query: Record<string, string>;
  /** The formats the Document gets a field for. */
  formats: string[];
}

/**
 * The /fetch query a scrape body asks for (validated by the route's schema already). Firecrawl
 * always renders; this reads with the browser only when an option needs one (waitFor, mobile,
 * screenshot): most pages read the same without it, at a fraction of the cost.
 */
export function scrapePlan(body: ScrapeBody): ScrapePlan {
  const formats = [...new Set((body.formats ?? ['markdown']).map(formatName))];
  for (const f of formats) {
    if (MODEL_FORMATS.has(f))
      throw notSupported(`the ${f} format needs a language model (LLM extraction), which this server does not offer; ask for markdown and extract yourself`, {
        param: 'formats',
      });
    if (f === 'rawHtml') throw notSupported('rawHtml is not offered: this server returns the cleaned HTML (html) or Markdown', { param: 'formats' });
    if (!OFFERED.includes(f)) throw invalidParam('formats', `unknown format ${f}; this server offers ${OFFERED.join(', ')}`);
  }
  const shot = (body.formats ?? []).find(
    (f): f is { type: string; fullPage?: unknown; viewport?: unknown } => formatName(f) === 'screenshot' && typeof f === 'object',
  );
  if (shot?.fullPage)
    throw notSupported(
      'a full-page screenshot is not offered in a scrape: the screenshot is the first screen; GET /screenshot?full_page=1 shoots the whole page',
      { param: 'formats' },
    );
  if (shot?.viewport)
    throw notSupported('the screenshot viewport is fixed here (1280×800, or 412×915 with mobile); GET /screenshot takes width and height', {
      param: 'formats',
    });
  if (body.actions?.length) throw notSupported('actions (clicks, typing, scrolling) are not offered by this server', { param: 'actions' });
  if (body.headers && Object.keys(body.headers).length > 0) {
    throw invalidParam('headers', "headers are not sent: this server does not forward a client's headers or cookies (that would make it a proxy)");
  }
  const content = formats.find((f) => f === 'markdown' || f === 'html') ?? 'markdown';
  const q: Record<string, string> = {
    url: body.url,
    format: content,
    main: body.onlyMainContent === false ? '0' : '1',
    max: String(maxOf(FetchQuery, 'max')),
    // Firecrawl reads PDFs unless told otherwise (parsers without "pdf").
    pdf: body.parsers && !body.parsers.map(formatName).includes('pdf') ? '0' : '1',
  };
  // The other content format, images and the screenshot come from the same reading.
  const extras = formats.filter((f) => f !== content && f !== 'links');
  if (extras.length) q.formats = extras.join(',');
  if (formats.includes('links')) q.links = '1';
  // Firecrawl's names are checked here, so a refusal names the option the client sent.
  const include = selectorList('includeTags', body.includeTags);
  if (include) q.include = include.join(',');
  const exclude = selectorList('excludeTags', body.excludeTags);
  if (exclude) q.exclude = exclude.join(',');
  if (body.waitFor) {
    if (body.waitFor > MAX_WAIT_MS) throw invalidParam('waitFor', `waitFor is at most ${MAX_WAIT_MS} ms here; ${body.waitFor} was given`);
    q.wait_for = String(body.waitFor);
  }
  if (body.mobile) q.mobile = '1';
  if (body.waitFor || body.mobile || formats.includes('screenshot')) q.render = '1';
  const lang = acceptLanguage(body.location?.languages);
  if (lang) q.lang = lang;
  // maxAge 0 reads anew; a larger one than /fetch's limit is that limit (no copy is kept longer anyway).
  if (body.maxAge === 0) q.no_cache = '1';
  else if (body.maxAge !== undefined) q.max_age = String(Math.min(Math.ceil(body.maxAge / 1000), maxOf(FetchQuery, 'max_age')));
  return { query: q, formats };
}

/** Firecrawl's location.languages, in order of preference, as an Accept-Language value (`hi-IN,en;q=0.9`). */
export function acceptLanguage(languages: readonly string[] | undefined): string | undefined {
  const tags = [...new Set((languages ?? []).map((l) => l.trim()).filter(Boolean))];
  if (!tags.length) return undefined;
  const bad = tags.find((t) => !LANGUAGE.test(t));
  if (bad !== undefined) throw invalidParam('location.languages', `location.languages: "${bad.slice(0, 40)}" is not a language tag (e.g. en-US, hi)`);
  if (tags.length > 10) throw invalidParam('location.languages', `location.languages takes at most 10 languages; ${tags.length} were given`);
  return tags.map((t, i) => (i === 0 ? t : `${t};q=${(1 - i / 10).toFixed(1)}`)).join(',');
}

/** The Document of a page read for a plan. */
export function scrapeDocument(asked: string, page: FetchedPage, formats: readonly string[]): Static<typeof FirecrawlDocument> {
  const doc: Static<typeof FirecrawlDocument> = {
    metadata: {
      title: page.title,
      description: page.description,
      language: page.lang || undefined,
      sourceURL: asked,
      url: page.final_url,
      statusCode: page.status_code,
      contentType: page.content_type,
      ...(page.image ? { ogImage: page.image } : {}),
      ...(page.site_name ? { ogSiteName: page.site_name } : {}),
      ...(page.canonical ? { canonical: page.canonical } : {}),
      ...(page.page_count !== undefined ? { numPages: page.page_count } : {}),
      cacheState: page.cached ? 'hit' : 'miss',
      ...(page.cached && page.fetched_at ? { cachedAt: page.fetched_at } : {}),
    },
  };
  if (formats.includes('markdown')) doc.markdown = page.format === 'markdown' ? page.content : page.markdown;
  if (formats.includes('html')) doc.html = page.format === 'html' ? page.content : page.html;
  if (formats.includes('links')) doc.links = (page.links ?? []).map((l) => l.url);
  if (formats.includes('images')) doc.images = (page.images ?? []).map((i) => i.url);
  if (formats.includes('screenshot') && page.screenshot) doc.screenshot = page.screenshot;
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
