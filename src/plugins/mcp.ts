// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (answered by
// src/mcp/post.ts, loaded on the first POST). GET and DELETE (a stream,
// a session to end) have nothing to serve, so they answer 405. Every tool call runs its route's
// GET inside this request, as the caller, under the route's rules (src/mcp/run.ts).

import compress from '@fastify/compress';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { methodNotAllowed } from '../core/errors.js';
import { apiErrorOf, sendError } from '../core/http/error-handler.js';
import { apiKeyRule } from '../core/http/guards.js';
import { logsRequests } from '../core/http/request-log.js';
import type { AppContext } from '../core/module.js';
import { lazy } from '../core/lazy.js';
import { BatchBudget } from '../mcp/budget.js';
import type { RouteTable } from '../mcp/routes.js';
import { rpcError } from '../mcp/rpc-error.js';
import type { RunRules } from '../mcp/run.js';
import { toolSetOf, type ToolSet } from '../mcp/server.js';
import { toolsetsIn, unknownToolset } from '../mcp/toolsets.js';
import { ConfigError } from '../config.js';

const ALLOW = 'POST, OPTIONS';
// What answers a POST, with the SDK: loaded by the first one (core/lazy.ts), not at start.
const post = lazy(() => import('../mcp/post.js'));

/** The rules a tool call meets in this app: the same key rule, limiter, metrics and request log as its route over HTTP. */
function rulesOf(app: FastifyInstance, ctx: AppContext): RunRules {
  const limiter = app as FastifyInstance & { rateLimit?: () => RunRules['limit'] };
  return {
    key: apiKeyRule(ctx.config.API_KEYS),
    // The limiter's own hook, as the plugin puts on every route: same store, key and message.
    limit: app.hasDecorator('rateLimit') ? limiter.rateLimit!() : undefined,
    metrics: ctx.config.METRICS_ENABLED ? ctx.metrics : undefined,
    requestLog: logsRequests(app.log) ? app.log : undefined,
    work: ctx.work,
  };
}

/** Body failures Fastify raises before the handler, in JSON-RPC as the SDK's transport words them: [HTTP status, JSON-RPC code, message]. */
const BODY_FAILURES: Record<string, [number, number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, -32700, 'Parse error: Invalid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, -32700, 'Parse error: Invalid JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, -32000, 'Payload Too Large: the message is larger than the server reads'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, -32000, 'Unsupported Media Type: Content-Type must be application/json'],
};

/** /mcp's error handler: a body that cannot be read is a JSON-RPC error; anything else (the load guard's 503) as on every route. */
function mcpErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = typeof err.code === 'string' ? BODY_FAILURES[err.code] : undefined;
  if (failure) return rpcError(reply, ...failure);
  return sendError(req, reply, apiErrorOf(err, req));
}

/**
 * The app's MCP tools (for `npm run mcp` too), and POST /mcp when MCP_ENABLED. `routes` is the
 * table of routes as declared (src/mcp/routes.ts). The tools are read from the API document on
 * first use (the first POST /mcp; `npm run mcp` before it connects), never in a start-up hook:
 * building that document takes a second of CPU, many on a busy host, and Fastify's hooks have a
 * fixed timeout. A route that cannot be a tool fails the MCP tests (test/mcp.test.ts).
 */
export async function registerMcp(app: FastifyInstance, ctx: AppContext, routes: RouteTable): Promise<() => ToolSet> {
  let set: ToolSet | undefined;
  const tools = () => (set ??= toolSetOf(app, routes, rulesOf(app, ctx)));
  if (!ctx.config.MCP_ENABLED) return tools;
  const deployment = toolsetsIn(ctx.config.MCP_TOOLSETS);
  if ('unknown' in deployment) throw new ConfigError('MCP_TOOLSETS', unknownToolset(deployment.unknown));
  const offered = deployment.toolsets;
  const limits = { concurrency: ctx.config.MCP_BATCH_CONCURRENCY, timeMs: ctx.config.MCP_BATCH_TIME_MS, outputBytes: ctx.config.MCP_BATCH_OUTPUT_BYTES };
  const newBudget = () => new BatchBudget(limits, () => ctx.now().getTime());

  // /mcp is not rate-limited itself: each tool call is counted when its route runs, as the HTTP
  // request would be, so a call costs the caller one request, not two (nor one more for the
  // GET a client tries once after initializing, to open a stream this server does not have).
  const opts = { schema: { hide: true }, config: { rateLimit: false as const } };
  // The one route that reads a request body: a gzip, deflate or Brotli body is inflated first,
  // by @fastify/compress registered in a scope of this route alone (answers are compressed by
  // src/plugins/compress.ts; the plugin registered app-wide put a hook on every route).
  await app.register(async (scope) => {
    await scope.register(compress, { global: false });
    scope.post('/mcp', { ...opts, decompress: {}, errorHandler: mcpErrorHandler }, (req, reply) => {
      // The client's toolsets (/mcp?toolsets=astro,panchang), within what this deployment offers.
      const asked = (req.query as Record<string, unknown>).toolsets;
      if (asked === undefined) return post().then(({ handlePost }) => handlePost(tools().select(offered), newBudget, req, reply));
      const chosen = toolsetsIn(Array.isArray(asked) ? asked.join(',') : String(asked));
      if ('unknown' in chosen) return rpcError(reply, 400, -32602, `Invalid params: toolsets: ${unknownToolset(chosen.unknown)}`);
      const missing = [...chosen.toolsets].find((t) => !offered.has(t));
      if (missing) return rpcError(reply, 400, -32602, `Invalid params: toolsets: ${missing} is not offered by this server (its MCP_TOOLSETS)`);
      return post().then(({ handlePost }) => handlePost(tools().select(chosen.toolsets), newBudget, req, reply));
    });
  });
  const refuse = (req: FastifyRequest, reply: FastifyReply) =>
    sendError(
      req,
      reply,
      methodNotAllowed(
        `${req.method} is not allowed on /mcp: it is stateless Streamable HTTP (no stream, no session); send JSON-RPC messages with POST`,
        ALLOW,
      ),
    );
  app.get('/mcp', opts, refuse);
  app.delete('/mcp', opts, refuse);
  // Browser clients preflight their POST; the app-wide OPTIONS route only allows GET.
  app.options('/mcp', { schema: { hide: true } }, (req, reply) => {
    if (req.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', ALLOW).header('access-control-max-age', '7200');
      const asked = req.headers['access-control-request-headers'];
      if (asked !== undefined) reply.header('access-control-allow-headers', asked).header('vary', 'Origin, Access-Control-Request-Headers');
    }
    return reply.code(204).header('allow', ALLOW).send();
  });
  return tools;
}
