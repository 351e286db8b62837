// Fetching a user-given URL safely: the core upstream client (deadline, hand-followed
// redirects, wire and decompression caps) with the SSRF guard on every hop and a
// connection pool whose DNS lookup checks the address actually connected to.
// Failures become the web envelope's errors: BLOCKED_URL 400, UNSUPPORTED_CONTENT 400,
// UPSTREAM_TIMEOUT 504, UPSTREAM_FAILED 502.

import type { Dispatcher } from 'undici';
import { ApiError, blockedUrl, unsupportedContent, upstreamFailed, upstreamTimeout } from '../../core/errors.js';
import type { AppContext } from '../../core/module.js';
import { allowHostsHint, BlockedAddressError, UrlGuard } from '../../core/net/index.js';
import { UpstreamError } from '../../core/upstream/index.js';
import { contentKind } from './content-kind.js';
import type { RawPage, RawPdf } from './types.js';

export const MAX_REDIRECTS = 5;

export interface FetchOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  accept?: string;
  /** A PDF answer is returned as bytes (kind 'pdf') instead of refused. */
  pdf?: boolean;
  /** The Accept-Language to send (lang=), instead of the default. */
  lang?: string;
}

export interface RawResponse {
  status: number;
  finalUrl: string;
  headers: Record<string, string>;
  body: Buffer;
}

const DEFAULT_LANG = 'en;q=0.9, *;q=0.5';
const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';

export class PageFetcher {
  readonly guard: UrlGuard;
  // Made by the first fetch (its library loads then: core/lazy.ts).
  private pool: Dispatcher | undefined;

  constructor(private readonly ctx: AppContext) {
    this.guard = new UrlGuard({ allowHosts: ctx.config.FETCH_ALLOW_HOSTS });
  }

  /** Refuses a URL before anything is sent (scheme, literal private address). */
  precheck(url: URL): void {
    try {
      this.guard.checkUrl(url);
    } catch (err) {
      throw toWebError(err, url);
    }
  }

  /** One GET, redirects checked hop by hop; any status is returned. */
  async get(url: URL, opts: FetchOptions = {}): Promise<RawResponse> {
    const cfg = this.ctx.config;
    try {
      const res = await this.ctx.fetch(url.host, {
        url: url.href,
        headers: { 'user-agent': cfg.FETCH_USER_AGENT, accept: opts.accept ?? ACCEPT_HTML, 'accept-language': opts.lang ?? DEFAULT_LANG },
        timeoutMs: opts.timeoutMs ?? cfg.FETCH_TIMEOUT_MS,
        maxBytes: opts.maxBytes ?? cfg.FETCH_MAX_BYTES,
        signal: opts.signal,
        maxRedirects: MAX_REDIRECTS,
        beforeHop: this.guard.beforeHop,
        throwOnStatus: false,
        dispatcher: (this.pool ??= this.guard.agent({ connectTimeoutMs: Math.min(10_000, this.ctx.config.FETCH_TIMEOUT_MS) })),
      });
      return { status: res.status, finalUrl: res.url, headers: res.headers, body: res.body };
    } catch (err) {
      throw toWebError(err, url);
    }
  }

  /** A page to read: 2xx, a document (not a binary; a PDF with opts.pdf), as bytes (decoded where it is read: extract/task.ts). */
  async page(url: URL, opts: FetchOptions = {}): Promise<(RawPage & { kind: 'html' | 'xml' | 'text' }) | RawPdf> {
    this.precheck(url);
    const res = await this.get(url, { ...opts, accept: opts.pdf ? `${ACCEPT_HTML},application/pdf;q=0.8` : opts.accept });
    if (res.status >= 300 && res.status < 400) {
      throw upstreamFailed(`${url.host} answered HTTP ${res.status} without a usable redirect`, { url: url.href, status_code: res.status });
    }
    if (res.status >= 400) {
      throw upstreamFailed(`${new URL(res.finalUrl).host} answered HTTP ${res.status}`, { url: url.href, final_url: res.finalUrl, status_code: res.status });
    }
    const contentType = res.headers['content-type'] ?? '';
    const kind = contentKind(contentType, res.body);
    if (kind.kind === 'binary' && kind.what === 'a PDF' && opts.pdf) {
      return { url: url.href, finalUrl: res.finalUrl, status: res.status, contentType, kind: 'pdf', bytes: res.body };
    }
    if (kind.kind === 'binary') {
      throw unsupportedContent(`${res.finalUrl} is ${kind.what}; binary files are not parsed`, {
        url: url.href,
        final_url: res.finalUrl,
        status_code: res.status,
        content_type: contentType.split(';')[0].trim(),
      });
    }
    return { url: url.href, finalUrl: res.finalUrl, status: res.status, contentType, document: res.body, kind: kind.kind };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

/** Maps fetch failures to the web errors users see. */
export function toWebError(err: unknown, url: URL): Error {
  if (err instanceof ApiError) return err;
  if (err instanceof BlockedAddressError) return blockedUrl(`refused to fetch ${url.href}: ${err.message}`, { url: url.href, ...allowHostsHint(err) });
  if (err instanceof UpstreamError) {
    if (err.kind === 'timeout') return upstreamTimeout(`${url.host} did not answer in time`, { url: url.href });
    return upstreamFailed(`could not fetch ${url.href}: ${err.message}`, { url: url.href });
  }
  return err instanceof Error ? err : new Error(String(err));
}
