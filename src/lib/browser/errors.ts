// What can go wrong when a page is rendered, and the API errors users see for it. Kept
// here so /screenshot and /fetch?render=1 answer the same failure the same way.

import { access, constants } from 'node:fs/promises';
import { ApiError, blockedUrl, notReady, upstreamFailed, upstreamTimeout } from '../../core/errors.js';
import { allowHostsHint, BlockedAddressError } from '../../core/net/index.js';
import type { GuardedProxy } from './proxy.js';

/** No usable browser: the binary is missing or would not start, or the browser tier is away. */
export class BrowserUnavailableError extends Error {
  constructor(
    message: string,
    /** When it may be back (a browser that went away), in seconds; a missing binary has none. */
    readonly opts: { retryAfterS?: number; hint?: string } = {},
  ) {
    super(message);
    this.name = 'BrowserUnavailableError';
  }
}

/** Every context is in use and the wait for one ran out (or the queue is full). */
export class BrowserBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserBusyError';
  }
}

/** The page did not load: the proxy could not reach the site, or the browser gave up. */
export class NavigationError extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'timeout',
  ) {
    super(message);
    this.name = 'NavigationError';
  }
}

/** wait_for named a selector that no element matched before its time ran out. */
export class WaitForTimeoutError extends NavigationError {
  constructor(
    readonly selector: string,
    readonly ms: number,
  ) {
    super(`wait_for: no element matched "${selector}" within ${ms} ms; check the selector, or wait less for a page that never shows it`, 'timeout');
    this.name = 'WaitForTimeoutError';
  }
}

/** Throws BrowserUnavailableError when the binary is not there or not executable. */
export async function assertExecutable(path: string): Promise<void> {
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new BrowserUnavailableError(
      `no browser at BROWSER_PATH=${path}: install Chromium (Debian/Ubuntu: apt-get install chromium) or set BROWSER_PATH to a Chromium or Chrome binary`,
    );
  }
}

/** Maps a rendering failure to the web envelope's errors (400 blocked, 503, 502, 504). */
export function browserApiError(err: unknown, url: URL): Error {
  if (err instanceof ApiError) return err;
  if (err instanceof BlockedAddressError) {
    // A redirect or the page's own navigation went somewhere refused: name that hop, not (only) the URL asked for.
    const hop = err.url !== undefined && err.url !== url.href ? err.url : undefined;
    const where = { ...(hop ? { refused_url: hop } : {}), ...(err.address ? { refused_address: err.address } : {}), ...allowHostsHint(err) };
    if (!hop) return blockedUrl(`refused to load ${url.href}: ${err.message}`, { url: url.href, ...where });
    return blockedUrl(`refused to load ${hop}, where ${url.href} led: ${err.message}`, { url: url.href, ...where });
  }
  if (err instanceof BrowserUnavailableError) {
    const { retryAfterS, hint } = err.opts;
    return notReady(err.message, { hint: hint ?? 'apt-get install chromium, or set BROWSER_PATH' }, retryAfterS ? { 'retry-after': String(retryAfterS) } : {});
  }
  if (err instanceof BrowserBusyError) return notReady(err.message, {}, { 'retry-after': '5' });
  if (err instanceof WaitForTimeoutError) return upstreamTimeout(err.message, { url: url.href, param: 'wait_for', selector: err.selector });
  if (err instanceof NavigationError) {
    if (err.kind === 'timeout') return upstreamTimeout(err.message, { url: url.href });
    return upstreamFailed(err.message, { url: url.href });
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Turns a failed main-frame navigation into the reason users read, using what the proxy saw of
 * that host since the navigation began (`since`, ms): an older record is another visit's, or an
 * idle tunnel's of this one, and says nothing of why this navigation failed.
 */
export function explainFailure(err: unknown, target: URL, proxy: GuardedProxy, since: number): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') return new NavigationError(`${target.host} did not finish loading in time`, 'timeout');
  // "Browser closed": how a browser reached over a Playwright server reports its end.
  if (/Target .*closed|browser has been closed|Browser closed/i.test(message))
    return new NavigationError('the browser stopped while loading the page', 'failed');
  const seen = proxy.verdict(target);
  const verdict = seen && seen.at >= since ? seen : undefined;
  if (verdict?.kind === 'blocked') return new BlockedAddressError(verdict.reason, { url: target.href, address: verdict.address });
  if (verdict) return new NavigationError(`could not load ${target.href}: ${verdict.reason}`, 'failed');
  const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (net === 'ERR_UNSAFE_REDIRECT' || net === 'ERR_UNKNOWN_URL_SCHEME')
    return new BlockedAddressError(`${target.href} redirects to a URL that is not http or https`);
  return new NavigationError(`could not load ${target.href}${net ? ` (${net})` : ''}`, 'failed');
}

/** What became of a visit, for /metrics: ok, or the kind of its failure. */
export function visitOutcome(err?: unknown): 'ok' | 'blocked' | 'failed' | 'timeout' | 'busy' | 'unavailable' | 'error' {
  if (err === undefined) return 'ok';
  if (err instanceof BlockedAddressError) return 'blocked';
  if (err instanceof BrowserUnavailableError) return 'unavailable';
  if (err instanceof BrowserBusyError) return 'busy';
  if (err instanceof NavigationError) return err.kind;
  return 'error';
}
