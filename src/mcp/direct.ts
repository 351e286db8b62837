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

/** The JSON-RPC response to a call, around its result's JSON text (the SDK writes result, jsonrpc, id). */
export const responseJson = (id: string | number, result: string) => `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
