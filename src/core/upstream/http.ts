// The one way the service talks to the outside: a deadline on every call, a cap on the
// bytes read (before and after decompression), an identifiable User-Agent, redirects
// followed by hand so each hop can be checked, and failures sorted into kinds.

import type { Dispatcher } from 'undici';
import { lazyRequire } from '../lazy.js';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UpstreamError, kindFromStatus, parseRetryAfter } from './errors.js';

// Loaded by the first upstream request (core/lazy.ts), not at start.
const undici = lazyRequire<typeof import('undici')>('undici');

export interface UpstreamRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Deadline of this call (default: the client's). */
  timeoutMs?: number;
  /** Largest body read, compressed or not (default: the client's). */
  maxBytes?: number;
  /** The caller's own cancellation (fan-out deadline, client gone). */
  signal?: AbortSignal;
  /** Redirects to follow (default 5; 0 = return the 3xx as is). */
  maxRedirects?: number;
  /** Called before every hop, the first included; throw to refuse it. */
  beforeHop?: (url: URL) => void | Promise<void>;
  /** Throw an UpstreamError on a non-2xx status (default true). */
  throwOnStatus?: boolean;
  /** Custom connection pool (the web fetcher's guarded one). */
  dispatcher?: Dispatcher;
  /**
   * Writes the (decoded) body to this file as it arrives instead of holding it; the answer's
   * body is then empty. For data sets larger than is worth keeping in memory at once.
   */
  toFile?: string;
}

export interface UpstreamResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  /** Every hop's URL, the first included. */
  hops: string[];
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface UpstreamClientOptions {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  dispatcher?: Dispatcher;
}

export type UpstreamFetch = (upstream: string, req: UpstreamRequest) => Promise<UpstreamResponse>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Codes only resolvers use (getaddrinfo's EAI_*, c-ares' names); ENOTFOUND and EAI_AGAIN included.
const DNS_CODES = /^(ENOTFOUND|EAI_|ENODATA|ESERVFAIL|EFORMERR|ENOTIMP|EREFUSED|EBADNAME|EBADQUERY|EBADRESP|EBADFAMILY|ENONAME|ETIMEOUT$)/;
const NETWORK_CODES =
  /^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|CERT_|ERR_TLS|DEPTH_ZERO|UNABLE_TO|SELF_SIGNED|ERR_SSL)/;

/** A fetch bound to the service's defaults. */
export function createUpstreamClient(opts: UpstreamClientOptions): UpstreamFetch {
  return (upstream, req) => upstreamFetch(upstream, req, opts);
}

/** A client that reports each call's outcome: 'ok', or the failure kind (timeout, network, …). */
export function countedFetch(fetch: UpstreamFetch, count: (upstream: string, outcome: string) => void): UpstreamFetch {
  return async (upstream, req) => {
    try {
      const res = await fetch(upstream, req);
      count(upstream, 'ok');
      return res;
    } catch (err) {
      count(upstream, err instanceof UpstreamError ? err.kind : 'error');
      throw err;
    }
  };
}

export async function upstreamFetch(upstream: string, req: UpstreamRequest, opts: UpstreamClientOptions): Promise<UpstreamResponse> {
  const timeoutMs = req.timeoutMs ?? opts.timeoutMs;
  const maxBytes = req.maxBytes ?? opts.maxBytes;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
  const maxRedirects = req.maxRedirects ?? 5;
  const hops: string[] = [];
  let url = parseUrl(upstream, req.url);
  let method = req.method ?? 'GET';
  let body = req.body;

  try {
    for (let hop = 0; ; hop++) {
      // The caller's check sees every hop first (so its refusal keeps its own type), then ours.
      if (req.beforeHop) await req.beforeHop(url);
      assertWebScheme(upstream, url);
      hops.push(url.href);
      const res = await undici().request(url, {
        method,
        body,
        signal,
        dispatcher: req.dispatcher ?? opts.dispatcher,
        headers: {
          'user-agent': opts.userAgent,
          'accept-encoding': 'gzip, deflate, br',
          ...req.headers,
        },
      });
      const headers = flattenHeaders(res.headers);
      if (REDIRECTS.has(res.statusCode) && headers.location && maxRedirects > 0) {
        res.body.resume();
        if (hop >= maxRedirects) {
          throw new UpstreamError(upstream, 'bad_response', `more than ${maxRedirects} redirects`, { status: res.statusCode });
        }
        url = resolveUrl(upstream, headers.location, url);
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (req.throwOnStatus !== false && (res.statusCode < 200 || res.statusCode >= 300)) {
        res.body.resume();
        throw new UpstreamError(upstream, kindFromStatus(res.statusCode), `${url.host} answered HTTP ${res.statusCode}`, {
          status: res.statusCode,
          retryAfterMs: parseRetryAfter(headers['retry-after']),
          host: url.host,
        });
      }
      if (method !== 'HEAD' && req.toFile) {
        await writeCappedFile(req.toFile, Readable.from(cappedChunks(upstream, res.body, headers['content-encoding'], maxBytes)));
        return makeResponse(res.statusCode, url.href, hops, headers, Buffer.alloc(0));
      }
      const buf = method === 'HEAD' ? Buffer.alloc(0) : await readCapped(upstream, res.body, headers['content-encoding'], maxBytes);
      return makeResponse(res.statusCode, url.href, hops, headers, buf);
    }
  } catch (err) {
    const e = classify(upstream, url.host, err, deadline, timeoutMs);
    if (e instanceof UpstreamError && !e.details.host) e.details.host = url.host;
    throw e;
  }
}

/**
 * Writes the body to `file`; when it fails (past the cap, a reset), waits for the file to be
 * closed and removes it before failing: the pipeline gives up while the file may still be
 * opening or flushing, and a caller must find neither a partial file nor one still being written.
 */
async function writeCappedFile(file: string, body: Readable): Promise<void> {
  const out = createWriteStream(file);
  try {
    await pipeline(body, out);
  } catch (err) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(file, { force: true });
    throw err;
  }
}

function resolveUrl(upstream: string, raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new UpstreamError(upstream, 'bad_response', `invalid URL: ${raw.slice(0, 200)}`);
  }
}

function assertWebScheme(upstream: string, u: URL): void {
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new UpstreamError(upstream, 'bad_response', `refusing ${u.protocol} URL`);
  }
}

function parseUrl(upstream: string, raw: string, base?: URL): URL {
  const u = resolveUrl(upstream, raw, base);
  assertWebScheme(upstream, u);
  return u;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** A body's decoded chunks, refusing more than maxBytes on the wire and more than maxBytes decoded. */
async function* cappedChunks(upstream: string, body: Readable, encoding: string | undefined, maxBytes: number): AsyncGenerator<Buffer> {
  const decoder = decoderFor(encoding);
  const tooLarge = () => new UpstreamError(upstream, 'bad_response', `body larger than ${maxBytes} bytes`);
  let wire = 0;
  let source: AsyncIterable<Buffer> = body;
  if (decoder) {
    body.on('data', (c: Buffer) => {
      wire += c.length;
      if (wire > maxBytes) body.destroy(tooLarge());
    });
    body.on('error', (e) => decoder.destroy(e));
    source = body.pipe(decoder);
  }
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      yield chunk;
    }
  } finally {
    // Stopped early (too large, or the reader gave up): the connection is not read further.
    if (size > maxBytes || !body.readableEnded) {
      body.destroy();
      decoder?.destroy();
    }
  }
}

/** Reads a body whole, within the caps of cappedChunks. */
async function readCapped(upstream: string, body: Readable, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of cappedChunks(upstream, body, encoding, maxBytes)) {
    size += chunk.length;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export function makeResponse(status: number, url: string, hops: string[], headers: Record<string, string>, body: Buffer): UpstreamResponse {
  return {
    status,
    url,
    hops,
    headers,
    body,
    text() {
      const m = /charset=["']?([\w-]+)/i.exec(headers['content-type'] ?? '');
      try {
        return new TextDecoder(m?.[1] ?? 'utf-8').decode(body);
      } catch {
        return new TextDecoder('utf-8').decode(body);
      }
    },
    json<T>() {
      try {
        return JSON.parse(this.text()) as T;
      } catch {
        throw new UpstreamError(hostOf(url), 'bad_response', `${hostOf(url)} did not answer JSON`, { host: hostOf(url) });
      }
    },
  };
}

const hostOf = (u: string) => {
  try {
    return new URL(u).host;
  } catch {
    return 'upstream';
  }
};

/**
 * Sorts a failed call into a kind. Messages name the host that failed (`api.open-meteo.com`),
 * never the provider id (`open-meteo`): a person checks a host name, not an id, and the id is in
 * the error's `upstream` anyway.
 */
function classify(upstream: string, host: string, err: unknown, deadline: AbortSignal, timeoutMs: number): Error {
  if (err instanceof UpstreamError) return err;
  const e = err as { name?: string; code?: string; syscall?: string; message?: string; cause?: { code?: string; syscall?: string } };
  if (deadline.aborted || e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'UND_ERR_ABORTED') {
    return new UpstreamError(upstream, 'timeout', `${host} did not answer within ${timeoutMs} ms`);
  }
  // A refusal raised by beforeHop or a guarded dispatcher keeps its own type.
  if (e.name === 'BlockedAddressError' || (e.cause as { name?: string } | undefined)?.name === 'BlockedAddressError') {
    return (e.name === 'BlockedAddressError' ? err : e.cause) as Error;
  }
  const code = e.code ?? e.cause?.code ?? '';
  // Any resolver failure, whatever its code: getaddrinfo answers an over-long name with a
  // bare EINVAL, c-ares with ESERVFAIL, ENODATA, EBADNAME… All mean the host is unreachable.
  const syscall = e.syscall ?? e.cause?.syscall ?? '';
  if (syscall === 'getaddrinfo' || syscall.startsWith('query') || DNS_CODES.test(code)) {
    return new UpstreamError(upstream, 'network', `${host} could not be resolved (${code || 'DNS error'})`);
  }
  if (NETWORK_CODES.test(code) || /fetch failed|socket|connect/i.test(e.message ?? '')) {
    return new UpstreamError(upstream, 'network', `${host} could not be reached (${code || 'network error'})`);
  }
  if (/incorrect header check|unexpected end of file|Decompression/i.test(e.message ?? '')) {
    return new UpstreamError(upstream, 'bad_response', `${host} sent a body that does not decode`);
  }
  // Bytes that are not HTTP at all (undici's llhttp: HTTPParserError, codes HPE_*): the peer
  // answered, but not as an HTTP server. Found by the soak: it was a 500 on /fetch, /crawl, /map.
  if (e.name === 'HTTPParserError' || (e.cause as { name?: string } | undefined)?.name === 'HTTPParserError' || /^HPE_/.test(code)) {
    return new UpstreamError(upstream, 'bad_response', `${host} answered with something that is not HTTP (${code || 'parse error'})`);
  }
  return err instanceof Error ? err : new Error(String(err));
}
