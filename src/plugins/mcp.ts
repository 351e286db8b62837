// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless. A plain tools/call is
// answered directly (src/mcp/direct.ts); any other message gets an SDK server and transport of
// its own, answered in JSON (no SSE stream), then both are forgotten. GET and DELETE (a stream,
// a session to end) have nothing to serve, so they answer 405. Every tool call runs its route's
// GET inside this request, as the caller, under the route's rules (src/mcp/run.ts).

import compress from '@fastify/compress';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { methodNotAllowed } from '../core/errors.js';
import { apiErrorOf, sendError } from '../core/http/error-handler.js';
import { apiKeyRule } from '../core/http/guards.js';
import { logsRequests } from '../core/http/request-log.js';
import type { AppContext } from '../core/module.js';
import { BatchBudget, BudgetExceeded } from '../mcp/budget.js';
import { callTool } from '../mcp/call.js';
import { directBatch, directCall, errorResponseJson, responseJson, type DirectCall } from '../mcp/direct.js';
import { excessOf, MESSAGE_MAX_DEPTH } from '../mcp/limits.js';
import { resultJson } from '../mcp/result.js';
import type { RouteTable } from '../mcp/routes.js';
import type { Caller } from '../mcp/request.js';
import type { RunRules } from '../mcp/run.js';
import { createMcpServer, toolSetOf, type ToolSet } from '../mcp/server.js';
import { toolsetsIn, unknownToolset } from '../mcp/toolsets.js';
import { ConfigError } from '../config.js';

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
    work: ctx.work,
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

/** A JSON-RPC error, as the SDK's transport writes the ones it answers before reading a request (id null). */
const rpcError = (reply: FastifyReply, status: number, code: number, message: string, id: string | number | null = null) =>
  reply
    .code(status)
    .header('content-type', 'application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));

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

/** What a client reads of a failure that is ours: the request id to quote, never the error's own text. */
const internalMessage = (req: FastifyRequest) => `internal error; the request id is ${req.id}`;

async function handlePost(set: ToolSet, newBudget: () => BatchBudget, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  // Checked before directCall, the SDK or a tool reads the message: none of them can then meet
  // a nesting deep enough to overflow a recursive walk (src/mcp/limits.ts). Invalid Request, in
  // the words and with the status the SDK's transport gives a message it refuses.
  const excess = excessOf(req.body, MESSAGE_MAX_DEPTH);
  if (excess) return rpcError(reply, 400, -32600, `Invalid Request: the message is nested deeper than ${excess.limit} levels`);
  // The MCP request is the caller as the route's rules see one: its id, its headers (the key),
  // its logger, and the client address the app already resolved (under TRUST_PROXY, from
  // X-Forwarded-For), so the rate limit counts a tool call against the same client as its GETs.
  const caller: Caller = req;
  const call = directCall(req.headers, req.body, set.byName);
  if (call) {
    try {
      const answer = await callTool(set.runner, call.tool, call.args, caller);
      return reply.header('content-type', 'application/json').send(responseJson(call.id, resultJson(answer)));
    } catch (err) {
      // The route's own failures are tool results already (src/mcp/run.ts); this is a bug of
      // the MCP layer, answered as the SDK answers a handler that throws: a JSON-RPC error.
      req.log.error({ err }, 'MCP tool call failed');
      return rpcError(reply, 200, -32603, internalMessage(req), call.id);
    }
  }
  const batch = directBatch(req.headers, req.body, set.byName);
  if (batch) return reply.header('content-type', 'application/json').send(await answerBatch(set, newBudget(), batch, caller, req));
  // Everything else, other batches among it, goes to the SDK, with one budget for all the calls of this POST.
  const server = createMcpServer(set, () => caller, newBudget());
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  let res: Response;
  try {
    await server.connect(transport);
    // In JSON mode the Response comes once every request of the POST is answered: nothing is left
    // running, so server and transport are simply dropped. (Closing them would only clear their
    // empty maps, and builds a "connection closed" error, stack and all, on every request.)
    res = await transport.handleRequest(webRequest(req), { parsedBody: req.body });
  } catch (err) {
    // The SDK answers what it refuses itself; a throw here is a bug, still answered in JSON-RPC.
    req.log.error({ err }, 'MCP message failed');
    return rpcError(reply, 200, -32603, internalMessage(req));
  }
  reply.code(res.status);
  res.headers.forEach((value, name) => reply.header(name, value));
  return reply.send(res.body ? await res.text() : undefined);
}

/**
 * A batch of plain tools/calls under one budget, answered as the SDK answers a batch (src/mcp/direct.ts):
 * each call's response or JSON-RPC error, in the order of the requests; a batch of one as one response.
 */
async function answerBatch(set: ToolSet, budget: BatchBudget, calls: DirectCall[], caller: Caller, req: FastifyRequest): Promise<string> {
  const responses = await Promise.all(
    calls.map(async (call) => {
      try {
        const result = await budget.run(async () => {
          const json = resultJson(await callTool(set.runner, call.tool, call.args, caller));
          return { value: json, bytes: Buffer.byteLength(json) };
        });
        return responseJson(call.id, result);
      } catch (err) {
        if (err instanceof BudgetExceeded) return errorResponseJson(call.id, err.code, err.message, err.data);
        req.log.error({ err }, 'MCP tool call failed');
        return errorResponseJson(call.id, -32603, internalMessage(req));
      }
    }),
  );
  return responses.length === 1 ? responses[0]! : `[${responses.join(',')}]`;
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
      if (asked === undefined) return handlePost(tools().select(offered), newBudget, req, reply);
      const chosen = toolsetsIn(Array.isArray(asked) ? asked.join(',') : String(asked));
      if ('unknown' in chosen) return rpcError(reply, 400, -32602, `Invalid params: toolsets: ${unknownToolset(chosen.unknown)}`);
      const missing = [...chosen.toolsets].find((t) => !offered.has(t));
      if (missing) return rpcError(reply, 400, -32602, `Invalid params: toolsets: ${missing} is not offered by this server (its MCP_TOOLSETS)`);
      return handlePost(tools().select(chosen.toolsets), newBudget, req, reply);
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
