// Every route, as registered, grouped by module: the landing listing and the docs are
// built from the same schemas that validate requests, so they cannot disagree.

import type { RouteOptions } from 'fastify';
import { namedWildcard, type WildcardSchema } from './openapi.js';

/** What the listing shows of a group (a module's name, title and description). */
export type GroupMeta = Pick<GroupInfo, 'name' | 'title' | 'description'>;

export interface ParamInfo {
  name: string;
  type: string;
  required: boolean;
  default?: unknown;
  rule?: string;
}

export interface EndpointInfo {
  path: string;
  summary: string;
  params: ParamInfo[];
  example?: string;
}

export interface GroupInfo {
  name: string;
  title: string;
  description: string;
  endpoints: EndpointInfo[];
}

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema & { default?: unknown; enum?: unknown[]; anyOf?: { const?: unknown }[] }>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
  deprecated?: boolean;
};

function ruleOf(s: JsonSchema & { enum?: unknown[]; anyOf?: { const?: unknown }[] }): string | undefined {
  const values = s.enum ?? (s.anyOf?.every((x) => x.const !== undefined) ? s.anyOf.map((x) => x.const) : undefined);
  if (values) return `one of ${values.join(', ')}`;
  if (s.minimum !== undefined || s.maximum !== undefined) return `${s.minimum ?? ''} to ${s.maximum ?? ''}`.trim();
  if (s.minLength !== undefined || s.maxLength !== undefined) return `${s.minLength ?? 0} to ${s.maxLength ?? '∞'} characters`;
  return s.description;
}

export class RouteCatalog {
  private readonly groups = new Map<string, GroupInfo>();

  add(mod: GroupMeta, route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A wildcard route (/r/*) is listed as its documents show it (/r/:url), so its form fills the path.
    const named = namedWildcard(route.url, route.schema as WildcardSchema);
    const schema = named.schema as { hide?: boolean; summary?: string; querystring?: JsonSchema; params?: JsonSchema } | undefined;
    if (!methods.includes('GET') || schema?.hide) return;
    let g = this.groups.get(mod.name);
    if (!g) {
      g = { name: mod.name, title: mod.title, description: mod.description, endpoints: [] };
      this.groups.set(mod.name, g);
    }
    const params: ParamInfo[] = [];
    for (const part of [schema?.params, schema?.querystring]) {
      for (const [name, p] of Object.entries(part?.properties ?? {})) {
        // A deprecated parameter (kept for older clients, answering only why it went) gets no form field.
        if (p.deprecated) continue;
        params.push({ name, type: p.type ?? 'string', required: part?.required?.includes(name) ?? false, default: p.default, rule: ruleOf(p) });
      }
    }
    g.endpoints.push({ path: named.url, summary: schema?.summary ?? '', params, example: route.config?.example });
  }

  list(): GroupInfo[] {
    return [...this.groups.values()].filter((g) => g.endpoints.length > 0);
  }
}
