// The API documents: OpenAPI 3.1 at /openapi.json, generated from the route schemas, and the
// docs UI at /docs (served from the project, no CDN), with the page headers HTML pages get.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { describeDocument, namedWildcard, openapiPath, type OperationExample, type RouteDocInfo, type WildcardSchema } from '../core/http/openapi.js';
import { RawJson, sendRaw } from '../core/http/raw-json.js';
import { docsCsp, htmlPageHeaders } from '../core/http/response-headers.js';
import { VERSION } from '../core/version.js';

/** Example requests and answers by operationId, captured by test/openapi-examples.test.ts. */
const EXAMPLES = new URL('./data/openapi-examples.json', import.meta.url);
function loadExamples(): Record<string, OperationExample> {
  return JSON.parse(readFileSync(EXAMPLES, 'utf8')) as Record<string, OperationExample>;
}

export async function registerDocs(app: FastifyInstance, config: Pick<Config, 'PUBLIC_BASE_URL' | 'API_KEYS'>): Promise<void> {
  // Filled route by route as the document is generated, then read once for the whole document.
  const infos = new Map<string, RouteDocInfo>();
  const keysRequired = config.API_KEYS.length > 0;
  const examples = loadExamples();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'jankari',
        version: VERSION,
        description: 'Read-only API about India and the web.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      // Relative unless the public address is configured: the document is then right behind any proxy.
      servers: [{ url: config.PUBLIC_BASE_URL ?? '/' }],
    },
    transform: ({ schema, url: routeUrl, route }) => {
      const cfg = (route.config ?? {}) as { envelope?: string; apiKey?: boolean; group?: string; mirrors?: string };
      const { url, schema: named } = namedWildcard(routeUrl, schema as WildcardSchema);
      for (const method of [route.method].flat()) {
        infos.set(`${method} ${openapiPath(url)}`, {
          method,
          url,
          group: cfg.group,
          web: cfg.envelope === 'web',
          keyed: cfg.apiKey === true,
          keysRequired,
          mirrors: cfg.mirrors,
        });
      }
      return { schema: named as typeof schema, url };
    },
    transformObject: (doc) =>
      describeDocument(
        ('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as Parameters<typeof describeDocument>[0],
        infos,
        keysRequired,
        examples,
      ) as never,
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
  // The document is fixed once the app is ready: serialized, hashed and compressed once, not
  // on every request (350 KB of JSON).
  let doc: RawJson | undefined;
  app.get('/openapi.json', { schema: { hide: true }, config: { maxAgeS: 300 } }, async (_req, reply) =>
    sendRaw(reply, (doc ??= RawJson.withEtag(JSON.stringify(app.swagger())))),
  );
}
