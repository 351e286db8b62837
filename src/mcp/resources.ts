// MCP resources: what is large and stable, for clients that browse resources rather than have
// a model call a tool (issue 45). A model pays for a tool's description in every conversation
// and for its answer in context; a resource costs nothing until a client reads it, and is read
// whole. So the long reference lists (every bank, the fuel and metal locations, the liquor
// brands), the API's own OpenAPI document and the toolsets are resources, and two answers a
// client may keep or show are resource templates: a month's panchang and a chart drawing.
//
// A route resource is its tool's route run with the URI's values as arguments (src/mcp/call.ts
// runRoute): the same validation, errors, caches and rate limit as the tool, the answer whole
// (no brief cut). A resource of a toolset the server does not offer is neither listed nor read.

import { ErrorCode, McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { type BoundTool, runRoute } from './call.js';
import type { Caller } from './request.js';
import { errorText } from './result.js';
import type { RouteRunner } from './run.js';
import { isTemplate, queryNames, ROUTE_RESOURCES, type RouteResource, SCHEME, uriTemplateOf } from './resource-routes.js';
import { TOOLSETS, toolsetOf } from './toolsets.js';

/** What is not a route: the API document and the toolsets. */
const OPENAPI_URI = `${SCHEME}openapi.json`;
const TOOLSETS_URI = `${SCHEME}toolsets`;

/** The arguments of a URI for a resource, or undefined when the URI is not that resource's. */
function argumentsOf(r: RouteResource, tool: BoundTool, uri: string): Record<string, string> | { unknown: string } | undefined {
  if (!uri.startsWith(SCHEME)) return undefined;
  const [path, query = ''] = uri.slice(SCHEME.length).split(/\?(.*)/s, 2);
  const names: string[] = [];
  const pattern = new RegExp(`^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
  const m = pattern.exec(path);
  if (!m) return undefined;
  const args: Record<string, string> = { ...r.fixed };
  names.forEach((n, i) => (args[n] = decodeURIComponent(m[i + 1])));
  const allowed = isTemplate(r, tool) ? queryNames(r, tool) : [];
  for (const [k, v] of new URLSearchParams(query)) {
    if (!allowed.includes(k)) return { unknown: k };
    args[k] = v;
  }
  return args;
}

/** JSON-RPC's code for a resource that does not exist (MCP, resources: error handling). */
const RESOURCE_NOT_FOUND = -32002;

/** The resources of one choice of tools (a ToolSet): list, templates and read. */
export class Resources {
  private readonly routes: { r: RouteResource; tool: BoundTool }[];

  constructor(
    private readonly runner: RouteRunner,
    private readonly tools: ReadonlyMap<string, BoundTool>,
    /** The app's OpenAPI document. */
    private readonly document: () => unknown,
  ) {
    this.routes = ROUTE_RESOURCES.flatMap((r) => {
      const tool = tools.get(r.tool);
      return tool ? [{ r, tool }] : [];
    });
  }

  list(): Resource[] {
    return [
      {
        uri: OPENAPI_URI,
        name: 'openapi',
        description: "The HTTP API's OpenAPI 3.1 document: every route, parameter and answer schema.",
        mimeType: 'application/json',
      },
      { uri: TOOLSETS_URI, name: 'toolsets', description: 'The toolsets and the tools of each that this server offers.', mimeType: 'application/json' },
      ...this.routes
        .filter(({ r, tool }) => !isTemplate(r, tool))
        .map(({ r }) => ({ uri: `${SCHEME}${r.path}`, name: r.name, description: r.description, mimeType: r.mimeType })),
    ];
  }

  templates(): ResourceTemplate[] {
    return this.routes
      .filter(({ r, tool }) => isTemplate(r, tool))
      .map(({ r, tool }) => ({ uriTemplate: uriTemplateOf(r, tool), name: r.name, description: r.description, mimeType: r.mimeType }));
  }

  async read(uri: string, caller: Caller): Promise<ReadResourceResult> {
    if (uri === OPENAPI_URI) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(this.document()) }] };
    if (uri === TOOLSETS_URI) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(this.toolsets()) }] };
    for (const { r, tool } of this.routes) {
      const args = argumentsOf(r, tool, uri);
      if (!args) continue;
      if ('unknown' in args)
        throw new McpError(ErrorCode.InvalidParams, `${args.unknown} is no parameter of ${r.name}; it takes ${queryNames(r, tool).join(', ') || 'none'}`);
      const answer = await runRoute(this.runner, tool, args, caller);
      if ('error' in answer) throw new McpError(ErrorCode.InvalidParams, errorText(answer.error, answer.message), answer.error);
      const body = answer.body;
      const type = answer.type.split(';')[0].trim();
      if (answer.status >= 400) throw new McpError(ErrorCode.InvalidParams, typeof body === 'string' ? body : body.toString('utf8'));
      // Text (JSON, SVG, iCalendar) as text; anything else (a PNG) as its bytes.
      const text = type.startsWith('text/') || type.endsWith('json') || type.endsWith('+xml');
      return {
        contents: [
          text
            ? { uri, mimeType: type, text: typeof body === 'string' ? body : body.toString('utf8') }
            : { uri, mimeType: type, blob: (typeof body === 'string' ? Buffer.from(body) : body).toString('base64') },
        ],
      };
    }
    throw new McpError(RESOURCE_NOT_FOUND, `no resource ${uri}; resources/list and resources/templates/list name them`, { uri });
  }

  /** Every toolset, with the tools of it this server offers (none for a toolset it does not). */
  private toolsets(): { toolsets: Record<string, string[]> } {
    const toolsets: Record<string, string[]> = Object.fromEntries(TOOLSETS.map((t) => [t, []]));
    for (const tool of this.tools.values()) toolsets[toolsetOf(tool) ?? '']?.push(tool.name);
    return { toolsets };
  }
}
