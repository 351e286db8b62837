// A route's answer as an MCP tool result: JSON as text (one copy: see below), raster images as
// image content, anything else as text, errors as tool errors carrying the API's own message,
// and what sizing cut of a large answer (src/mcp/sizing.ts) as a second text block; a chart
// drawing ends with a resource link to the same drawing (src/mcp/resources.ts).
//
// JSON is sent once, as text, with no structuredContent. The spec (2025-06-18, tools) says a
// tool returning structured content SHOULD also return it serialized as text, so giving both
// sends every answer twice; a model reads the text, and most clients show it only. No tool
// declares an output schema (docs/decisions/mcp-sizing.md), so nothing asks for the structured
// copy. An error keeps its body as structured content: it is small, and a program reads its code.
//
// Two forms of the same result: an object, for the SDK's Server (stdio, and HTTP messages the
// direct path leaves to the SDK), and its JSON text, for the direct path of POST /mcp.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from './run.js';

/** Images MCP clients render; anything else that is not JSON comes back as text. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const mediaType = (type: string) => type.split(';')[0].trim().toLowerCase();
const textOf = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

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

/** The result of an answer. */
export function toResult(answer: Answer): CallToolResult {
  if ('error' in answer) return { isError: true, content: [{ type: 'text', text: errorText(answer.error, answer.message) }], structuredContent: answer.error };
  const type = mediaType(answer.type);
  const note = [
    ...(answer.note === undefined ? [] : [{ type: 'text' as const, text: answer.note }]),
    ...(answer.link === undefined ? [] : [{ type: 'resource_link' as const, ...answer.link }]),
  ];
  if (type === 'application/json' && answer.status >= 400) return errorResult(JSON.parse(textOf(answer.body)));
  if (answer.status >= 400) return { isError: true, content: [{ type: 'text', text: textOf(answer.body) }] };
  if (IMAGE_TYPES.has(type))
    return {
      content: [
        { type: 'image', data: (typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body).toString('base64'), mimeType: type },
        ...note,
      ],
    };
  return { content: [{ type: 'text', text: textOf(answer.body) }, ...note] };
}

/** The JSON text of toResult(answer), a success's text written without building the result object. */
export function resultJson(answer: Answer): string {
  if ('error' in answer || answer.status >= 400 || IMAGE_TYPES.has(mediaType(answer.type))) return JSON.stringify(toResult(answer));
  const note =
    (answer.note === undefined ? '' : `,{"type":"text","text":${JSON.stringify(answer.note)}}`) +
    (answer.link === undefined ? '' : `,${JSON.stringify({ type: 'resource_link', ...answer.link })}`);
  return `{"content":[{"type":"text","text":${JSON.stringify(textOf(answer.body))}}${note}]}`;
}
