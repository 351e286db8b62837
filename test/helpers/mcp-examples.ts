// Each MCP tool's example call, as a model would make it: the arguments of its route's listing
// example (the landing page's JSON), by tool name. Shared by the sizing test and bench.

import type { FastifyInstance } from 'fastify';
import { openapiPath } from '../../src/core/http/openapi.js';
import type { ToolSet } from '../../src/mcp/server.js';

type Listing = { groups: { endpoints: { path: string; example?: string }[] }[] };

/** A tool's arguments from an example URL of its route (`/ifsc/{code}` and `/ifsc/SBIN0000001?x=1`). */
export function argsOf(template: string, example: string): Record<string, unknown> {
  const url = new URL(example, 'http://x');
  const names: string[] = [];
  const pattern = new RegExp(`^${template.replace(/\{([^}]+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
  const m = pattern.exec(url.pathname);
  const args: Record<string, unknown> = {};
  names.forEach((n, i) => (args[n] = decodeURIComponent(m![i + 1])));
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    args[key] = all.length === 1 ? all[0] : all;
  }
  return args;
}

/** [tool name, arguments] for every tool whose route's listing has an example. */
export async function exampleCalls(app: FastifyInstance, set: ToolSet): Promise<[string, Record<string, unknown>][]> {
  const listing = (await app.inject({ url: '/', headers: { accept: 'application/json' } })).json() as Listing;
  const byPath = new Map([...set.byName.values()].map((tool) => [tool.path, tool.name]));
  const calls: [string, Record<string, unknown>][] = [];
  for (const g of listing.groups)
    for (const e of g.endpoints) {
      const path = openapiPath(e.path);
      const name = byPath.get(path);
      if (name && e.example) calls.push([name, argsOf(path, e.example)]);
    }
  return calls;
}
