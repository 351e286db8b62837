// GET /r/<url>: /fetch with the URL in the path and the options in headers (src/modules/web/reader.ts).

import { rawTail, wantsJson } from '../../core/http/header-options.js';
import type { App } from '../../core/module.js';
import { BinaryBody, ContentTypes, Type } from '../../core/schema.js';
import { type FetchParams, readOptionsOf } from './fetch-request.js';
import { asksForShot, readerHeaders, readerTarget, readerText, shotOf } from './reader.js';
import { FetchedPageSchema } from './schemas.js';
import type { WebService } from './service.js';

export function readerRoutes(app: App, service: WebService): void {
  app.get(
    '/r/*',
    {
      schema: {
        summary: 'One page read like /fetch, its URL written after /r/ as it is (query string too); options as X- headers',
        description:
          "Jina Reader's form: `GET /r/https://example.com/page?id=1`. Text (Markdown, text/markdown) unless the request says `Accept: application/json`, which gets the /fetch answer. Each /fetch parameter is a header X-<name> (X-Format, X-Main, X-Links, X-Render…); Jina's header names are accepted too. `X-Return-Format: screenshot` answers the page image (a JPEG of the first screen, rendered in the browser); in JSON it is the screenshot field, a data: URL.",
        params: Type.Object({
          '*': Type.String({ title: 'url', description: 'the page URL as written, with its own query string; or percent-encoded as a whole' }),
        }),
        headers: readerHeaders.schema,
        response: {
          200: ContentTypes('The content as text, or with Accept: application/json the /fetch answer', {
            'application/json': FetchedPageSchema,
            'text/markdown': Type.String({ description: 'the content as Markdown (text/plain for X-Format text or html)' }),
            'image/jpeg': BinaryBody('image/jpeg'),
          }),
        },
      },
      config: { envelope: 'web', apiKey: true, example: '/r/https://example.com/page-1' },
    },
    async (req, reply) => {
      const q = readerHeaders.query<FetchParams>(req, { url: readerTarget(rawTail(req, '/r/')) });
      const page = await service.read(service.parseUrl(q.url), readOptionsOf(q));
      if (page.age_s !== undefined) reply.header('age', String(page.age_s));
      if (wantsJson(req) || page.format === 'json') return page;
      // Jina answers a link to the image; this service keeps no images to link to, so the image itself.
      if (asksForShot(req.headers) && page.screenshot) {
        const shot = shotOf(page.screenshot);
        return reply.type(shot.type).send(shot.body);
      }
      const text = readerText(page);
      return reply.type(text.type).send(text.body);
    },
  );
  // /r/ with nothing after it (the router takes it as /r): the same 400 an unreadable target gets.
  app.get('/r', { schema: { hide: true }, config: { envelope: 'web', apiKey: true } }, async () => readerTarget(''));
}
