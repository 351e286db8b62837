// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless. Each POST gets a
// server and a transport of its own, answers in JSON (no SSE stream) and forgets everything;
// GET and DELETE (a stream, a session to end) have nothing to serve, so they answer 405.
// Every tool call is a GET of its route inside the app, as the caller (src/mcp/call.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Config } from '../config.js';
import { ApiError } from '../core/errors.js';
import { sendError } from '../core/http/error-handler.js';
import type { Caller } from '../mcp/call.js';
import { createMcpServer, toolSetOf, type ToolSet } from '../mcp/server.js';

const ALLOW = 'POST, OPTIONS';
// Only what the transport reads: it wants a web Request, and the rest of the headers would be copying for nothing.
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;
// What a tool call's inner request keeps of the MCP request: the key, and the id that ties their log lines.
const FORWARDED = ['x-api-key', 'authorization'] as const;

/**
 * The caller as the routes' guards see one: the client address the app already resolved
 * (under TRUST_PROXY, from X-Forwarded-For), so the rate limit counts a tool call against
 * the same client as its HTTP twin; no X-Forwarded-For is passed on, so none can be forged.
 */
export function callerOf(req: FastifyRequest): Caller {
  const headers: Record<string, string> = { 'x-request-id': req.id };
  for (const name of FORWARDED) {
    const v = req.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  return { ip: req.ip, headers };
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
  const server = createMcpServer(set, callerOf(req));
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

export async function registerMcp(app: FastifyInstance, config: Pick<Config, 'MCP_ENABLED'>): Promise<void> {
  if (!config.MCP_ENABLED) return;
  // The API document lists every route only once all are registered: read it when the app is ready.
  let set: ToolSet | undefined;
  app.addHook('onReady', async () => {
    set = toolSetOf(app);
  });

  // /mcp is not rate-limited itself: each tool call is counted when its route runs, as the HTTP
  // request would be, so a call costs the caller one request, not two (nor one more for the
  // GET a client tries once after initializing, to open a stream this server does not have).
  const opts = { schema: { hide: true }, config: { rateLimit: false as const } };
  app.post('/mcp', opts, (req, reply) => handlePost(set!, req, reply));
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
}
