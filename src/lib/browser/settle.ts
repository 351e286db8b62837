// Reading a page that may still be on its way somewhere else. A page can navigate on its own
// after it loaded (a meta refresh, a Refresh header, a script's location.replace), and a read
// (page.content, a screenshot) that meets such a navigation fails or shows the page being left.
// So a page is read once it has settled: no main-frame navigation in flight, the wanted load
// state reached, and a quiet window since the main frame last did anything; a navigation that
// starts during the read sends it back to settling. See docs/decisions/browser-navigation-during-read.md.

import type { Page } from 'playwright-core';
import { NavigationError } from './errors.js';
import { MAX_NAVIGATIONS, type MainFrameWatch } from './watch.js';

/** A page counts as settled this long after its main frame last started, ended or loaded a navigation. */
export const QUIET_MS = 500;
// While a navigation is in flight, how often to look again (cheap: no browser round trip).
const POLL_MS = 50;
// Reads that met a navigation are retried; the hold after MAX_NAVIGATIONS ends the navigating,
// so this only bounds a page whose cancelled navigations still disturb the read.
const MAX_READS = MAX_NAVIGATIONS + 3;

export interface SettleOptions {
  waitUntil: 'load' | 'domcontentloaded' | 'networkidle';
  /** The quiet window: at least QUIET_MS, longer when the caller asked for a delay. */
  quietMs: number;
  /** Milliseconds left of the visit's deadline. */
  left(): number;
}

/** Waits until the page stands still (see the file comment); throws when it ended on a refused address. */
export async function settle(page: Page, watch: MainFrameWatch, opts: SettleOptions): Promise<void> {
  for (;;) {
    watch.throwIfRefused();
    if (page.isClosed()) throw new NavigationError('the page was closed while it loaded', 'failed');
    if (watch.navigating) {
      await pause(POLL_MS);
      continue;
    }
    // After a commit this waits for the new document's load state (Playwright resets it per
    // document). A held page is not waited for, nor is the wait that was under way when the hold
    // began: a document whose navigation was cancelled while it was being parsed never fires
    // load in Chromium; it is read as it stands.
    if (!watch.held) {
      const loaded = page.waitForLoadState(opts.waitUntil, { timeout: opts.left() });
      loaded.catch(() => {}); // when the hold wins, this one ends (rejected) with the context
      await Promise.race([loaded, watch.whenHeld]);
    }
    watch.throwIfRefused();
    const wait = watch.lastActivity + opts.quietMs - Date.now();
    if (wait <= 0 && !watch.navigating) return;
    await pause(Math.max(wait, POLL_MS));
  }
}

/**
 * Settles the page and runs `read` on it; a read that failed or ran while the main frame started
 * another navigation is done again on the page that navigation leads to. Bounded: after
 * MAX_NAVIGATIONS the main frame is held (watch.ts), and reads are tried at most MAX_READS times.
 */
export async function readSettled<T>(page: Page, watch: MainFrameWatch, opts: SettleOptions, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await settle(page, watch, opts);
    const before = watch.started;
    const url = page.url();
    const moved = () => watch.started !== before || watch.navigating || page.url() !== url;
    // A navigation that starts during the read ends it: a capture the commit strands in Chromium
    // never answers, so the reader gives it up on this signal rather than wait for the deadline.
    const left = new AbortController();
    const stop = watch.onNavigation(() => left.abort());
    let out: T;
    try {
      if (watch.navigating) throw new LeftError(); // started between the settling and now
      out = await read(left.signal);
    } catch (err) {
      watch.throwIfRefused();
      if (!(moved() || movedUnder(err))) throw err;
      if (attempt >= MAX_READS) throw new NavigationError(`the page kept navigating while it was read (${attempt} tries)`, 'failed');
      continue;
    } finally {
      stop();
    }
    // The browser's word of a navigation the read met can come a moment after the read's answer.
    await pause(POLL_MS);
    watch.throwIfRefused();
    if (!moved() || attempt >= MAX_READS) return out;
  }
}

/** Playwright's words for a read that met a navigation: the document it read went away. */
function movedUnder(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return (
    err instanceof LeftError || /navigat|Execution context was destroyed|Unable to capture screenshot|frame was detached|Cannot find context/i.test(message)
  );
}

/** Thrown by a reader that gave up because the page started to navigate away. */
export class LeftError extends Error {
  constructor() {
    super('the page navigated away during the read');
    this.name = 'LeftError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
