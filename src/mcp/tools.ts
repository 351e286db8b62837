// The MCP tools of an app: one per GET route of every endpoint group, read from the API
// document the app generates from its route schemas (the same schemas that validate the
// requests), so a tool cannot disagree with its route. Nothing here lists a route by hand
// except the few that are not tools (the service's own listing and health).

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
}

export interface JsonObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: Record<string, unknown> };
type Operation = { summary?: string; description?: string; tags?: string[]; parameters?: Parameter[] };
/** The part of an OpenAPI 3.1 document read here. */
export interface ApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * Routes that are not tools: the service's own listing and health checks (about this server,
 * not about India or the web), and the /v1/ aliases of the web routes, which exist for
 * Firecrawl-style clients and would only repeat /search, /fetch, /crawl and /map.
 */
export function isTool(path: string): boolean {
  return !(path === '/' || path === '/health' || path.startsWith('/health/') || path.startsWith('/v1/'));
}

/** `/fuel/history` → `fuel_history`; `/liquor/product/{id}` → `liquor_product`; `/liquor-img/{file}` → `liquor_img`. */
export function toolName(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('{'))
    .map((part) => part.replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_');
}

/** The parameters of an operation folded back into the object schema they were split from. */
export function inputSchemaOf(parameters: readonly Parameter[]): JsonObjectSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const p of parameters) {
    if (p.in !== 'query' && p.in !== 'path') continue;
    properties[p.name] = { ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) };
    if (p.required) required.push(p.name);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}

/**
 * Every GET operation of the document that is a tool. Two routes whose paths differ only by a
 * path parameter (`/ifsc` with ?code=, and `/ifsc/{code}`) would share a name: the later one
 * is named by its parameter too (`ifsc_by_code`).
 */
export function toolsFromDocument(doc: ApiDocument): RouteTool[] {
  const tools: RouteTool[] = [];
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const op = item.get;
    if (!op || !isTool(path)) continue;
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    let name = toolName(path);
    if (taken.has(name) && pathParams.length > 0) name = `${name}_by_${pathParams.join('_')}`;
    if (taken.has(name) || name === '') throw new Error(`two routes would be the MCP tool ${name || '(unnamed)'}: rename one`);
    taken.add(name);
    // The summary, and the route's longer description when it has one (what it does not answer, say).
    const description = [op.summary, op.description].filter(Boolean).join('\n\n');
    tools.push({ name, group: op.tags?.[0] ?? '', description, inputSchema: inputSchemaOf(op.parameters ?? []), path, pathParams });
  }
  return tools;
}
