// One POST /mcp, stateless. A plain tools/call is answered directly (direct.ts); any other
// message gets an SDK server and transport of its own, answered in JSON (no SSE stream), then
// both are forgotten. Loaded by the first POST (src/plugins/mcp.ts): the SDK is not needed to start.

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BatchBudget, BudgetExceeded } from './budget.js';
import { callTool } from './call.js';
import { directBatch, directCall, errorResponseJson, responseJson, type DirectCall } from './direct.js';
import { excessOf, MESSAGE_MAX_DEPTH } from './limits.js';
import type { Caller } from './request.js';
import { resultJson } from './result.js';
import { rpcError } from './rpc-error.js';
import { createMcpServer } from './sdk-server.js';
import type { ToolSet } from './server.js';

// Only what the transport reads: it wants a web Request, and the rest of the headers would be copying for nothing.
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const v = req.headers[name];
    if (typeof v === 'string') headers.set(name, v);
  }
  return new Request('http://jankari.local/mcp', { method: 'POST', headers });
}

/** What a client reads of a failure that is ours: the request id to quote, never the error's own text. */
const internalMessage = (req: FastifyRequest) => `internal error; the request id is ${req.id}`;

export async function handlePost(set: ToolSet, newBudget: () => BatchBudget, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
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
