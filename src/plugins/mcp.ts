// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless. A plain tools/call is
// answered directly (src/mcp/direct.ts); any other message gets an SDK server and transport of
// its own, answered in JSON (no SSE stream), then both are forgotten. GET and DELETE (a stream,
// a session to end) have nothing to serve, so they answer 405. Every tool call runs its route's
// GET inside this request, as the caller, under the route's rules (src/mcp/run.ts).

import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError } from '../core/errors.js';
import { sendError } from '../core/http/error-handler.js';
import { apiKeyRule } from '../core/http/guards.js';
import { logsRequests } from '../core/http/request-log.js';
import type { AppContext } from '../core/module.js';
import { callTool } from '../mcp/call.js';
import { directCall, responseJson } from '../mcp/direct.js';
import { resultJson } from '../mcp/result.js';
import type { RouteTable } from '../mcp/routes.js';
import type { Caller } from '../mcp/request.js';
import type { RunRules } from '../mcp/run.js';
import { createMcpServer, toolSetOf, type ToolSet } from '../mcp/server.js';

const ALLOW = 'POST, OPTIONS';
// Only what the transport reads: it wants a web Request, and the rest of the headers would be copying for nothing.
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

/** The rules a tool call meets in this app: the same key rule, limiter, metrics and request log as its route over HTTP. */
function rulesOf(app: FastifyInstance, ctx: AppContext): RunRules {
  const limiter = app as FastifyInstance & { rateLimit?: () => RunRules['limit'] };
  return {
    key: apiKeyRule(ctx.config.API_KEYS),
    // The limiter's own hook, as the plugin puts on every route: same store, key and message.
    limit: app.hasDecorator('rateLimit') ? limiter.rateLimit!() : undefined,
    metrics: ctx.config.METRICS_ENABLED ? ctx.metrics : undefined,
    requestLog: logsRequests(app.log) ? app.log : undefined,
  };
}

function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const v = req.headers[name];
    if (typeof v === 'string') headers.set(name, v);
  }
  return new Request('http://jankari.local/mcp', { method: 'POST', headers });
}

async function handlePost(set: ToolSet, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  // The MCP request is the caller as the route's rules see one: its id, its headers (the key),
  // its logger, and the client address the app already resolved (under TRUST_PROXY, from
  // X-Forwarded-For), so the rate limit counts a tool call against the same client as its GETs.
  const caller: Caller = req;
  const call = directCall(req.headers, req.body, set.byName);
  if (call) {
    const answer = await callTool(set.runner, call.tool, call.args, caller);
    return reply.header('content-type', 'application/json').send(responseJson(call.id, resultJson(answer)));
  }
  const server = createMcpServer(set, () => caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // In JSON mode the Response comes once every request of the POST is answered: nothing is left
  // running, so server and transport are simply dropped. (Closing them would only clear their
  // empty maps, and builds a "connection closed" error, stack and all, on every request.)
  const res = await transport.handleRequest(webRequest(req), { parsedBody: req.body });
  reply.code(res.status);
  res.headers.forEach((value, name) => reply.header(name, value));
  return reply.send(res.body ? await res.text() : undefined);
}

/**
 * The app's MCP tools (for `npm run mcp` too), and POST /mcp when MCP_ENABLED. `routes` is the
 * table of routes as declared (src/mcp/routes.ts). The tools are read once the app is ready,
 * when the API document lists every route; a route that cannot be a tool stops the start.
 */
export async function registerMcp(app: FastifyInstance, ctx: AppContext, routes: RouteTable): Promise<() => ToolSet> {
  let set: ToolSet | undefined;
  const tools = () => (set ??= toolSetOf(app, routes, rulesOf(app, ctx)));
  if (!ctx.config.MCP_ENABLED) return tools;
  app.addHook('onReady', async () => {
    tools();
  });

  // /mcp is not rate-limited itself: each tool call is counted when its route runs, as the HTTP
  // request would be, so a call costs the caller one request, not two (nor one more for the
  // GET a client tries once after initializing, to open a stream this server does not have).
  const opts = { schema: { hide: true }, config: { rateLimit: false as const } };
  // The one route that reads a request body: a gzip, deflate or Brotli body is inflated first,
  // by @fastify/compress registered in a scope of this route alone (answers are compressed by
  // src/plugins/compress.ts; the plugin registered app-wide put a hook on every route).
  await app.register(async (scope) => {
    await scope.register(compress, { global: false });
    scope.post('/mcp', { ...opts, decompress: {} }, (req, reply) => handlePost(tools(), req, reply));
  });
  const refuse = (req: FastifyRequest, reply: FastifyReply) =>
    sendError(req, reply, new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on /mcp: it is stateless Streamable HTTP (no stream, no session); send JSON-RPC messages with POST`, {}, { allow: ALLOW }));
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
