// The app's MCP tools: found once in the API document, each bound to its route, and how
// tools/list shows them. The SDK's server over them is in sdk-server.ts, loaded only when a
// session starts (core/lazy.ts: the SDK and its Zod schemas are a tenth of a start's CPU).

import type { FastifyInstance } from 'fastify';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { openapiPath } from '../core/http/openapi.js';
import type { BoundTool } from './call.js';
import type { RouteTable } from './routes.js';
import { RouteRun, RouteRunner, type RunRules } from './run.js';
import { toolsFromDocument, type ApiDocument } from './tools.js';
import { asksUpstream, toolsetOf } from './toolsets.js';

/** What every server of one app shares: its tools, found once, how tools/list shows them, and how calls run. */
export class ToolSet {
  readonly byName: ReadonlyMap<string, BoundTool>;
  readonly listed: Tool[];
  private readonly views = new Map<string, ToolSet>();

  constructor(
    readonly runner: RouteRunner,
    readonly tools: readonly BoundTool[],
    /**
     * One validator for every server of the set and its views (the SDK makes an Ajv instance per
     * server otherwise), made by the first server (sdk-server.ts), so that a start loads no SDK.
     */
    readonly shared: { validator?: jsonSchemaValidator } = {},
  ) {
    this.byName = new Map(tools.map((t) => [t.name, t]));
    this.listed = listedTools(tools);
  }

  /** The tools of some toolsets (src/mcp/toolsets.ts), made once per choice: a tool of another toolset is neither listed nor called. */
  select(toolsets: ReadonlySet<string>): ToolSet {
    const key = [...toolsets].sort().join(',');
    let view = this.views.get(key);
    if (!view) {
      view = new ToolSet(
        this.runner,
        this.tools.filter((t) => toolsets.has(toolsetOf(t) ?? '')),
        this.shared,
      );
      this.views.set(key, view);
    }
    return view;
  }
}

/**
 * The tools as tools/list shows them. A parameter that an earlier tool of the list already
 * describes in the same words (fetch and crawl share the reader's controls; the astrology tools
 * the birth data) is described as "as in <that tool>": a model reads the whole list, and the
 * words are paid for once.
 */
function listedTools(tools: readonly BoundTool[]): Tool[] {
  const first = new Map<string, string>();
  return tools.map((t) => {
    const properties: Record<string, Record<string, unknown>> = {};
    for (const [name, p] of Object.entries(t.inputSchema.properties)) {
      const words = p.description;
      const key = `${name}\n${words}`;
      const earlier = first.get(key);
      if (typeof words === 'string' && earlier === undefined) first.set(key, t.name);
      // Only where the reference is shorter than the words it stands for.
      const shorter = typeof words === 'string' && earlier !== undefined && `as in ${earlier}`.length < words.length;
      properties[name] = shorter ? { ...p, description: `as in ${earlier}` } : p;
    }
    return listedTool(t, { ...t.inputSchema, properties });
  });
}

/** A tool as tools/list shows it. */
function listedTool(t: BoundTool, inputSchema: Tool['inputSchema']): Tool {
  return {
    name: t.name,
    description: t.description,
    inputSchema,
    // No title: the name and description say it, and 53 titles were 1.4 KB of the list (the
    // spec makes title optional, for display). Every endpoint only reads (so destructiveHint,
    // meaningful only for a tool that writes, is left out); the same call gives the same answer
    // until the data changes. openWorldHint is said where it is false (only this server's data):
    // the spec's default is true, which is what a tool that asks a site or an API would say.
    annotations: { readOnlyHint: true, idempotentHint: true, ...(asksUpstream(t.name) ? {} : { openWorldHint: false }) },
  };
}

/**
 * The tool set of a ready app: its GET routes, read from the API document it generates, each
 * bound to the route as its module declared it (captured by `routes`), run under `rules`.
 */
export function toolSetOf(app: FastifyInstance, routes: RouteTable, rules: RunRules): ToolSet {
  const tools = toolsFromDocument(app.swagger() as ApiDocument).map((tool): BoundTool => {
    const route = routes.get(fastifyPath(tool.path));
    if (!route) throw new Error(`the API document lists GET ${tool.path}, which no module declared`);
    // A tool call's errors go through the app's error handler: a scope with one of its own is not followed.
    if (route.scope.errorHandler !== app.errorHandler)
      throw new Error(`GET ${tool.path} is in a scope with an error handler of its own, which an MCP tool call would not follow`);
    return { ...tool, route: new RouteRun(route) };
  });
  return new ToolSet(new RouteRunner(rules), tools);
}

/** `/liquor/product/{id}` → `/liquor/product/:id` (the inverse of openapiPath). */
function fastifyPath(path: string): string {
  const url = path.replace(/\{([^}]+)\}/g, ':$1');
  if (openapiPath(url) !== path) throw new Error(`cannot map ${path} back to a route path`);
  return url;
}
