// The whole service as one Fastify instance: built from a config, used in process by the
// tests (app.inject) and by server.ts. Nothing here knows about a particular module.

import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { createContext, closeContext, type ContextOverrides } from './core/context.js';
import { installErrorHandlers } from './core/http/error-handler.js';
import { installApiKeyGuard, installMethodGuard, trustProxyOption } from './core/http/guards.js';
import { corsOrigins, installResponseHeaders } from './core/http/response-headers.js';
import { RouteCatalog } from './core/http/catalog.js';
import { serializerCompiler } from './core/http/serializer.js';
import { ApiError } from './core/errors.js';
import type { AppContext, JankariModule } from './core/module.js';
import { MODULES } from './modules.js';
import { metaModule } from './modules/meta/index.js';
import { VERSION } from './core/version.js';

export interface BuildOptions extends ContextOverrides {
  /** The modules to serve (default: all of src/modules.ts). */
  modules?: readonly JankariModule[];
  /** Log level override (tests use 'silent'). */
  logLevel?: string;
  /** Where logs go (default stdout). */
  logStream?: { write(msg: string): void };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? config.LOG_LEVEL,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Keys and credentials never reach the log.
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxyOption(config.TRUST_PROXY) as boolean | string[],
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A per-request child logger carries the request id; when nothing can be logged it is
    // only garbage (pino serialises its bindings on creation), so the root logger serves.
    childLoggerFactory: (logger, bindings, opts) => (logger.level === 'silent' ? logger : logger.child(bindings, opts)),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setSerializerCompiler(serializerCompiler);
  const ctx = createContext(config, app.log, opts);
  const modules = opts.modules ?? MODULES;
  const catalog = new RouteCatalog();

  installResponseHeaders(app, corsOrigins(config.CORS_ORIGIN));
  installErrorHandlers(app);
  installMethodGuard(app);
  installApiKeyGuard(app, config.API_KEYS);

  if (config.RATE_LIMIT_MAX > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      redis: ctx.redis,
      nameSpace: `${config.CACHE_PREFIX}rl:`,
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      keyGenerator: (req) => req.ip,
      allowList: (req) => req.url === '/health',
      errorResponseBuilder: (_req, c) =>
        new ApiError('RATE_LIMITED', `too many requests: at most ${c.max} per ${Math.round(c.ttl / 1000) || 1} s; retry after ${c.after}`),
    });
  }
  if (config.MAX_EVENT_LOOP_DELAY_MS > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      pressureHandler: () => {
        throw new ApiError('NOT_READY', 'the server is overloaded; retry shortly', {}, { 'retry-after': '5' });
      },
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'jankari', version: VERSION, description: 'Read-only API about India and the web. AGPL-3.0-or-later.' },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const all = [...modules, metaModule({ modules, catalog, ctx })];
  // One migrator run over every module's migrations: the migrator checks that all applied
  // migrations are still known, so running module by module would see the others as missing.
  await ctx.db.migrate(Object.assign({}, ...all.map((m) => m.migrations ?? {})));
  for (const mod of all) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => catalog.add(mod, route));
      await mod.register(scope.withTypeProvider<TypeBoxTypeProvider>(), ctx);
    });
  }

  app.addHook('onReady', async () => {
    ctx.scheduler.start();
    for (const mod of all) {
      try {
        await mod.onReady?.(ctx);
      } catch (err) {
        app.log.error({ err, module: mod.name }, 'module start hook failed');
      }
    }
  });
  // server.close() drops only connections idle at that moment; a keep-alive connection
  // whose request finishes later would hold the process open. Tell those clients to go.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    for (const mod of all) await mod.close?.();
    await closeContext(ctx, !opts.db);
  });
  return { app, ctx };
}
