// A guarded headless browser for the modules that need one (/screenshot; /fetch?render=1).
//
//   const pool = new BrowserPool({ executablePath: cfg.BROWSER_PATH, contexts: cfg.BROWSER_CONTEXTS,
//                                  timeoutMs: cfg.BROWSER_TIMEOUT_MS, allowHosts: cfg.FETCH_ALLOW_HOSTS });
//   await pool.assertInstalled();                 // 503 early when there is no browser
//   await pool.precheck(url);                     // early 400 for private targets
//   const page = await pool.render(url);          // { finalUrl, status, contentType, html, title }
//   const shot = await pool.screenshot(url, { format: 'png', viewport: { width, height } });
//   ... catch (err) { throw browserApiError(err, url) }   // 400 / 502 / 503 / 504
//   await pool.close();                           // in the module's close()
//
// Nothing starts until the first render or screenshot. With `remote` (a Playwright browser server
// or a DevTools endpoint) the pool connects instead of launching, and gives each context the
// proxy. See docs/decisions/screenshot.md and docs/decisions/browser-tier.md.

export {
  BrowserPool,
  type BrowserPoolOptions,
  type BrowserTierStatus,
  type RenderedPage,
  type Screenshot,
  type ScreenshotOptions,
  type VisitOptions,
} from './pool.js';
export type { Navigation } from './navigate.js';
export { BrowserBusyError, BrowserUnavailableError, NavigationError, browserApiError } from './errors.js';
export { browserTierArgs, chromiumArgs } from './flags.js';
export { GuardedProxy } from './proxy.js';
export { type BrowserTier, TIER_RETRY_AFTER_S } from './tier.js';
export { MAX_NAVIGATIONS } from './watch.js';
