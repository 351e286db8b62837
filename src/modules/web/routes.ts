// Route table of the web module: /fetch, /crawl, /map and their /v1 aliases.

import type { App } from '../../core/module.js';
import { isOn } from '../../core/schema.js';
import { CrawlQuery, CrawlResponse, FetchedPageSchema, FetchQuery, MapQuery, MapResponse } from './schemas.js';
import type { WebService } from './service.js';
import { readerControls } from './controls.js';

const web = { envelope: 'web' as const, apiKey: true };

export function webRoutes(app: App, service: WebService): void {
  for (const prefix of ['', '/v1']) {
    const alias = prefix ? ' (versioned alias)' : '';
    app.get(
      `${prefix}/fetch`,
      {
        schema: { summary: `Readable content and metadata of one public web page${alias}`, querystring: FetchQuery, response: { 200: FetchedPageSchema } },
        config: { ...web, example: `${prefix}/fetch?url=example.com&format=markdown` },
      },
      async (req, reply) => {
        const q = req.query;
        const page = await service.read(service.parseUrl(q.url), {
          format: q.format,
          main: isOn(q.main),
          maxChars: q.max,
          links: isOn(q.links),
          render: isOn(q.render),
          pdf: isOn(q.pdf),
          ...readerControls(q),
        });
        if (page.age_s !== undefined) reply.header('age', String(page.age_s));
        return page;
      },
    );
    app.get(
      `${prefix}/crawl`,
      {
        schema: { summary: `A page plus up to 10 pages it links to, each read like /fetch${alias}`, querystring: CrawlQuery, response: { 200: CrawlResponse } },
        config: { ...web, example: `${prefix}/crawl?url=example.com&limit=3` },
      },
      async (req, reply) => {
        const q = req.query;
        const out = await service.crawl(service.parseUrl(q.url), {
          format: q.format,
          main: isOn(q.main),
          maxChars: q.max,
          links: isOn(q.links),
          render: isOn(q.render),
          pdf: isOn(q.pdf),
          limit: q.limit,
          sameHost: isOn(q.same_host),
          ...readerControls(q),
        });
        if (out.age_s !== undefined) reply.header('age', String(out.age_s));
        return out;
      },
    );
    app.get(
      `${prefix}/map`,
      {
        schema: { summary: `Links of a page and its site's sitemaps${alias}`, querystring: MapQuery, response: { 200: MapResponse } },
        config: { ...web, example: `${prefix}/map?url=example.com&limit=100` },
      },
      async (req) => {
        const q = req.query;
        return service.map(service.parseUrl(q.url), { limit: q.limit, sameHost: isOn(q.same_host) });
      },
    );
  }
}
