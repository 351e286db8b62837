// Loading the page a user asked for in a fresh page, and explaining a failure. The network
// rules are the proxy's; the main frame is watched (watch.ts) so that a page which ends up on a
// refused address, or on a file:, data:, chrome: or devtools: URL (any scheme but http and
// https), is never shown, and read once it has settled (settle.ts), wherever it navigated.

import type { Page, Response } from 'playwright-core';
import { explainFailure } from './errors.js';
import type { GuardedProxy } from './proxy.js';
import { QUIET_MS, readSettled } from './settle.js';
import { MainFrameWatch } from './watch.js';

export interface Navigation {
  /** Where the main frame ended up, after redirects and the page's own navigations. */
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
  left(): number;
}

/**
 * Opens url in page, waits for it to settle and reads it with `read`; throws BlockedAddressError
 * or NavigationError when it cannot be shown.
 */
export async function visitPage<T>(
  page: Page,
  url: URL,
  opts: NavigateOptions,
  proxy: GuardedProxy,
  read: (nav: Navigation, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const watch = new MainFrameWatch(page, proxy);
  const began = Date.now();
  let first: Response | null;
  try {
    // To the commit only: the load states are waited for by settle, for whichever document the
    // page ends on (a goto waiting for them fails when the page navigates away first).
    first = await page.goto(url.href, { waitUntil: 'commit', timeout: opts.left() });
  } catch (err) {
    throw explainFailure(err, new URL(watch.lastRequested ?? url.href), proxy, began);
  }
  const quietMs = Math.max(QUIET_MS, opts.delayMs);
  return readSettled(page, watch, { waitUntil: opts.waitUntil, quietMs, left: opts.left }, (signal) => read(watch.current(first), signal));
}
