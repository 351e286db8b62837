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
    /** The app's OpenAPI document, served as a resource (src/mcp/resources.ts). */
    readonly document: () => unknown = () => ({}),
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
        this.document,
      );
      this.views.set(key, view);
    }
    return view;
  }
}

/**
 * The tools as tools/list shows them. A parameter that an earlier tool of the list already
 * declares in the same words and schema (fetch and crawl share the reader's controls; the
 * astrology tools the birth data) refers to it, its enum and default said once there; within a
 * tool, a partner's parameter that repeats the other's with its own name (astro_match's
 * girl_year beside boy_year) reads "as boy_year". A model reads the whole list, and the words
 * are paid for once.
 */
function listedTools(tools: readonly BoundTool[]): Tool[] {
  const first = new Map<string, string>();
  /** The parameters (name, words and schema) each tool takes. */
  const declared = new Map<string, Set<string>>();
  return tools.map((t) => {
    const properties: Record<string, Record<string, unknown>> = {};
    const keys = new Set<string>();
    declared.set(t.name, keys);
    /** Parameters that refer to an earlier tool, by their key. */
    const refers = new Map<string, string>();
    /** Parameters that repeat a partner's of this tool ("girl_year" → "boy_year"). */
    const partners = new Map<string, string>();
    for (const [name, p] of Object.entries(t.inputSchema.properties)) {
      const words = p.description;
      if (typeof words !== 'string') {
        properties[name] = p;
        continue;
      }
      const { description: _, ...shape } = p;
      const key = `${name}\n${words}\n${JSON.stringify(shape)}`;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, t.name);
      keys.add(key);
      const partner = partnerOf(name, p, t.inputSchema.properties);
      const ref = partner ? referenceTo(p, `as ${partner}`) : earlier === undefined ? p : referenceTo(p, `as in ${earlier}`);
      // Only where the reference is shorter than what it stands for.
      properties[name] = JSON.stringify(ref).length < JSON.stringify(p).length ? ref : p;
      if (partner) partners.set(name, partner);
      else if (earlier !== undefined) refers.set(key, name);
    }
    const description = withPartners(t.description, properties, partners);
    // Where several parameters are another tool's (the birth data astro's, the reader's controls
    // fetch's), the description says it once and they go without words. The tool that declares
    // the most of them is named (panchang_month's place and calendar settings are panchang's,
    // though panchang's place is itself astro's).
    const [source, names] = mostShared(refers, declared, t.name);
    if (!source || !names || names.length < MANY_REFERENCES) return listedTool(t, description, { ...t.inputSchema, properties });
    for (const name of names) {
      const { description: _, ...bare } = properties[name];
      properties[name] = bare;
    }
    return listedTool(t, sentenceAfter(description, undescribed(source)), { ...t.inputSchema, properties });
  });
}

const sentenceAfter = (text: string, sentence: string) => `${text}${/[.!?]$/.test(text) ? '' : '.'} ${sentence}`;

/**
 * Where many parameters repeat a partner's (astro_match's eleven girl_ fields), they go without
 * words and the description says so once: "girl_ parameters: as boy_." Fewer keep "as boy_year".
 */
function withPartners(description: string, properties: Record<string, Record<string, unknown>>, partners: ReadonlyMap<string, string>): string {
  const byPrefix = new Map<string, string[]>();
  for (const [name, partner] of partners) {
    const pair = `${name.split('_')[0]}_\n${partner.split('_')[0]}_`;
    byPrefix.set(pair, [...(byPrefix.get(pair) ?? []), name]);
  }
  let out = description;
  for (const [pair, names] of byPrefix) {
    if (names.length < MANY_REFERENCES) continue;
    for (const name of names) {
      const { description: _, ...bare } = properties[name];
      properties[name] = bare;
    }
    const [mine, theirs] = pair.split('\n');
    out = sentenceAfter(out, `${mine} parameters: as ${theirs}.`);
  }
  return out;
}

/** The earlier tool that declares the most of the parameters `refers` (key → name), and those parameters. */
function mostShared(refers: ReadonlyMap<string, string>, declared: ReadonlyMap<string, ReadonlySet<string>>, self: string): [string?, string[]?] {
  let best: [string?, string[]?] = [];
  for (const [tool, keys] of declared) {
    if (tool === self) continue;
    const names = [...refers].filter(([key]) => keys.has(key)).map(([, name]) => name);
    if (names.length > (best[1]?.length ?? 0)) best = [tool, names];
  }
  return best;
}

/** How many parameters referring to one tool are said once in the description instead. */
const MANY_REFERENCES = 3;
/** The sentence a description ends with when its tool's parameters without words are another tool's. */
export const undescribed = (tool: string) => `Undescribed parameters: as in ${tool}.`;

/** A parameter declared elsewhere, as a reference to it: its type (an enum's too), without the enum and default said there. */
function referenceTo(p: Record<string, unknown>, words: string): Record<string, unknown> {
  const { description: _, enum: choices, default: _default, ...rest } = p;
  return { ...(Array.isArray(choices) ? { type: typeof choices[0] } : {}), ...rest, description: words };
}

/**
 * The parameter of the same tool that `name` repeats for another partner: `girl_tz` of
 * `boy_tz` when their schemas are the same and their words differ only by the partner's name.
 */
function partnerOf(name: string, p: Record<string, unknown>, all: Record<string, Record<string, unknown>>): string | undefined {
  const m = /^([a-z]+)_(\w+)$/.exec(name);
  if (!m) return undefined;
  const [, mine, rest] = m;
  const { description: words, ...shape } = p;
  for (const [other, q] of Object.entries(all)) {
    if (other === name) break;
    const n = /^([a-z]+)_(\w+)$/.exec(other);
    if (!n || n[2] !== rest || n[1] === mine) continue;
    const { description: theirs, ...theirShape } = q;
    if (typeof theirs === 'string' && theirs.replaceAll(n[1], mine) === words && JSON.stringify(theirShape) === JSON.stringify(shape)) return other;
  }
  return undefined;
}

/** A tool as tools/list shows it. */
function listedTool(t: BoundTool, description: string, inputSchema: Tool['inputSchema']): Tool {
  return {
    name: t.name,
    description,
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
  return new ToolSet(new RouteRunner(rules), tools, {}, () => app.swagger());
}

/** `/liquor/product/{id}` → `/liquor/product/:id` (the inverse of openapiPath). */
function fastifyPath(path: string): string {
  const url = path.replace(/\{([^}]+)\}/g, ':$1');
  if (openapiPath(url) !== path) throw new Error(`cannot map ${path} back to a route path`);
  return url;
}
