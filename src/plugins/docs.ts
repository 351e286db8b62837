// The API documents: OpenAPI 3.1 at /openapi.json, generated from the route schemas, and the
// docs UI at /docs (served from the project, no CDN), with the page headers HTML pages get.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { docsCsp, htmlPageHeaders } from '../core/http/response-headers.js';
import { VERSION } from '../core/version.js';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'jankari', version: VERSION, description: 'Read-only API about India and the web. AGPL-3.0-or-later.' },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    },
  });
  const page = htmlPageHeaders('');
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
    uiHooks: {
      onRequest: (_req, reply, done) => {
        reply.header('x-frame-options', page['x-frame-options']).header('referrer-policy', page['referrer-policy']);
        done();
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
