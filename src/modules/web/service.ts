// The web use cases: read one page (/fetch, and the page reader search's deep mode uses),
// crawl a page and the links on it (/crawl), and map a site's links (/map). Knows the
// cache keys: a page is cached per URL and reading options (not per max, which only cuts
// the content), a map per URL and options; a crawl reuses the page cache for each page.
// render=1 reads the DOM the app's one browser left (the pageRenderer port, provided by the
// screenshot module); pdf=1 reads a PDF answer's text (src/lib/pdf, in a worker thread).

import { ApiError, notReady, unsupportedContent, upstreamFailed } from '../../core/errors.js';
import type { AppContext } from '../../core/module.js';
import type { Ports } from '../../core/ports.js';
import { readPdf } from '../../lib/pdf/index.js';
import { contentKind } from './content-kind.js';
import { extractPdf } from './extract/pdf.js';
import { resolveLink, sameSite, userUrl } from '../../core/net/index.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import type { Extracted } from './extract/index.js';
import { readingTime, truncate } from './extract/measure.js';
import { readPage } from './extract/read-page.js';
import { fitJson } from './extract/fit-json.js';
import { PageFetcher } from './fetcher.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';
import { parseSitemap } from './sitemap.js';
import type { FetchedPage, Format, PageLink, PageMetadata, RawPage, RawPdf, ReadOptions, TextFormat } from './types.js';
import { mapLimit } from '../../core/async.js';

/** A page as cached: everything but the per-request fields. */
type StoredPage = Omit<FetchedPage, 'cached' | 'took_ms' | 'age_s'>;

export interface PageFailure {
  success: false;
  url: string;
  error: string;
  code: string;
  status_code?: number;
}

export interface CrawlResult extends FetchedPage {
  pages: (FetchedPage | PageFailure)[];
}

export interface MapSource {
  type: 'page' | 'sitemap';
  url: string;
  count: number;
}

export interface MapResult {
  success: true;
  url: string;
  count: number;
  truncated: boolean;
  sources: MapSource[];
  links: PageLink[];
  cached: boolean;
  took_ms: number;
}

// Extensions a crawler should not follow: the fetcher would refuse them as binaries anyway.
const BINARY_EXT =
  /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|tgz|rar|7z|mp[34]|m4a|mov|avi|webm|wav|ogg|exe|dmg|iso|docx?|xlsx?|pptx?|woff2?|ttf|css|js|json|xml|rss|atom)$/i;
const PDF_EXT = /\.pdf$/i;
const MAX_SITEMAPS = 6;
// A PDF's first pages only: the longest content (max=100000) is read long before.
const MAX_PDF_PAGES = 200;

export class WebService {
  readonly fetcher: PageFetcher;
  private readonly pages: CacheNamespace;
  private readonly maps: CacheNamespace;
  private readonly robotsCache: CacheNamespace;

  constructor(
    private readonly ctx: AppContext,
    private readonly ports?: Ports,
  ) {
    this.fetcher = new PageFetcher(ctx);
    const ttlMs = ctx.config.FETCH_CACHE_TTL_MS;
    this.pages = ctx.cache.namespace('web:page', { ttlMs, staleMs: 3_600_000 });
    this.maps = ctx.cache.namespace('web:map', { ttlMs, staleMs: 3_600_000 });
    this.robotsCache = ctx.cache.namespace('web:robots', { ttlMs: 3_600_000, staleMs: 0 });
  }

  /** A user-given URL, normalised, or a 400 naming the parameter. */
  parseUrl(raw: string): URL {
    return userUrl(raw);
  }

  /**
   * One page, from the store when fresh (or, with max_age, when no older than that; never with
   * no_cache). The one entry point of every reading: /fetch, /crawl's pages, search's deep mode.
   * Throws ApiError (400/422/502/504) on failure.
   */
  async read(url: URL, opts: ReadOptions & { signal?: AbortSignal }): Promise<FetchedPage> {
    const started = performance.now();
    this.fetcher.precheck(url);
    const key = pageKey(url, opts);
    const load = () => this.load(url, opts);
    let hit: { value: StoredPage; cached: boolean; stale?: boolean };
    if (opts.noCache || opts.maxAgeS !== undefined) {
      const maxAgeMs = opts.noCache ? -1 : opts.maxAgeS! * 1000;
      const prev = maxAgeMs >= 0 ? await this.pages.peek<StoredPage>(key) : undefined;
      const age = prev?.fetched_at ? this.ctx.now().getTime() - Date.parse(prev.fetched_at) : Number.POSITIVE_INFINITY;
      if (prev && age <= maxAgeMs) hit = { value: prev, cached: true };
      else {
        const value = await load();
        await this.pages.set(key, value);
        hit = { value, cached: false };
      }
    } else hit = await this.pages.wrap<StoredPage>(key, load);
    const v = hit.value;
    const cut = (s: string, f: Format) => (f === 'json' ? fitJson(s, opts.maxChars) : truncate(s, opts.maxChars));
    const page: FetchedPage = { ...v, content: cut(v.content, opts.format), chars: 0, cached: hit.cached, took_ms: 0, ...(hit.stale ? { stale: true } : {}) };
    for (const f of ['markdown', 'text', 'html'] as const) if (v[f] !== undefined) page[f] = truncate(v[f], opts.maxChars);
    if (v.fetched_at) page.age_s = Math.max(0, Math.floor((this.ctx.now().getTime() - Date.parse(v.fetched_at)) / 1000));
    page.chars = page.content.length;
    page.took_ms = Math.round(performance.now() - started);
    return page;
  }

  private async load(url: URL, opts: ReadOptions & { signal?: AbortSignal }): Promise<StoredPage> {
    const fetchedAt = this.ctx.now().toISOString();
    const raw = opts.render ? await this.rendered(url, opts) : await this.fetcher.page(url, { signal: opts.signal, pdf: opts.pdf, lang: opts.lang });
    if (raw.kind === 'pdf') {
      // A PDF has no DOM: of the formats, metadata (and links, read from its text) apply.
      const pdf: StoredPage = { ...(await this.loadPdf(url, raw, { ...opts, links: opts.links || opts.formats?.includes('links') })), fetched_at: fetchedAt };
      if (opts.formats?.includes('metadata')) pdf.metadata = metadataOf(pdf);
      return pdf;
    }
    const formats = opts.formats ?? [];
    // Parsing and selecting a page from outside is unbounded work: it runs in the pool, under a deadline.
    const x = await readPage(
      this.ctx.work,
      {
        document: raw.document,
        contentType: raw.contentType,
        url: raw.finalUrl,
        opts: {
          format: opts.format,
          main: opts.main,
          links: opts.links || formats.includes('links'),
          kind: raw.kind,
          include: opts.include,
          exclude: opts.exclude,
          also: formats.filter((f): f is TextFormat => f === 'markdown' || f === 'text' || f === 'html'),
          images: formats.includes('images'),
        },
      },
      opts.signal,
    );
    const page: StoredPage = { ...storedPage(url, raw, x, opts.format), ...x.outputs, fetched_at: fetchedAt };
    if (x.images) page.images = x.images;
    if (formats.includes('metadata')) page.metadata = metadataOf(page);
    // A data: URL, not a link to a stored image: see docs/decisions/web-reader-controls.md.
    const shot = (raw as { screenshot?: Buffer }).screenshot;
    if (shot) page.screenshot = `data:image/jpeg;base64,${shot.toString('base64')}`;
    return page;
  }

  /** The page as the app's browser left it, checked like a fetched page (2xx, not a binary). */
  private async rendered(
    url: URL,
    opts: ReadOptions & { signal?: AbortSignal },
  ): Promise<(RawPage & { kind: 'html' | 'xml' | 'text'; screenshot?: Buffer }) | RawPdf> {
    if (!this.ports?.has('pageRenderer')) throw notReady('rendering is not available on this server', { hint: 'render=1 needs the screenshot module' });
    const r = await this.ports.get('pageRenderer').render(url, {
      signal: opts.signal,
      waitFor: opts.waitFor,
      mobile: opts.mobile,
      lang: opts.lang,
      screenshot: opts.formats?.includes('screenshot'),
    });
    // null: the browser gave no status (a document it made itself); 0 says so rather than guess.
    const status = r.status ?? 0;
    if (status >= 400) {
      throw upstreamFailed(`${new URL(r.finalUrl).host} answered HTTP ${status}`, { url: url.href, final_url: r.finalUrl, status_code: status });
    }
    const contentType = r.contentType ?? '';
    const kind = contentKind(contentType, new Uint8Array(0));
    // The browser shows a PDF in its viewer, whose DOM holds no text: with pdf=1 its bytes are read.
    if (kind.kind === 'binary' && kind.what === 'a PDF' && opts.pdf) return this.fetcher.page(new URL(r.finalUrl), { signal: opts.signal, pdf: true });
    if (kind.kind === 'binary' && contentType) {
      throw unsupportedContent(`${r.finalUrl} is ${kind.what}; binary files are not parsed`, {
        url: url.href,
        final_url: r.finalUrl,
        status_code: status,
        content_type: contentType.split(';')[0].trim(),
      });
    }
    // The DOM is always HTML (the browser wraps a text document in <pre>).
    return {
      url: url.href,
      finalUrl: r.finalUrl,
      status,
      contentType,
      document: r.html,
      kind: 'html',
      ...(r.screenshot ? { screenshot: r.screenshot } : {}),
    };
  }

  private async loadPdf(url: URL, raw: RawPdf, opts: ReadOptions): Promise<StoredPage> {
    let doc;
    try {
      doc = await readPdf(raw.bytes, { maxPages: MAX_PDF_PAGES, timeoutMs: this.ctx.config.FETCH_TIMEOUT_MS });
    } catch (err) {
      throw upstreamFailed(`${raw.finalUrl} is not a readable PDF: ${(err as Error).message}`, {
        url: url.href,
        final_url: raw.finalUrl,
        status_code: raw.status,
      });
    }
    const x = extractPdf(doc, raw.finalUrl, { format: opts.format, links: opts.links });
    return { ...storedPage(url, raw, x, opts.format), page_count: x.page_count };
  }

  /** The robots.txt rules of an origin (cached an hour). 4xx: all allowed; 5xx/unreachable: none. */
  async robots(origin: URL, signal?: AbortSignal): Promise<RobotsRules & { found: boolean }> {
    const robotsUrl = new URL('/robots.txt', origin);
    const { value } = await this.robotsCache.wrap<{ status: number; text: string }>(robotsUrl.href, async () => {
      try {
        const res = await this.fetcher.get(robotsUrl, {
          signal,
          accept: 'text/plain,*/*;q=0.5',
          maxBytes: 512 * 1024,
          timeoutMs: Math.min(8000, this.ctx.config.FETCH_TIMEOUT_MS),
        });
        return { status: res.status, text: res.status < 300 ? res.body.toString('utf8') : '' };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'BLOCKED_URL') throw err;
        return { status: 599, text: '' };
      }
    });
    if (value.status >= 200 && value.status < 300) return { ...parseRobots(value.text, this.ctx.config.FETCH_USER_AGENT), found: true };
    if (value.status >= 500) return { ...DISALLOW_ALL, found: false };
    return { ...ALLOW_ALL, found: false };
  }

  /** The root page plus up to `limit` of the links on it, fetched concurrently under a cap. */
  async crawl(url: URL, opts: ReadOptions & { limit: number; sameHost: boolean }): Promise<CrawlResult> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.ctx.config.CRAWL_TIMEOUT_MS);
    const root = await this.read(url, { ...opts, links: true, signal: deadline });
    const base = new URL(root.final_url);
    const targets: URL[] = [];
    const seen = new Set([url.href, root.final_url]);
    for (const link of root.links ?? []) {
      if (targets.length >= opts.limit || deadline.aborted) break;
      const u = resolveLink(link.url, base);
      if (!u || seen.has(u.href)) continue;
      seen.add(u.href);
      if (opts.sameHost && !sameSite(u, base)) continue;
      if (BINARY_EXT.test(u.pathname) && !(opts.pdf && PDF_EXT.test(u.pathname))) continue;
      // Every followed link asks its own site's robots.txt (cached per origin).
      const allowed = await this.robots(new URL(u.origin), deadline).then(
        (r) => r.allows(u.pathname + u.search),
        () => false,
      );
      if (allowed) targets.push(u);
    }
    const pages = await mapLimit(targets, this.ctx.config.CRAWL_CONCURRENCY, async (u) => {
      try {
        // Each followed page is read with the root's controls (selectors, formats, waits, cache).
        return await this.read(u, { ...opts, links: false, signal: deadline });
      } catch (err) {
        return failureOf(u, err);
      }
    });
    const out: CrawlResult = { ...root, pages, took_ms: Math.round(performance.now() - started) };
    if (!opts.links && !opts.formats?.includes('links')) delete out.links;
    return out;
  }

  /** Links of a page plus the site's sitemaps (sitemap.xml and robots.txt Sitemap: lines). */
  async map(url: URL, opts: { limit: number; sameHost: boolean }): Promise<MapResult> {
    const started = performance.now();
    this.fetcher.precheck(url);
    const key = `${url.href}\n${opts.limit}\n${opts.sameHost ? 1 : 0}`;
    const hit = await this.maps.wrap<Omit<MapResult, 'cached' | 'took_ms'>>(key, () => this.loadMap(url, opts));
    return { ...hit.value, cached: hit.cached, took_ms: Math.round(performance.now() - started), ...(hit.stale ? { stale: true } : {}) };
  }

  private async loadMap(url: URL, opts: { limit: number; sameHost: boolean }): Promise<Omit<MapResult, 'cached' | 'took_ms'>> {
    const deadline = AbortSignal.timeout(this.ctx.config.CRAWL_TIMEOUT_MS);
    const root = await this.read(url, { format: 'json', main: false, maxChars: 500, links: true, signal: deadline });
    const base = new URL(root.final_url);
    const found = new Map<string, PageLink>();
    let total = 0;
    const add = (u: URL | undefined, text: string) => {
      if (!u) return false;
      if (opts.sameHost && !sameSite(u, base)) return false;
      const prev = found.get(u.href);
      if (prev) {
        if (!prev.text && text) prev.text = text;
        return false;
      }
      total++;
      if (found.size < opts.limit) found.set(u.href, { url: u.href, text });
      return true;
    };
    const sources: MapSource[] = [];
    let fromPage = 0;
    for (const l of root.links ?? []) if (add(resolveLink(l.url, base), l.text)) fromPage++;
    sources.push({ type: 'page', url: root.final_url, count: fromPage });

    const robots = await this.robots(base, deadline);
    const queue = [...new Set([...robots.sitemaps, new URL('/sitemap.xml', base).href])];
    const done = new Set<string>();
    while (queue.length && done.size < MAX_SITEMAPS && !deadline.aborted) {
      const next = resolveLink(queue.shift()!, base);
      if (!next || done.has(next.href)) continue;
      done.add(next.href);
      if (sameSite(next, base) && !robots.allows(next.pathname + next.search)) continue;
      const sm = await this.sitemap(next, deadline);
      if (!sm) continue;
      let n = 0;
      for (const u of sm.urls) if (add(resolveLink(u, base), '')) n++;
      queue.push(...sm.sitemaps);
      sources.push({ type: 'sitemap', url: next.href, count: n });
    }
    const links = [...found.values()];
    return { success: true, url: url.href, count: links.length, truncated: total > links.length, sources, links };
  }

  private async sitemap(u: URL, signal: AbortSignal): Promise<ReturnType<typeof parseSitemap> | undefined> {
    try {
      const res = await this.fetcher.get(u, { signal, accept: 'application/xml,text/xml,text/plain;q=0.9,*/*;q=0.5' });
      if (res.status < 200 || res.status >= 300) return undefined;
      // Gzipped sitemaps are decoded by the client when sent with Content-Encoding only.
      return parseSitemap(res.body.toString('utf8'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'BLOCKED_URL') return undefined;
      return undefined;
    }
  }

  async close(): Promise<void> {
    await this.fetcher.close();
  }
}

function storedPage(url: URL, raw: { finalUrl: string; status: number; contentType: string }, x: Extracted, format: Format): StoredPage {
  return {
    success: true,
    url: url.href,
    final_url: raw.finalUrl,
    status_code: raw.status,
    content_type: raw.contentType,
    title: x.title,
    description: x.description,
    content: x.content,
    format,
    words: x.words,
    reading_time_min: readingTime(x.words),
    chars: x.content.length,
    lang: x.lang,
    site_name: x.site_name,
    image: x.image,
    canonical: x.canonical,
    ...(x.links ? { links: x.links } : {}),
  };
}

/** The cache key of a reading: plain readings keep the keys they always had; each control adds itself. */
function pageKey(url: URL, o: ReadOptions): string {
  const key = `${url.href}\n${o.format}\n${o.main ? 1 : 0}\n${o.links ? 1 : 0}${o.render ? '\nrender' : ''}${o.pdf ? '\npdf' : ''}`;
  const controls = { include: o.include, exclude: o.exclude, wait_for: o.waitFor, formats: o.formats, mobile: o.mobile || undefined, lang: o.lang };
  return Object.values(controls).some((v) => v !== undefined) ? `${key}\n${JSON.stringify(controls)}` : key;
}

function metadataOf(p: StoredPage): PageMetadata {
  return {
    title: p.title,
    description: p.description,
    lang: p.lang,
    site_name: p.site_name,
    image: p.image,
    canonical: p.canonical,
    url: p.url,
    final_url: p.final_url,
    status_code: p.status_code,
    content_type: p.content_type,
  };
}

function failureOf(u: URL, err: unknown): PageFailure {
  if (err instanceof ApiError) {
    const status = typeof err.extra.status_code === 'number' ? { status_code: err.extra.status_code } : {};
    return { success: false, url: u.href, error: err.message, code: err.code, ...status };
  }
  return { success: false, url: u.href, error: 'could not read this page', code: 'UPSTREAM_FAILED' };
}

export type { Format };
