// The GET routes as their modules declared them, kept so that an MCP tool call can run its
// route's own handler (src/mcp/run.ts). Captured by an onRoute hook that app.ts installs before
// any plugin that adds hooks of its own to routes (the rate limit), so what a
// route's options hold at that moment is what its module wrote.

import type { FastifyInstance, RouteOptions } from 'fastify';

/** Fastify's route-level hooks. A tool call runs none of them, so a route that declares one is not a tool. */
const ROUTE_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;

/** One GET route: its options (read once the app is ready, when every onRoute hook has had its say) and its scope. */
export interface DeclaredRoute {
  /** The route's options object: Fastify reads the same one (config, schema, handler). */
  readonly options: RouteOptions;
  /** The encapsulated instance the route was declared in: its handler's `this`, its schema compilers. */
  readonly scope: FastifyInstance;
  /** The hooks the route declared itself. */
  readonly ownHooks: readonly string[];
}

export class RouteTable {
  private readonly byUrl = new Map<string, DeclaredRoute>();

  add(scope: FastifyInstance, options: RouteOptions): void {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    if (!methods.includes('GET')) return;
    const ownHooks = ROUTE_HOOKS.filter((h) => options[h] !== undefined && options[h] !== null && !(Array.isArray(options[h]) && options[h].length === 0));
    this.byUrl.set(options.url, { options, scope, ownHooks });
  }

  /** The GET route at a Fastify path (`/liquor/product/:id`). */
  get(url: string): DeclaredRoute | undefined {
    return this.byUrl.get(url);
  }
}

/** Starts recording the app's GET routes; call it before registering plugins that add route hooks. */
export function captureRoutes(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.addHook('onRoute', function (this: FastifyInstance, options) {
    table.add(this, options);
  });
  return table;
}
