// One headless Chromium per app, launched on first use (never at start), behind the guarded
// proxy; or a browser tier elsewhere (tier.ts), connected to on first use, whose contexts each
// get the proxy with credentials of their own. Each request gets a new browser context (its
// own cookies, storage and cache, thrown away after), at most `contexts` at once with a bounded
// queue beyond, and one deadline for the whole visit. A browser that crashed, was killed or
// went away is relaunched (reconnected) by the next request; a visit it leaves is a 503.
//
// The two things callers ask for: render(url) → the final DOM (for /fetch?render=1), and
// screenshot(url) → image bytes (for /screenshot). Both refuse private targets at every hop.

import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { raceAbort, within } from '../../core/async.js';
import type { BrowserTierReport } from '../../core/ports.js';
import { isIpLiteral, UrlGuard } from '../../core/net/index.js';
import { Slots } from '../../core/slots.js';
import { capture } from './capture.js';
import { assertExecutable, BrowserBusyError, BrowserUnavailableError, NavigationError, visitOutcome, WaitForTimeoutError } from './errors.js';
import { visitPage, type Navigation } from './navigate.js';
import { GuardedProxy, type ProxyGrant } from './proxy.js';
import { type BrowserTier, openBrowser, tierAddress, tierDown, tierReachable } from './tier.js';

export interface BrowserPoolOptions {
  /** The Chromium binary (BROWSER_PATH), launched here unless `remote` is given. */
  executablePath: string;
  /** A browser tier to use instead (BROWSER_WS_ENDPOINT, BROWSER_CDP_URL). */
  remote?: Exclude<BrowserTier, { kind: 'local' }>;
  /** With `remote`: where the guarded proxy listens (BROWSER_PROXY_LISTEN; default 127.0.0.1, any port). */
  proxyListen?: { host: string; port: number };
  /** With `remote`: host:port the browser tier reaches the proxy at (BROWSER_PROXY_ADVERTISE; default the listening address). */
  proxyAdvertise?: string;
  /** Contexts in use at once (BROWSER_CONTEXTS). */
  contexts: number;
  /** Deadline of one visit, navigation to last byte (BROWSER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Hosts reachable even when private (FETCH_ALLOW_HOSTS, the web fetcher's list). */
  allowHosts?: readonly string[];
  /** Requests that may wait for a context; more are refused at once (default contexts × 8). */
  maxQueue?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told of every visit's end: its outcome, and how long it waited for a context (metrics). */
  onVisit?(outcome: ReturnType<typeof visitOutcome>, queueSeconds: number): void;
}

/** The browser tier as /health shows it (the port's shape). */
export type BrowserTierStatus = BrowserTierReport;

export interface VisitOptions {
  /** CSS pixels (default 1280 × 800). */
  viewport?: { width: number; height: number };
  /** prefers-color-scheme: dark. */
  dark?: boolean;
  /** When the page counts as loaded (default 'load'). */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle';
  /** Extra wait for scripts and animations (default 0): the page is read once this long (and at least 500 ms) has passed since its main frame last loaded or navigated. */
  delayMs?: number;
  /** Aborts the visit (the client went away). */
  signal?: AbortSignal;
  /** A phone: its viewport (unless one is given), touch, and a mobile user agent of this Chromium. */
  mobile?: boolean;
  /** The Accept-Language header of every request of the visit. */
  acceptLanguage?: string;
}

export interface RenderOptions extends VisitOptions {
  /** Read once an element matches this selector; a WaitForTimeoutError after waitForMs (default 10 s). */
  waitForSelector?: string;
  waitForMs?: number;
  /** Also take a JPEG of the viewport once the DOM is read, in the same visit. */
  screenshot?: boolean;
}

export interface RenderedPage extends Navigation {
  /** The DOM after scripts ran, serialised. */
  html: string;
  title: string;
  /** With opts.screenshot: a JPEG of the viewport. */
  screenshot?: Buffer;
}

export interface ScreenshotOptions extends VisitOptions {
  format: 'png' | 'jpeg';
  /** JPEG quality 1–100. */
  quality?: number;
  /** The whole page, down to maxHeight, instead of the viewport. */
  fullPage?: boolean;
  /** Tallest full-page image in CSS pixels. */
  maxHeight?: number;
}

export interface Screenshot extends Navigation {
  body: Buffer;
  width: number;
  height: number;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
// A mid-size Android phone (Pixel 7's CSS viewport).
const MOBILE_VIEWPORT = { width: 412, height: 915 };
const DEFAULT_WAIT_FOR_MS = 10_000;
const SHOT_QUALITY = 80;
/** How long a visit's end waits for its context to close before releasing the slot anyway. */
const CONTEXT_CLOSE_MS = 5_000;
/** How long a visit whose page closed under it waits to learn whether the browser went away. */
const DISCONNECT_WAIT_MS = 1_000;

export class BrowserPool {
  readonly guard: UrlGuard;
  readonly tier: BrowserTier;
  private readonly proxy: GuardedProxy;
  private readonly slots: Slots;
  private browser?: Browser;
  private launching?: Promise<Browser>;
  private launches = 0;
  private closed = false;

  constructor(private readonly opts: BrowserPoolOptions) {
    this.guard = new UrlGuard({ allowHosts: opts.allowHosts });
    this.tier = opts.remote ?? { kind: 'local', executablePath: opts.executablePath };
    this.proxy = new GuardedProxy({
      guard: this.guard,
      idleTimeoutMs: opts.timeoutMs,
      onBlocked: (target, reason) => opts.log?.info({ target, reason }, 'browser proxy refused a target'),
      // A remote browser reaches the proxy over a network others are on: only its contexts may use it.
      ...(opts.remote ? { host: opts.proxyListen?.host, port: opts.proxyListen?.port, requireCredentials: true } : {}),
    });
    this.slots = new Slots(opts.contexts, opts.maxQueue ?? opts.contexts * 8, { what: 'browser contexts', refuse: (m) => new BrowserBusyError(m) });
  }

  /**
   * Refuses a URL before any browser work: the scheme, a private literal, a name that resolves
   * to a private address. A courtesy (a clear 400 early); the proxy enforces the rule anyway.
   */
  async precheck(url: URL): Promise<void> {
    this.guard.checkUrl(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIpLiteral(host) || this.guard.isAllowed(host)) return;
    await new Promise<void>((resolve, reject) =>
      this.guard.lookup(host, { all: true }, (err) => {
        if (!err) return resolve();
        const e = err as Error & { code?: string };
        reject(e.name === 'BlockedAddressError' ? e : new NavigationError(`${host} did not resolve${e.code ? ` (${e.code})` : ''}`, 'failed'));
      }),
    );
  }

  /** Throws BrowserUnavailableError when BROWSER_PATH names no executable (cheap: no launch; a remote tier is asked on use). */
  async assertInstalled(): Promise<void> {
    if (this.tier.kind === 'local') await assertExecutable(this.tier.executablePath);
  }

  /** The page's DOM once loaded and its scripts ran. */
  async render(url: URL, opts: RenderOptions = {}): Promise<RenderedPage> {
    // The visit's deadline starts when a context slot is ours, so this end is never later than it.
    const end = Date.now() + this.opts.timeoutMs;
    return this.visit(url, opts, async (page, nav, signal) => {
      if (opts.waitForSelector) await waitForElement(page, opts.waitForSelector, Math.min(opts.waitForMs ?? DEFAULT_WAIT_FOR_MS, end - Date.now() - 250));
      // One evaluation, so the DOM and the title come from the same document even when the page
      // navigates right then (two calls could straddle a commit). The page could change what
      // these say about itself, but not more than it could write into its own DOM.
      const dom = await page.evaluate(() => ({
        html: (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') + (document.documentElement?.outerHTML ?? ''),
        title: document.title,
      }));
      if (!opts.screenshot) return { ...nav, ...dom };
      return { ...nav, ...dom, screenshot: await capture(page, { format: 'jpeg', quality: SHOT_QUALITY }, signal) };
    });
  }

  /** An image of the page (viewport, or the full page down to maxHeight). */
  async screenshot(url: URL, opts: ScreenshotOptions): Promise<Screenshot> {
    const viewport = opts.viewport ?? DEFAULT_VIEWPORT;
    return this.visit(url, opts, async (page, nav, signal) => {
      const shot = { format: opts.format, quality: opts.format === 'jpeg' ? opts.quality : undefined };
      if (!opts.fullPage) return { ...nav, body: await capture(page, shot, signal), ...viewport };
      const tall = await page.evaluate(() => Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0));
      const height = Math.max(viewport.height, Math.min(tall, opts.maxHeight ?? viewport.height));
      const body = await capture(page, { ...shot, clip: { width: viewport.width, height }, beyondViewport: height > viewport.height }, signal);
      return { ...nav, body, width: viewport.width, height };
    });
  }

  /** For operators and benchmarks: launches (or connections) so far, whether up, contexts busy and waiting. */
  stats() {
    return { launches: this.launches, connected: this.browser?.isConnected() ?? false, busy: this.slots.busy, waiting: this.slots.waiting };
  }

  /** The tier for /health; `reachable` is checked (a TCP connection to a remote tier) when not connected. */
  async status(timeoutMs = 2000): Promise<BrowserTierStatus> {
    const { connected, busy, waiting } = this.stats();
    return {
      tier: this.tier.kind === 'local' ? 'local' : 'remote',
      kind: this.tier.kind,
      address: tierAddress(this.tier),
      connected,
      reachable: connected || (await tierReachable(this.tier, timeoutMs)),
      contexts_in_use: busy,
      contexts_max: this.slots.size,
      waiting,
    };
  }

  /** Resident memory of the browser's processes in bytes (Linux), undefined when not running. */
  async memoryBytes(): Promise<number | undefined> {
    const pids = await this.processIds();
    if (!pids.length) return undefined;
    let total = 0;
    for (const pid of pids) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    }
    return total;
  }

  /** The ids of the browser's processes (browser, renderers, utilities), from the browser itself. */
  async processIds(): Promise<number[]> {
    const browser = this.browser;
    // A remote browser's processes are another machine's.
    if (!browser?.isConnected() || this.tier.kind !== 'local') return [];
    const cdp = await browser.newBrowserCDPSession();
    try {
      const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number }[] };
      return info.processInfo.map((p) => p.id);
    } finally {
      await cdp.detach().catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser ?? (await this.launching?.catch(() => undefined));
    this.browser = undefined;
    await browser?.close().catch(() => {});
    await this.proxy.close();
  }

  /**
   * Runs `use` on a fresh page of a fresh context, the context closed after. One deadline,
   * from the moment a context slot is ours, covers the browser's start, the context and the
   * page: a request never waits past it, though a launch it began goes on for the next one.
   */
  private async visit<T>(url: URL, opts: VisitOptions, use: (page: Page, nav: Navigation, signal: AbortSignal) => Promise<T>): Promise<T> {
    const asked = performance.now();
    let waited = 0;
    try {
      const release = await this.slots.acquire(this.opts.timeoutMs).finally(() => (waited = (performance.now() - asked) / 1000));
      const result = await this.visitWithSlot(url, opts, use, release);
      this.opts.onVisit?.('ok', waited);
      return result;
    } catch (err) {
      this.opts.onVisit?.(visitOutcome(err), waited);
      throw err;
    }
  }

  private async visitWithSlot<T>(
    url: URL,
    opts: VisitOptions,
    use: (page: Page, nav: Navigation, signal: AbortSignal) => Promise<T>,
    release: () => void,
  ): Promise<T> {
    const end = Date.now() + this.opts.timeoutMs;
    let closing: Promise<unknown> | undefined;
    let grant: ProxyGrant | undefined;
    let browser: Browser | undefined;
    try {
      const late = (what: string) => () => new NavigationError(`${what} when the deadline of ${this.opts.timeoutMs} ms came`, 'timeout');
      const starting = this.tier.kind === 'local' ? late('the browser was still starting') : () => tierDown(this.tier, 'did not answer before the deadline');
      browser = await within(this.ensure(), end - Date.now(), starting);
      // Only the header: a context locale would make Chromium send that one tag instead of the whole value.
      const lang = opts.acceptLanguage ? { extraHTTPHeaders: { 'accept-language': opts.acceptLanguage } } : {};
      const phone = opts.mobile ? { isMobile: true, hasTouch: true, userAgent: mobileUserAgent(browser.version()) } : {};
      // A remote browser was started without our proxy: each context gets it, with credentials of its own.
      const proxy = this.tier.kind === 'local' ? {} : { proxy: await this.contextProxy((grant = this.proxy.grant())) };
      const newContext = browser.newContext({
        ...lang,
        ...phone,
        ...proxy,
        viewport: opts.viewport ?? (opts.mobile ? MOBILE_VIEWPORT : DEFAULT_VIEWPORT),
        deviceScaleFactor: 1,
        colorScheme: opts.dark ? 'dark' : 'light',
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      const context = await within(newContext, end - Date.now(), late('the browser did not open a context')).catch((err: unknown) => {
        // A context that opens after the deadline is closed, not leaked.
        void newContext.then(
          (c) => c.close().catch(() => {}),
          () => {},
        );
        throw err;
      });
      try {
        return await this.withDeadline(context, end, opts.signal, async (left) => {
          const page = await context.newPage();
          // Popups render in the same context for nothing; close them as they open.
          context.on('page', (p) => void (p !== page && p.close().catch(() => {})));
          // Reads (content, screenshot) stop at the deadline too, not at Playwright's 30 s.
          page.setDefaultTimeout(left());
          return visitPage(page, url, { waitUntil: opts.waitUntil ?? 'load', delayMs: opts.delayMs ?? 0, left }, this.proxy, (nav, signal) =>
            use(page, nav, signal),
          );
        });
      } finally {
        // The answer does not wait for the context to close; its slot does, so no more than
        // `contexts` are ever open, but not for ever: a close Chromium never answers is given up.
        closing = within(context.close(), CONTEXT_CLOSE_MS, () => new Error('context close timed out')).catch(() => {
          this.opts.log?.warn({ ms: CONTEXT_CLOSE_MS }, 'a browser context did not close in time; its slot is freed');
        });
      }
    } catch (err) {
      // The browser went away under the visit (killed, crashed, its tier restarted): not the
      // page's failure but ours, and the next request reconnects.
      if (browser && !(err instanceof BrowserUnavailableError) && (await wentAway(browser, err))) throw tierDown(this.tier, 'went away during the visit');
      throw err;
    } finally {
      const done = () => {
        grant?.revoke();
        release();
      };
      if (closing) void closing.finally(done);
      else done();
    }
  }

  /** The proxy as a remote browser's context is given it: the address it reaches, and a grant's credentials. */
  private async contextProxy(grant: ProxyGrant): Promise<NonNullable<BrowserContextOptions['proxy']>> {
    const port = await this.proxy.listen();
    const listen = this.opts.proxyListen?.host ?? '127.0.0.1';
    const at = this.opts.proxyAdvertise ?? `${listen.includes(':') ? `[${listen}]` : listen}:${port}`;
    return { server: `http://${at}`, username: grant.username, password: grant.password };
  }

  /**
   * Runs fn; at the deadline (or on abort) closes the context and gives up on fn. Closing the
   * context ends most of what fn awaits, but not all: a newPage still being set up when its
   * context closes never settles in Playwright (a fresh browser's first page takes about a second
   * here, so a visit at its deadline met it in CI), so the visit does not wait for fn.
   */
  private async withDeadline<T>(context: BrowserContext, end: number, signal: AbortSignal | undefined, fn: (left: () => number) => Promise<T>): Promise<T> {
    let why: 'timeout' | 'aborted' | undefined;
    const over = new AbortController();
    const stop = (reason: 'timeout' | 'aborted') => {
      why ??= reason;
      over.abort();
      void context.close().catch(() => {});
    };
    const timer = setTimeout(() => stop('timeout'), Math.max(1, end - Date.now()));
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await raceAbort(
        fn(() => Math.max(1, end - Date.now())),
        over.signal,
        () => new Error('visit ended'),
      );
    } catch (err) {
      if (why === 'timeout' || (err instanceof Error && err.name === 'TimeoutError')) {
        throw new NavigationError(`the page did not finish within ${this.opts.timeoutMs} ms`, 'timeout');
      }
      if (why === 'aborted') throw new NavigationError('the request was cancelled', 'failed');
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The running browser, launching (once, however many ask) when there is none. */
  private ensure(): Promise<Browser> {
    if (this.closed) return Promise.reject(new BrowserUnavailableError('the browser is shutting down'));
    if (this.browser?.isConnected()) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const port = await this.proxy.listen().catch((err: Error) => {
      throw new BrowserUnavailableError(`the browser's proxy could not listen (BROWSER_PROXY_LISTEN): ${err.message}`);
    });
    const browser = await openBrowser(this.tier, port);
    this.launches++;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = undefined;
      if (!this.closed) this.opts.log?.warn({ launches: this.launches, tier: this.tier.kind }, 'the browser went away; the next request relaunches it');
    });
    if (this.closed) {
      await browser.close().catch(() => {});
      throw new BrowserUnavailableError('the browser is shutting down');
    }
    this.browser = browser;
    return browser;
  }
}

/**
 * Whether the browser is gone: disconnected, or about to be. A remote browser's pages report
 * their end before its connection does (the server sees the browser die first), so a visit
 * whose page or context closed under it waits a moment for the disconnection to follow.
 */
async function wentAway(browser: Browser, err: unknown): Promise<boolean> {
  if (!browser.isConnected()) return true;
  // The words Playwright (and explainFailure) use for a page or browser that ended, not a site's closed connection.
  if (!/browser stopped|Target .*closed|browser has been closed|Browser closed/i.test(err instanceof Error ? err.message : '')) return false;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      browser.off('disconnected', done);
      resolve();
    };
    const timer = setTimeout(done, DISCONNECT_WAIT_MS);
    browser.on('disconnected', done);
  });
  return !browser.isConnected();
}

/** Waits for an element matching selector (attached, visible or not); WaitForTimeoutError when none comes in time. */
async function waitForElement(page: Page, selector: string, timeoutMs: number): Promise<void> {
  const ms = Math.max(1, Math.floor(timeoutMs));
  try {
    await page.waitForSelector(selector, { state: 'attached', timeout: ms });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') throw new WaitForTimeoutError(selector, ms);
    throw err;
  }
}

/** A phone's user agent naming this Chromium's own version (Chrome on Android, as Pixel phones send it). */
function mobileUserAgent(version: string): string {
  const major = /^\d+/.exec(version)?.[0] ?? '120';
  return `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
}
