// A tool call is a GET of its route, run inside the app (app.inject): validation, the error
// catalog, the key guard, the rate limit, the SSRF guard and the caches all apply as they do
// to the same request over HTTP, and the answer becomes an MCP tool result.

import type { FastifyInstance } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBody } from '../core/errors.js';
import { describeRule } from '../core/validation.js';
import type { RouteTool } from './tools.js';

/** Who is calling: what the route's guards look at, taken from the MCP request. */
export interface Caller {
  /** The client address as the app decided it (req.ip, proxies already accounted for). */
  ip: string;
  /** x-api-key, authorization and x-request-id, when the caller sent them. */
  headers: Record<string, string>;
}

/** Images MCP clients render; anything else that is not JSON comes back as text. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type Args = Record<string, unknown>;

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** The route's URL for these arguments, or the name of a path parameter that is missing. */
export function routeUrl(tool: RouteTool, args: Args): { url: string } | { missing: string } {
  let path = tool.path;
  for (const name of tool.pathParams) {
    const v = args[name];
    if (v === undefined || v === null || v === '') return { missing: name };
    path = path.replace(`{${name}}`, encodeURIComponent(asText(v)));
  }
  const query = new URLSearchParams();
  for (const [name, v] of Object.entries(args)) {
    if (v === undefined || v === null || tool.pathParams.includes(name)) continue;
    for (const one of Array.isArray(v) ? v : [v]) query.append(name, asText(one));
  }
  const qs = query.toString();
  return { url: qs ? `${path}?${qs}` : path };
}

function errorResult(body: unknown): CallToolResult {
  const b = body as { message?: unknown; error?: unknown };
  const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : 'the request failed';
  return { isError: true, content: [{ type: 'text', text: message }], structuredContent: body as Record<string, unknown> };
}

/** An HTTP answer of the route as a tool result: JSON as structured content, images as image content. */
export function toResult(status: number, contentType: string, raw: Buffer): CallToolResult {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json') {
    const text = raw.toString('utf8');
    const body = JSON.parse(text) as unknown;
    if (status >= 400) return errorResult(body);
    // The serialized JSON as text too: clients that do not read structuredContent still get it all.
    const structured = body !== null && typeof body === 'object' && !Array.isArray(body) ? { structuredContent: body as Record<string, unknown> } : {};
    return { content: [{ type: 'text', text }], ...structured };
  }
  if (status >= 400) return { isError: true, content: [{ type: 'text', text: raw.toString('utf8') }] };
  if (IMAGE_TYPES.has(type)) return { content: [{ type: 'image', data: raw.toString('base64'), mimeType: type }] };
  return { content: [{ type: 'text', text: raw.toString('utf8') }] };
}

/** Runs one tool as its route would run for this caller. */
export async function callTool(app: FastifyInstance, tool: RouteTool, args: Args, caller: Caller): Promise<CallToolResult> {
  const target = routeUrl(tool, args);
  if ('missing' in target) {
    const rule = describeRule(target.missing, tool.inputSchema.properties[target.missing]);
    return errorResult(errorBody('standard', 'INVALID_PARAMETER', `${target.missing} is required; ${rule.message}`, { param: target.missing }));
  }
  const res = await app.inject({ method: 'GET', url: target.url, headers: caller.headers, remoteAddress: caller.ip });
  return toResult(res.statusCode, String(res.headers['content-type'] ?? ''), res.rawPayload);
}
