// Loading the page a user asked for in a fresh page, and explaining a failure. The network
// rules are the proxy's; here the main frame is watched so that a page which ends up on a
// file:, data:, chrome: or devtools: URL (or any scheme but http and https) is never shown.

import type { Page, Response } from 'playwright-core';
import { BlockedAddressError } from '../../core/net/index.js';
import { NavigationError } from './errors.js';
import { PROXY_HEADER, type GuardedProxy } from './proxy.js';

export interface Navigation {
  /** Where the main frame ended up, after redirects. */
  finalUrl: string;
  /** HTTP status of the main document (null when the browser gave none, e.g. about:blank). */
  status: number | null;
  /** Its Content-Type header, if any. */
  contentType: string | null;
}

export interface NavigateOptions {
  waitUntil: 'load' | 'domcontentloaded' | 'networkidle';
  delayMs: number;
  /** Milliseconds left of the request's deadline. */
  timeoutMs: number;
}

// Error pages and the blank start page are the browser's own; any other scheme is refused.
const SHOWN = /^(https?:|about:blank$|chrome-error:)/i;

/** Watches the main frame: the first URL it commits that may not be shown, if any. */
export function watchMainFrame(page: Page): { refused(): string | undefined; lastRequested(): string | undefined } {
  let refused: string | undefined;
  let requested: string | undefined;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !SHOWN.test(frame.url()) && !refused) refused = frame.url();
  });
  page.on('request', (req) => {
    try {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) requested = req.url();
    } catch {
      // A request of a worker has no frame: not the main document.
    }
  });
  return { refused: () => refused, lastRequested: () => requested };
}

/** Opens url in page; throws BlockedAddressError or NavigationError when it cannot be shown. */
export async function navigate(page: Page, url: URL, opts: NavigateOptions, proxy: GuardedProxy): Promise<Navigation> {
  const watch = watchMainFrame(page);
  let response: Response | null;
  try {
    response = await page.goto(url.href, { waitUntil: opts.waitUntil, timeout: opts.timeoutMs });
  } catch (err) {
    throw explain(err, new URL(watch.lastRequested() ?? url.href), proxy);
  }
  const finalUrl = page.url();
  if (response) refusedByProxy(response, proxy);
  if (opts.delayMs > 0) await page.waitForTimeout(opts.delayMs);
  const refused = watch.refused();
  if (refused) throw new BlockedAddressError(`the page went to ${refused.slice(0, 60)}; only http and https pages are shown`);
  return { finalUrl, status: response?.status() ?? null, contentType: response?.headers()['content-type'] ?? null };
}

/** The proxy answers a refused plain-http request itself; its record says whether that is what this is. */
function refusedByProxy(response: Response, proxy: GuardedProxy): void {
  const mark = response.headers()[PROXY_HEADER];
  if (!mark) return;
  const verdict = proxy.verdict(new URL(response.url()));
  if (!verdict || verdict.kind !== mark) return; // a site sending the header itself
  if (verdict.kind === 'blocked') throw new BlockedAddressError(verdict.reason);
  throw new NavigationError(`could not load ${response.url()}: ${verdict.reason}`, 'failed');
}

/** Turns a failed goto into the reason users read, using what the proxy saw. */
function explain(err: unknown, target: URL, proxy: GuardedProxy): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') return new NavigationError(`${target.host} did not finish loading in time`, 'timeout');
  if (/Target .*closed|browser has been closed/i.test(message)) return new NavigationError('the browser stopped while loading the page', 'failed');
  const verdict = proxy.verdict(target);
  if (verdict?.kind === 'blocked') return new BlockedAddressError(verdict.reason);
  if (verdict) return new NavigationError(`could not load ${target.href}: ${verdict.reason}`, 'failed');
  const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (net === 'ERR_UNSAFE_REDIRECT' || net === 'ERR_UNKNOWN_URL_SCHEME') return new BlockedAddressError(`${target.href} redirects to a URL that is not http or https`);
  return new NavigationError(`could not load ${target.href}${net ? ` (${net})` : ''}`, 'failed');
}
