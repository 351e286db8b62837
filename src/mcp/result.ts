// A route's answer as an MCP tool result: JSON as structured content plus the same JSON as text
// (the spec: a tool that returns structured content SHOULD also return it serialized, for
// clients that read only text), raster images as image content, anything else as text, and
// errors as tool errors carrying the API's own message.
//
// Two forms of the same result: an object, for the SDK's Server (stdio, and HTTP messages the
// direct path leaves to the SDK), and its JSON text, for the direct path of POST /mcp, written
// around the route's serialized answer so that answer is neither parsed nor serialized again.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from './run.js';

/** Images MCP clients render; anything else that is not JSON comes back as text. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const mediaType = (type: string) => type.split(';')[0].trim().toLowerCase();
const textOf = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

/** Whether a JSON text is an object (structured content must be one): its first non-blank character. */
function isObjectJson(json: string): boolean {
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    return c === 0x7b; // {
  }
  return false;
}

/**
 * An error's text for a model: the message, then what each upstream did (`tried`) and the next
 * step (`hint`), which a client reading only text would otherwise never see.
 */
export function errorText(body: unknown, fallback = 'the request failed'): string {
  const b = (body ?? {}) as { message?: unknown; error?: unknown; tried?: unknown; hint?: unknown };
  const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : fallback;
  const lines = [message];
  if (Array.isArray(b.tried) && b.tried.length) {
    const tried = (b.tried as { provider?: string; host?: string; reason?: string; message?: string }[]).map(
      (t) => `${t.provider}${t.host ? ` (${t.host})` : ''}: ${t.message ?? t.reason}`,
    );
    lines.push(`tried: ${tried.join('; ')}`);
  }
  if (typeof b.hint === 'string') lines.push(`hint: ${b.hint}`);
  return lines.join('\n');
}

function errorResult(body: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: errorText(body) }], structuredContent: body as Record<string, unknown> };
}

/** A JSON success: the text, and the same JSON as structured content when it is an object. */
const isJsonSuccess = (a: Answer): a is Extract<Answer, { type: string }> => 'type' in a && a.status < 400 && mediaType(a.type) === 'application/json';

/**
 * The result of an answer. `structuredErrors` false is for a tool that declares an output
 * schema: a client checks any structured content against that schema, error or not (the SDK's
 * Client.callTool does), so the error body goes in a second text block instead.
 */
export function toResult(answer: Answer, structuredErrors = true): CallToolResult {
  const result = resultOf(answer);
  if (structuredErrors || !result.isError || result.structuredContent === undefined) return result;
  return { isError: true, content: [...result.content, { type: 'text', text: JSON.stringify(result.structuredContent) }] };
}

function resultOf(answer: Answer): CallToolResult {
  if ('error' in answer) return { isError: true, content: [{ type: 'text', text: errorText(answer.error, answer.message) }], structuredContent: answer.error };
  const type = mediaType(answer.type);
  if (type === 'application/json') {
    const text = textOf(answer.body);
    const body = JSON.parse(text) as unknown;
    if (answer.status >= 400) return errorResult(body);
    const structured = body !== null && typeof body === 'object' && !Array.isArray(body) ? { structuredContent: body as Record<string, unknown> } : {};
    return { content: [{ type: 'text', text }], ...structured };
  }
  if (answer.status >= 400) return { isError: true, content: [{ type: 'text', text: textOf(answer.body) }] };
  if (IMAGE_TYPES.has(type))
    return {
      content: [{ type: 'image', data: (typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body).toString('base64'), mimeType: type }],
    };
  return { content: [{ type: 'text', text: textOf(answer.body) }] };
}

/** The JSON text of toResult(answer): the same value, with a JSON answer copied in as it was serialized. */
export function resultJson(answer: Answer, structuredErrors = true): string {
  if (!isJsonSuccess(answer)) return JSON.stringify(toResult(answer, structuredErrors));
  const json = textOf(answer.body);
  const text = `{"content":[{"type":"text","text":${JSON.stringify(json)}}]`;
  return isObjectJson(json) ? `${text},"structuredContent":${json}}` : `${text}}`;
}
