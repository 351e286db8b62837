// The MCP tools of an app: one per GET route of every endpoint group, read from the API
// document the app generates from its route schemas (the same schemas that validate the
// requests), so a tool cannot disagree with its route. Nothing here lists a route by hand
// except the few that are not tools (the service's own listing and health, two lab twins).

import { flagDescription, forModel, parameterWords, rewordedParameters, toolDescription } from './describe.js';
import { compactChoice, withoutAliases, withoutBounds } from './aliases.js';
import { SIZING_PARAMETERS } from './sizing.js';

/** One tool: what tools/list shows, and which route a call runs. */
export interface RouteTool {
  name: string;
  /** The group's title (the route's tag in the API document). */
  group: string;
  description: string;
  /** The route's query and path parameters as one JSON Schema object. */
  inputSchema: JsonObjectSchema;
  /** The route path as OpenAPI writes it: `/liquor/product/{id}`. */
  path: string;
  /** Names of the parameters that go into the path. */
  pathParams: string[];
  /** Names of the route's 0|1 flags, which the tool takes as booleans (a call sends them back as 1 or 0). */
  flags: string[];
  /** Parameters the route also takes under another name, left out of the tool (alias → the name the tool keeps). */
  aliases: Record<string, string>;
}

export interface JsonObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

type Parameter = { in: string; name: string; required?: boolean; deprecated?: boolean; description?: string; schema?: Record<string, unknown> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  /** Read only to see whether an answer can be paged: no tool declares an output schema (docs/decisions/mcp-sizing.md). */
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
/** The part of an OpenAPI 3.1 document read here. */
export interface ApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * Routes that are not tools: the service's own listing and health checks (about this server,
 * not about India or the web), and the other doors to the web routes, which exist for clients
 * written for other services and would only repeat /search, /fetch, /crawl and /map: the /v1/
 * aliases, /r/ and /s/ (Jina Reader's form, options in headers a tool call does not send) and
 * /firecrawl/ (Firecrawl's API, POST).
 */
const OTHER_DOORS = ['/v1/', '/r/', '/s/', '/firecrawl/'];
export function isTool(path: string): boolean {
  return !(path === '/' || path === '/health' || path.startsWith('/health/') || OTHER_DOORS.some((p) => path.startsWith(p)) || path in SAME_AS);
}

/**
 * Lab routes that answer what another tool answers, from the same source, with nothing a model
 * would choose them for: one tool per capability. Their HTTP routes stay. (The other lab routes
 * are tools: /lab/pincode reads a live source, /lab/weather forecasts, /lab/stocks has no twin.)
 */
const SAME_AS: Record<string, string> = {
  '/lab/forex': '/forex (latest rates only)',
  '/lab/crypto': '/crypto (the same answer, flagged experimental)',
};

/** `/fuel/history` → `fuel_history`; `/liquor/product/{id}` → `liquor_product`; `/liquor-img/{file}` → `liquor_img`. */
export function toolName(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('{'))
    .map((part) => part.replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_');
}

/** A 0|1 flag of the HTTP API (`deep=1`): the tool takes it as a boolean. */
const isFlag = (schema: Record<string, unknown> | undefined) =>
  Array.isArray(schema?.enum) && schema.enum.length === 2 && schema.enum.includes('0') && schema.enum.includes('1');

/**
 * The parameters of an operation folded back into the object schema they were split from.
 * A deprecated parameter (kept over HTTP for older clients) is left out; a 0|1 flag becomes a
 * boolean with the same default; `describe` rewrites each description (by default, as it is).
 */
export function inputSchemaOf(parameters: readonly Parameter[], describe: (text: string, flag: boolean, name: string) => string = (t) => t): JsonObjectSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const p of parameters) {
    if ((p.in !== 'query' && p.in !== 'path') || p.deprecated || p.schema?.deprecated) continue;
    const flag = isFlag(p.schema);
    // The API document gives a parameter's words beside its schema; compactChoice reads them
    // with the enum they may only list ("petrol or diesel"), so they go in together.
    const words = p.description === undefined ? {} : { description: p.description };
    // An absent flag reads as false, so only a default of true is said.
    const schema = flag
      ? { type: 'boolean', ...(p.schema?.default === '1' ? { default: true } : {}), ...words }
      : withoutBounds(compactChoice({ ...p.schema, ...words }));
    const text = schema.description;
    properties[p.name] = typeof text === 'string' ? { ...schema, description: describe(text, flag, p.name) } : schema;
    if (p.required) required.push(p.name);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** The names of an operation's 0|1 flags. */
const flagsOf = (parameters: readonly Parameter[]) => parameters.filter((p) => (p.in === 'query' || p.in === 'path') && isFlag(p.schema)).map((p) => p.name);

/**
 * Every GET operation of the document that is a tool. A route that differs from another only
 * by taking a parameter in its path (`/ifsc/{code}` beside `/ifsc` with code) is the same
 * capability: it is no tool of its own. Any other two routes that would share a name stop the
 * app. Descriptions are rewritten for a model (src/mcp/describe.ts).
 */
export function toolsFromDocument(doc: ApiDocument): RouteTool[] {
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) => (item.get && isTool(path) ? [{ path, op: item.get }] : []));
  const byPath = new Map<string, string>();
  const tools: RouteTool[] = [];
  for (const { path, op } of ops) {
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const name = toolName(path);
    const twin = tools.find((t) => t.name === name);
    if (twin && pathParams.length > 0 && sameNames(doc.paths![twin.path].get!.parameters ?? [], op.parameters ?? [])) {
      byPath.set(path, twin.name);
      continue;
    }
    if (twin || name === '') throw new Error(`two routes would be the MCP tool ${name || '(unnamed)'}: rename one`);
    byPath.set(path, name);
    tools.push({ name, group: op.tags?.[0] ?? '', description: '', inputSchema: { type: 'object', properties: {} }, path, pathParams, flags: [], aliases: {} });
  }
  // Descriptions name other tools, so they are written once every tool has its name.
  const toolOfPath = (p: string) => byPath.get(p);
  return tools.map((tool) => {
    const op = doc.paths![tool.path].get!;
    const parameters = op.parameters ?? [];
    const flags = flagsOf(parameters);
    for (const name of rewordedParameters(tool.path))
      if (!parameters.some((p) => p.name === name)) throw new Error(`src/mcp/describe.ts rewords ${name} of ${tool.path}, which takes no such parameter`);
    const describe = (text: string, flag: boolean, name: string) =>
      parameterWords(tool.path, name) ?? forModel(flag ? flagDescription(text) : text, toolOfPath, flags);
    // The summary, and the route's longer description when it has one (what it does not answer, say).
    const summary = [op.summary, op.description].filter(Boolean).join('\n\n');
    // One name per parameter (src/mcp/aliases.ts), then the two every tool takes (src/mcp/sizing.ts).
    const { schema, aliases } = withoutAliases(inputSchemaOf(parameters, describe));
    const { detail, cursor } = SIZING_PARAMETERS;
    const inputSchema = { ...schema, properties: { ...schema.properties, detail, ...(pageable(op) ? { cursor } : {}) } };
    // No output schema: the answer is JSON text a model reads, cut to a budget when it is large
    // (docs/decisions/mcp-sizing.md), and the schemas were half the bytes of the list.
    return { ...tool, description: toolDescription(tool.path, summary, toolOfPath, flags), inputSchema, flags, aliases };
  });
}

/**
 * Whether a route's answer can hold a list or a text to page with a cursor: its 200 answer has
 * an array somewhere, or is text other than JSON or an image. A tool whose answers are a few
 * fields (a vehicle mark, an IP's place) takes no cursor: 50 bytes of the list each.
 */
function pageable(op: Operation): boolean {
  const content = op.responses?.['200']?.content ?? {};
  return Object.entries(content).some(
    ([type, media]) => (type.startsWith('text/') && type !== 'text/html') || JSON.stringify(media.schema ?? {}).includes('"array"'),
  );
}

/** Whether two operations take parameters of the same names (in the path or the query). */
function sameNames(a: readonly Parameter[], b: readonly Parameter[]): boolean {
  const names = (ps: readonly Parameter[]) => ps.filter((p) => p.in === 'query' || p.in === 'path').map((p) => p.name);
  const [x, y] = [names(a), names(b)];
  return x.length === y.length && x.every((n) => y.includes(n));
}
