// The whole service as one Fastify instance: built from a config, used in process by the
// tests (app.inject) and by server.ts. A list of small plugins, one per concern (src/plugins);
// nothing here knows about a particular module.

import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { createContext, type ContextOverrides } from './core/context.js';
import { installErrorHandlers } from './core/http/error-handler.js';
import { installApiKeyGuard, installMethodGuard } from './core/http/guards.js';
import { installMetrics } from './core/http/metrics.js';
import { installIgnoredParams } from './core/http/param-names.js';
import { installRequestLog } from './core/http/request-log.js';
import { corsOrigins, installResponseHeaders } from './core/http/response-headers.js';
import { serializerCompiler } from './core/http/serializer.js';
import type { AppContext, JankariModule, ModuleInstance } from './core/module.js';
import { MODULES } from './modules.js';
import { installCompression } from './plugins/compress.js';
import { registerDocs } from './plugins/docs.js';
import { installLifecycle } from './plugins/lifecycle.js';
import { registerLimits } from './plugins/limits.js';
import { registerMcp } from './plugins/mcp.js';
import { captureRoutes } from './mcp/routes.js';
import type { ToolSet } from './mcp/server.js';
import { registerModules } from './plugins/modules.js';
import { lazyChildren, serverOptions } from './plugins/server-options.js';

export interface BuildOptions extends ContextOverrides {
  /** The modules to serve (default: all of src/modules.ts, the service module among them). */
  modules?: readonly JankariModule<ModuleInstance>[];
  /** Log level override (tests use 'silent'). */
  logLevel?: string;
  /** Where logs go (default stdout). */
  logStream?: { write(msg: string): void };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The instance a module made for this app (tests reach a service through it). */
  instance<I extends ModuleInstance>(mod: JankariModule<I>): I;
  /** The app's MCP tools (once it is ready): POST /mcp serves them, and `npm run mcp` over stdio. */
  mcpTools(): ToolSet;
  /**
   * Starts the data loads and catch-up runs; call once the server listens (or, without a
   * server, once the app is ready). Resolves when the module loads have ended (each reports its
   * state in ctx.loads; a failure never rejects); catch-ups go on in the background.
   */
  startLoads(): Promise<void>;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify(serverOptions(config, { level: opts.logLevel, stream: opts.logStream })).withTypeProvider<TypeBoxTypeProvider>();
  lazyChildren(app.log);
  app.setSerializerCompiler(serializerCompiler);
  const ctx = createContext(config, app.log, opts);

  // First, so it records each route as its module declared it, before plugins add hooks to routes.
  const routes = captureRoutes(app);
  installResponseHeaders(app, corsOrigins(config.CORS_ORIGIN));
  installErrorHandlers(app);
  installMethodGuard(app);
  installApiKeyGuard(app, config.API_KEYS);
  installMetrics(app, ctx.metrics, { enabled: config.METRICS_ENABLED, token: config.METRICS_TOKEN });
  installRequestLog(app);
  installIgnoredParams(app);
  installCompression(app);
  await registerLimits(app, ctx);
  await registerDocs(app, config);
  const instances = await registerModules(app, ctx, opts.modules ?? MODULES);
  const mcpTools = await registerMcp(app, ctx, routes);
  const startLoads = installLifecycle(app, ctx, instances, !opts.db);

  return {
    app,
    ctx,
    mcpTools,
    startLoads,
    instance<I extends ModuleInstance>(mod: JankariModule<I>): I {
      const made = instances.get(mod as JankariModule<ModuleInstance>);
      if (!made) throw new Error(`module ${mod.name} is not part of this app`);
      return made as I;
    },
  };
}
