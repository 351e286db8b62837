// What can go wrong when a page is rendered, and the API errors users see for it. Kept
// here so /screenshot and /fetch?render=1 answer the same failure the same way.

import { access, constants } from 'node:fs/promises';
import { ApiError, blockedUrl, notReady, upstreamFailed, upstreamTimeout } from '../../core/errors.js';
import { BlockedAddressError } from '../../core/net/index.js';

/** No usable browser: the binary is missing, or it would not start. */
export class BrowserUnavailableError extends Error {
  constructor(message: string) {
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
  if (err instanceof BlockedAddressError) return blockedUrl(`refused to load ${url.href}: ${err.message}`, { url: url.href });
  if (err instanceof BrowserUnavailableError) return notReady(err.message, { hint: 'apt-get install chromium, or set BROWSER_PATH' });
  if (err instanceof BrowserBusyError) return notReady(err.message, {}, { 'retry-after': '5' });
  if (err instanceof NavigationError) {
    if (err.kind === 'timeout') return upstreamTimeout(err.message, { url: url.href });
    return upstreamFailed(err.message, { url: url.href });
  }
  return err instanceof Error ? err : new Error(String(err));
}
