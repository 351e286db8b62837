// The web module's public face: the module object, and the page reader other modules use
// (search's deep mode reads the top results through it, with the same SSRF rules).

import type { AppContext, JankariModule } from '../../core/module.js';
import { webRoutes } from './routes.js';
import { WebService } from './service.js';
import type { FetchedPage } from './types.js';

export type { FetchedPage, Format, PageLink } from './types.js';

// One service per app context (tests build several apps in one process).
const services = new WeakMap<AppContext, WebService>();

function serviceFor(ctx: AppContext): WebService {
  let s = services.get(ctx);
  if (!s) {
    s = new WebService(ctx);
    services.set(ctx, s);
  }
  return s;
}

export interface PageReader {
  /** Reads one page; throws an ApiError (BLOCKED_URL, UNSUPPORTED_CONTENT, UPSTREAM_*) on failure. */
  read(url: string, opts: { format: 'markdown' | 'text'; main: boolean; maxChars: number; signal?: AbortSignal }): Promise<FetchedPage>;
}

export function createPageReader(ctx: AppContext): PageReader {
  const service = serviceFor(ctx);
  return {
    read: (url, opts) => service.read(service.parseUrl(url), { format: opts.format, main: opts.main, maxChars: opts.maxChars, signal: opts.signal }),
  };
}

export const webModule: JankariModule = {
  name: 'web',
  title: 'Web fetch',
  description: 'Readable content of any public page as Markdown, text or HTML with metadata (/fetch), a page and the pages it links to (/crawl), and a link map from the page and its sitemaps (/map). Private addresses are refused; cached 15 minutes.',
  register(app, ctx) {
    webRoutes(app, serviceFor(ctx));
    app.addHook('onClose', async () => {
      await services.get(ctx)?.close();
      services.delete(ctx);
    });
  },
};
