// The screenshot module: images of public pages from a headless Chromium behind the guarded
// proxy of src/lib/browser (no private address reachable, at any hop). The browser starts on
// the first request, not with the service; without one, /screenshot answers 503. It also
// provides the pageRenderer port (/fetch?render=1), so the app runs one browser, not two.

import type { JankariModule } from '../../core/module.js';
import { browserApiError } from '../../lib/browser/index.js';
import { screenshotRoutes } from './routes.js';
import { ScreenshotService } from './service.js';

export const screenshotModule: JankariModule = {
  name: 'screenshot',
  title: 'Screenshots',
  description:
    'Image of any public web page (png, jpeg or webp; viewport or full page; light or dark) from a headless browser that cannot reach private addresses; cached 15 minutes.',
  create(ctx, ports) {
    const service = new ScreenshotService(ctx);
    const pool = service.pool;
    ports.provide('pageRenderer', {
      async render(url, opts) {
        try {
          await pool.assertInstalled();
          await pool.precheck(url);
          // The network settled (500 ms without requests), within BROWSER_TIMEOUT_MS.
          // wait_for: a selector is waited for once the page settled; a delay lengthens the settling.
          const wait = opts.waitFor;
          return await pool.render(url, {
            waitUntil: 'networkidle',
            signal: opts.signal,
            mobile: opts.mobile,
            acceptLanguage: opts.lang,
            screenshot: opts.screenshot,
            ...(wait && 'selector' in wait ? { waitForSelector: wait.selector } : {}),
            ...(wait && 'ms' in wait ? { delayMs: wait.ms } : {}),
          });
        } catch (err) {
          throw browserApiError(err, url);
        }
      },
    });
    ports.provide('browserTier', { status: () => pool.status() });
    return { routes: (app) => screenshotRoutes(app, service), close: () => service.close() };
  },
};
