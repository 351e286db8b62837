// The API documents: OpenAPI 3.1 at /openapi.json, generated from the route schemas, and the
// reference page at /docs, rendered on the server from that document (docs-page.ts).

import swagger from '@fastify/swagger';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { keepEncodings } from '../core/http/compression.js';
import { strongEtag } from '../core/http/conditional.js';
import { publicOrigin } from '../core/http/origin.js';
import { describeDocument, namedWildcard, openapiPath, type OperationExample, type RouteDocInfo, type WildcardSchema } from '../core/http/openapi.js';
import { RawJson, sendRaw } from '../core/http/raw-json.js';
import { htmlPageHeaders } from '../core/http/response-headers.js';
import { VERSION } from '../core/version.js';
import { DOCS_CSP, type DocsDocument, docsHtml } from './docs-page.js';

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
  // The document is fixed once the app is ready: serialized, hashed and compressed once, not
  // on every request (350 KB of JSON).
  let doc: RawJson | undefined;
  app.get('/openapi.json', { schema: { hide: true }, config: { maxAgeS: 300 } }, async (_req, reply) =>
    sendRaw(reply, (doc ??= RawJson.withEtag(JSON.stringify(app.swagger())))),
  );

  // The page, like the document, is built once (per origin its curl lines name: the public
  // address when configured, else the few the instance is reached at; at most PAGES kept).
  const pages = new Map<string, { body: Buffer; etag: string }>();
  const headers = htmlPageHeaders(DOCS_CSP);
  const docsPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = publicOrigin(req, config.PUBLIC_BASE_URL);
    let page = pages.get(origin);
    if (!page) {
      const body = Buffer.from(docsHtml(app.swagger() as unknown as DocsDocument, origin));
      keepEncodings(body);
      page = { body, etag: strongEtag(body) };
      if (pages.size >= PAGES) pages.clear();
      pages.set(origin, page);
    }
    return reply.headers(headers).header('etag', page.etag).type('text/html; charset=utf-8').send(page.body);
  };
  app.get('/docs', { schema: { hide: true }, config: { maxAgeS: 300 } }, docsPage);
}

const PAGES = 4;
