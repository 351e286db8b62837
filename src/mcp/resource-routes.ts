// The routes served as MCP resources (src/mcp/resources.ts reads them), and the link a tool's
// answer carries to the resource holding it: apart from the reading, so that a tool call
// (src/mcp/call.ts) can name its resource without the reader that runs calls.

import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { ResourceLinkTo } from './run.js';
import { SIZING_PARAMETERS } from './sizing.js';
import type { RouteTool } from './tools.js';

export const SCHEME = 'jankari://';

/** A route served as a resource: a fixed URI, or a template whose path variables and query are the tool's arguments. */
export interface RouteResource {
  /** The URI, or its path with `{name}` variables; the tool's other parameters go in its query. */
  path: string;
  tool: string;
  name: string;
  description: string;
  mimeType: string;
  /** Arguments the route always gets (the one list of a route that takes a choice). */
  fixed?: Record<string, string>;
  /** Whether the tool's answer links to this resource (a drawing a client may show or keep). */
  link?: true;
}

export const ROUTE_RESOURCES: RouteResource[] = [
  {
    path: 'ifsc/banks',
    tool: 'ifsc_banks',
    name: 'banks',
    description: 'Every bank with IFSCs: code, name, kind, MICR and UPI status (the codes ifsc_search takes).',
    mimeType: 'application/json',
  },
  {
    path: 'fuel/cities',
    tool: 'fuel_cities',
    name: 'fuel-locations',
    description: 'The states and cities with fuel prices (the names fuel and fuel_history take).',
    mimeType: 'application/json',
  },
  {
    path: 'commodities/cities/{metal}',
    tool: 'commodities_cities',
    name: 'metal-locations',
    description: 'The locations with prices for a metal: gold, silver or platinum (the names commodities takes).',
    mimeType: 'application/json',
  },
  {
    path: 'liquor/brands',
    tool: 'liquor_brands',
    name: 'liquor-brands',
    description: "Brand families of Kerala's official liquor price list with product counts (the slugs liquor takes).",
    mimeType: 'application/json',
  },
  {
    path: 'panchang/month/{year}/{month}',
    tool: 'panchang_month',
    name: 'panchang-month',
    description: 'A month of the Hindu calendar at a place, whole: query city, or latitude, longitude and tz; lang, region, format ics for iCalendar.',
    mimeType: 'application/json',
  },
  {
    path: 'astro/chart',
    tool: 'astro_chart',
    name: 'birth-chart',
    description:
      "A birth chart drawn, as SVG or PNG: query astro_chart's parameters (year, month, day, hour, min, latitude, longitude, tz, style, varga, format).",
    mimeType: 'image/svg+xml',
    link: true,
  },
];

/** A template's form for resources/templates/list (RFC 6570: `{?a,b}` for the query). */
export function uriTemplateOf(r: RouteResource, tool: RouteTool): string {
  const query = queryNames(r, tool);
  return `${SCHEME}${r.path}${query.length ? `{?${query.join(',')}}` : ''}`;
}

/** The names a resource takes in its query: the tool's parameters not in its path, fixed, or about sizing. */
export const queryNames = (r: RouteResource, tool: RouteTool) =>
  Object.keys(tool.inputSchema.properties).filter((n) => !(n in SIZING_PARAMETERS) && !r.path.includes(`{${n}}`) && !(n in (r.fixed ?? {})));

/** A resource takes values (a template) when its path has variables or its route requires parameters; else its URI is fixed. */
export const isTemplate = (r: RouteResource, tool: RouteTool) => r.path.includes('{') || (tool.inputSchema.required ?? []).some((n) => !(n in (r.fixed ?? {})));

/**
 * The resource holding the answer a tool call gives, for a tool whose answers are linked (the
 * chart drawing): its URI for the call's arguments, a name, and the media type the format asks.
 */
export function linkTo(tool: RouteTool, args: Record<string, unknown>): ResourceLinkTo | undefined {
  const r = ROUTE_RESOURCES.find((x) => x.link && x.tool === tool.name);
  if (!r) return undefined;
  const values: Record<string, string> = {};
  for (const n of queryNames(r, tool)) if (args[n] !== undefined && args[n] !== null) values[n] = String(args[n]);
  const mimeType = args.format === 'png' ? 'image/png' : r.mimeType;
  return { uri: new UriTemplate(uriTemplateOf(r, tool)).expand(values), name: r.name, mimeType };
}
