// The web module's public face: the module object. It provides the pageReader port, through
// which search's deep mode reads the top results with the same SSRF rules as /fetch, and
// uses the pageRenderer port (the screenshot module's browser) for render=1.

import type { JankariModule } from '../../core/module.js';
import { firecrawlRoutes } from './firecrawl-routes.js';
import { readerRoutes } from './reader-routes.js';
import { webRoutes } from './routes.js';
import { WebService } from './service.js';

export type { FetchedPage, Format, PageLink } from './types.js';

export const webModule: JankariModule = {
  name: 'web',
  title: 'Web fetch',
  description:
    'Readable content of any public page as Markdown, text or HTML with metadata (/fetch), a page and the pages it links to (/crawl), and a link map from the page and its sitemaps (/map); /r/<url> (the Jina Reader form) and the Firecrawl scrape and map under /firecrawl. Private addresses are refused; cached 15 minutes.',
  create(ctx, ports) {
    // The ports are kept to find the pageRenderer (render=1) at request time.
    const service = new WebService(ctx, ports);
    ports.provide('pageReader', {
      // async, so a malformed URL rejects like every other failure instead of throwing at the call.
      read: async (url, opts) => service.read(service.parseUrl(url), { format: opts.format, main: opts.main, maxChars: opts.maxChars, signal: opts.signal }),
    });
    return {
      routes: (app) => {
        webRoutes(app, service);
        readerRoutes(app, service);
        firecrawlRoutes(app, service);
      },
      close: () => service.close(),
    };
  },
};
