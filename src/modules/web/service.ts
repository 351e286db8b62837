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
import { extract, readingTime, truncate, type Extracted } from './extract/index.js';
import { PageFetcher } from './fetcher.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';
import { parseSitemap } from './sitemap.js';
import type { FetchedPage, Format, PageLink, RawPage, RawPdf, ReadOptions } from './types.js';
import { mapLimit } from '../../core/async.js';

/** A page as cached: everything but the per-request fields. */
type StoredPage = Omit<FetchedPage, 'cached' | 'took_ms'>;

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

  /** One page, from the cache when fresh. Throws ApiError (400/502/504) on failure. */
  async read(url: URL, opts: ReadOptions & { signal?: AbortSignal }): Promise<FetchedPage> {
    const started = performance.now();
    this.fetcher.precheck(url);
    // Rendered and PDF readings are kept apart from plain ones (plain keys are as they were).
    const key = `${url.href}\n${opts.format}\n${opts.main ? 1 : 0}\n${opts.links ? 1 : 0}${opts.render ? '\nrender' : ''}${opts.pdf ? '\npdf' : ''}`;
    const hit = await this.pages.wrap<StoredPage>(key, () => this.load(url, opts));
    const page: FetchedPage = {
      ...hit.value,
      content: truncate(hit.value.content, opts.maxChars),
      chars: 0,
      cached: hit.cached,
      took_ms: 0,
      ...(hit.stale ? { stale: true } : {}),
    };
    page.chars = page.content.length;
    page.took_ms = Math.round(performance.now() - started);
    return page;
  }

  private async load(url: URL, opts: ReadOptions & { signal?: AbortSignal }): Promise<StoredPage> {
    const raw = opts.render ? await this.rendered(url, opts) : await this.fetcher.page(url, { signal: opts.signal, pdf: opts.pdf });
    if (raw.kind === 'pdf') return this.loadPdf(url, raw, opts);
    const x = extract(raw.html, raw.finalUrl, { format: opts.format, main: opts.main, links: opts.links, kind: raw.kind });
    return storedPage(url, raw, x, opts.format);
  }

  /** The page as the app's browser left it, checked like a fetched page (2xx, not a binary). */
  private async rendered(url: URL, opts: { signal?: AbortSignal; pdf?: boolean }): Promise<(RawPage & { kind: 'html' | 'xml' | 'text' }) | RawPdf> {
    if (!this.ports?.has('pageRenderer')) throw notReady('rendering is not available on this server', { hint: 'render=1 needs the screenshot module' });
    const r = await this.ports.get('pageRenderer').render(url, { signal: opts.signal });
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
    return { url: url.href, finalUrl: r.finalUrl, status, contentType, html: r.html, charset: 'utf-8', kind: 'html' };
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
        return await this.read(u, {
          format: opts.format,
          main: opts.main,
          maxChars: opts.maxChars,
          links: false,
          render: opts.render,
          pdf: opts.pdf,
          signal: deadline,
        });
      } catch (err) {
        return failureOf(u, err);
      }
    });
    const out: CrawlResult = { ...root, pages, took_ms: Math.round(performance.now() - started) };
    if (!opts.links) delete out.links;
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

function failureOf(u: URL, err: unknown): PageFailure {
  if (err instanceof ApiError) {
    const status = typeof err.extra.status_code === 'number' ? { status_code: err.extra.status_code } : {};
    return { success: false, url: u.href, error: err.message, code: err.code, ...status };
  }
  return { success: false, url: u.href, error: 'could not read this page', code: 'UPSTREAM_FAILED' };
}

export type { Format };
