// The direct path of POST /mcp: a plain tools/call, which is nearly every POST a client sends,
// answered without building an SDK Server and transport for it. The SDK's stateless transport
// cannot be shared: it refuses a second request (two clients' JSON-RPC ids would collide in its
// response map), and a Server serves one transport at a time. Building both per POST, with the
// web Request and Response the transport speaks and its Zod parsing of the message, of the call
// and of the result, cost several times the route itself.
//
// Only a message the SDK would certainly serve the same way takes this path: the headers its
// transport checks are as it wants them, and the body is one JSON-RPC request for tools/call
// of a known tool with nothing beyond a name and an object of arguments. Everything else
// (initialize, tools/list, ping, notifications, batches, _meta, task requests, unknown tools,
// malformed messages, wrong headers) goes to the SDK, which answers it and words its errors.
// The answer is what the SDK's tools/call handler would send: the same result (src/mcp/result.ts)
// in the same JSON-RPC response, as application/json.
// A batch of such calls (distinct ids) is served the same way, under its POST's budget: the SDK
// parsed each message and each result with Zod, built a Server, a transport and web Request and
// Response per POST, and held the event loop for the parsing of a whole batch at once (a CPU
// profile of bench:hostile's batch of 100 festival calls: a fifth of the loop's busy time). Its
// answer is the SDK's: the responses in the order of the requests, a batch of one as one response.

import type { IncomingHttpHeaders } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { BoundTool } from './call.js';

/** A tools/call the direct path serves. */
export interface DirectCall {
  id: string | number;
  tool: BoundTool;
  args: Record<string, unknown>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether every key of an object is one of `allowed`. */
function onlyKeys(o: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const k in o) if (!allowed.includes(k)) return false;
  return true;
}

/** The SDK transport's checks of a POST's headers (WebStandardStreamableHTTPServerTransport.handlePostRequest). */
function headersPass(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const type = headers['content-type'];
  if (type !== 'application/json' && !isJsonContentType(type)) return false;
  const version = headers['mcp-protocol-version'];
  return version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

/** The call, when this POST is a plain tools/call the direct path may answer; else undefined (the SDK answers). */
export function directCall(headers: IncomingHttpHeaders, body: unknown, tools: ReadonlyMap<string, BoundTool>): DirectCall | undefined {
  if (!isPlainObject(body) || body.method !== 'tools/call' || body.jsonrpc !== '2.0' || !onlyKeys(body, ['jsonrpc', 'id', 'method', 'params']))
    return undefined;
  const id = body.id;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  const params = body.params;
  if (!isPlainObject(params) || !onlyKeys(params, ['name', 'arguments']) || typeof params.name !== 'string') return undefined;
  const args = params.arguments;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  const tool = tools.get(params.name);
  if (!tool || !headersPass(headers)) return undefined;
  return { id: id as string | number, tool, args: args ?? {} };
}

/** The calls, when this POST is a batch of plain tools/calls with distinct ids that the direct path may answer; else undefined (the SDK answers). */
export function directBatch(headers: IncomingHttpHeaders, body: unknown, tools: ReadonlyMap<string, BoundTool>): DirectCall[] | undefined {
  if (!Array.isArray(body) || body.length === 0) return undefined;
  const calls: DirectCall[] = [];
  const ids = new Set<string | number>();
  for (const message of body) {
    const call = directCall(headers, message, tools);
    // Two requests of one id: the SDK's answer to that is its own (its response map is keyed by id).
    if (!call || ids.has(call.id)) return undefined;
    ids.add(call.id);
    calls.push(call);
  }
  return calls;
}

/** A JSON-RPC error response, as the SDK writes one for a handler that throws (code, message, data when given). */
export const errorResponseJson = (id: string | number, code: number, message: string, data?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } });

/** The JSON-RPC response to a call, around its result's JSON text (the SDK writes result, jsonrpc, id). */
export const responseJson = (id: string | number, result: string) => `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
