// A tool call is its route's GET, run inside the MCP request (src/mcp/run.ts): the arguments
// become the path and query parameters exactly as the GET's URL would carry them, so the
// route's validation, the error catalog, the key rule, the rate limit, the SSRF guard and the
// caches all see what they see over HTTP.

import { errorBody } from '../core/errors.js';
import { MAX_PARAM_LENGTH, pathPartTooLong } from '../core/http/error-handler.js';
import { describeRule } from '../core/validation.js';
import { ARGUMENTS_MAX_DEPTH, ARGUMENTS_MAX_VALUES, excessOf } from './limits.js';
import { BRIEF_ARGUMENTS, sizingOf } from './sizing.js';
import { sizeAnswerAside } from './sizing-task.js';
import { linkTo } from './resource-routes.js';
import type { Caller } from './request.js';
import type { Answer, RouteRun, RouteRunner } from './run.js';
import type { RouteTool } from './tools.js';

type Args = Record<string, unknown>;

/** A tool, and the route a call of it runs. */
export interface BoundTool extends RouteTool {
  readonly route: RouteRun;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));
/** A value as the GET's URL carries it: a boolean given for one of the route's 0|1 flags is 1 or 0. */
const queryText = (tool: RouteTool, name: string, v: unknown) => (typeof v === 'boolean' && tool.flags.includes(name) ? (v ? '1' : '0') : asText(v));

/** The route's URL for these arguments, or the name of a path parameter that is missing. */
export function routeUrl(tool: RouteTool, args: Args): { url: string } | { missing: string } {
  let path = tool.path;
  for (const name of tool.pathParams) {
    const v = args[name];
    if (v === undefined || v === null || v === '') return { missing: name };
    path = path.replace(`{${name}}`, encodeURIComponent(asText(v)));
  }
  const query = new URLSearchParams();
  for (const [name, v] of Object.entries(args)) {
    if (v === undefined || v === null || tool.pathParams.includes(name)) continue;
    for (const one of Array.isArray(v) ? v : [v]) query.append(name, queryText(tool, name, one));
  }
  const qs = query.toString();
  return { url: qs ? `${path}?${qs}` : path };
}

// Query objects built as Fastify's parser (fast-querystring) builds them: no prototype to
// inherit keys from, yet fast properties (Object.create(null) objects are dictionaries, and
// slow the validator and the handler that read them).
// A function declaration, not an arrow: an arrow cannot be called with new (Biome's
// useArrowFunction fix once turned this into one, and every tool call threw).
function EmptyQuery() {}
EmptyQuery.prototype = Object.create(null);
const Empty = EmptyQuery as unknown as new () => Record<string, unknown>;

/**
 * The query object Fastify would parse from routeUrl's query string, made without the string:
 * every value as text, an array as repeated parameters (one item is a plain value, none is no
 * parameter), null and undefined left out.
 */
export function queryOf(tool: RouteTool, args: Args): Record<string, unknown> {
  const query = new Empty();
  for (const name in args) {
    const v = args[name];
    if (v === undefined || v === null || tool.pathParams.includes(name)) continue;
    if (!Array.isArray(v)) query[name] = String(queryText(tool, name, v));
    else if (v.length === 1) query[name] = String(queryText(tool, name, v[0]));
    else if (v.length > 1) query[name] = v.map((one) => String(queryText(tool, name, one)));
  }
  return query;
}

/** A refusal before the route runs: a missing path parameter (in the validator's words), or one longer than the router takes. */
function pathRefusal(tool: RouteTool, params: Record<string, string>): Answer | undefined {
  for (const name of tool.pathParams) {
    const v = params[name];
    if (v === undefined) {
      const rule = describeRule(name, tool.inputSchema.properties[name]);
      const message = `${name} is required; ${rule.message}`;
      return { status: 400, error: errorBody('standard', 'INVALID_PARAMETER', message, { param: name }), message };
    }
    if (v.length > MAX_PARAM_LENGTH) {
      const e = pathPartTooLong();
      return { status: e.statusCode, error: errorBody('standard', e.code, e.message, e.extra), message: e.message };
    }
  }
  return undefined;
}

const refusal = (message: string, param?: string): Answer => ({
  status: 400,
  error: errorBody('standard', 'INVALID_PARAMETER', message, param === undefined ? {} : { param }),
  message,
});

/**
 * A refusal of arguments nested deeper or holding more values than any tool takes, found
 * before anything walks them (asText stringifies an object value, which recursion would
 * overflow on a deep one). The parameter is named when one value is too deep.
 */
export function argumentsRefusal(args: Args): Answer | undefined {
  const excess = excessOf(args, ARGUMENTS_MAX_DEPTH, ARGUMENTS_MAX_VALUES);
  if (!excess) return undefined;
  if (excess.kind === 'values') return refusal(`the arguments hold more than ${excess.limit} values; each parameter takes a value or a short list of values`);
  for (const name in args) {
    if (excessOf(args[name], ARGUMENTS_MAX_DEPTH - 1))
      return refusal(`${name} is nested deeper than any parameter takes; give a value or a list of values`, name);
  }
  return refusal(`the arguments are nested deeper than ${excess.limit} levels; each parameter takes a value or a list of values`);
}

/** Runs one tool as its route would run for this caller, and sizes its answer for a model (src/mcp/sizing.ts). */
export async function callTool(runner: RouteRunner, tool: BoundTool, args: Args, caller: Caller): Promise<Answer> {
  const excessive = argumentsRefusal(args);
  if (excessive) return excessive;
  const sized = sizingOf(args);
  if ('error' in sized) return refusal(sized.error, sized.param);
  const brief = sized.sizing.full ? undefined : BRIEF_ARGUMENTS[tool.name];
  const answer = await sizeAnswerAside(
    runner.work,
    await runRoute(runner, tool, brief ? { ...brief.args, ...sized.rest } : sized.rest, caller),
    sized.sizing,
    brief,
  );
  const link = 'error' in answer || answer.status >= 400 ? undefined : linkTo(tool, sized.rest);
  return link ? { ...answer, link } : answer;
}

/**
 * Runs one tool's route with these arguments, its answer whole: what a resource read gives
 * (src/mcp/resources.ts), where a client asked for the document itself rather than a model for
 * a fact.
 */
export async function runRoute(runner: RouteRunner, tool: BoundTool, routeArgs: Args, caller: Caller): Promise<Answer> {
  const params: Record<string, string> = {};
  for (const name of tool.pathParams) {
    const v = routeArgs[name];
    if (v !== undefined && v !== null && v !== '') params[name] = asText(v);
  }
  const refused = pathRefusal(tool, params);
  if (refused) return refused;
  const url = () => {
    const target = routeUrl(tool, routeArgs);
    return 'url' in target ? target.url : tool.path;
  };
  return runner.run(tool.route, caller, queryOf(tool, routeArgs), params, url);
}
