// Route table of the screenshot module: the image itself, with its content type.

import type { App } from '../../core/module.js';
import { ScreenshotAnswers, ScreenshotQuery } from './schemas.js';
import type { ScreenshotService } from './service.js';

export function screenshotRoutes(app: App, service: ScreenshotService): void {
  app.get(
    '/screenshot',
    {
      schema: {
        summary: 'Image of a public web page rendered by a headless browser (png, jpeg or webp; viewport or full page; light or dark)',
        querystring: ScreenshotQuery,
        response: { 200: ScreenshotAnswers },
      },
      config: { envelope: 'web', apiKey: true, maxAgeS: 900, example: '/screenshot?url=example.com&width=1280&height=800' },
    },
    async (req, reply) => {
      const { shot, cached, stale } = await service.shoot(req.query);
      return reply
        .header('etag', shot.etag)
        .header('x-cache', stale ? 'stale' : cached ? 'hit' : 'miss')
        .header('x-final-url', shot.finalUrl)
        .header('last-modified', new Date(shot.takenAt).toUTCString())
        .type(shot.contentType)
        .send(Buffer.from(shot.body, 'base64'));
    },
  );
}
