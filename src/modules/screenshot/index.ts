// The screenshot module: images of public pages from a headless Chromium behind the guarded
// proxy of src/lib/browser (no private address reachable, at any hop). The browser starts on
// the first request, not with the service; without one, /screenshot answers 503.

import type { JankariModule } from '../../core/module.js';
import { screenshotRoutes } from './routes.js';
import { ScreenshotService } from './service.js';

export const screenshotModule: JankariModule = {
  name: 'screenshot',
  title: 'Screenshots',
  description: 'Image of any public web page (png, jpeg or webp; viewport or full page; light or dark) from a headless browser that cannot reach private addresses; cached 15 minutes.',
  create(ctx) {
    const service = new ScreenshotService(ctx);
    return { routes: (app) => screenshotRoutes(app, service), close: () => service.close() };
  },
};
