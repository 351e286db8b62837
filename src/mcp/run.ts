// A tool call runs its route's own handler inside the MCP request, not as a second request
// through the app (app.inject cost more than the route itself: a fake socket, a second pass
// through every hook, the answer written out as HTTP and parsed back). What the HTTP request
// would meet on its way to the handler is applied here, in the same order, by the same code:
//   1. the API key rule (core/http/guards.ts: apiKeyRule), for keyed routes when keys are set;
//   2. the rate limit, through the limiter's own hook (`app.rateLimit()`: same store, same key,
//      same message), unless the route turns it off;
//   3. validation of the path and query parameters by the route's schemas, compiled by the
//      route's own compilers (coercion, defaults, the finite-number guard), failures worded by
//      core/validation.ts as the error handler words them;
//   4. the handler, with the route's `this`, given the request and reply it reads;
//   5. the answer serialized by the route's response schema, as Fastify would send it;
//   6. any error mapped by the error handler's own function (core/http/error-handler.ts).
// The request id, the client address (as the app resolved it for the MCP request), the log,
// metrics and the request log line are the MCP request's or written as the GET's would be.
// What the MCP request itself has already passed needs no second pass: the load guard
// (under-pressure), the request id and CORS headers; what only shapes HTTP bytes (ETag and 304,
// compression, Cache-Control) has nothing to shape in a tool result. A route that declares a
// hook of its own is refused when the tool set is built, since none of its hooks would run.

import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { errorBody, type ApiError } from '../core/errors.js';
import { apiErrorOf, envelopeOf } from '../core/http/error-handler.js';
import type { KeyedRequest } from '../core/http/guards.js';
import { logRequest } from '../core/http/request-log.js';
import type { Metrics } from '../core/metrics.js';
import type { WorkPool } from '../core/work/index.js';
import { validationError } from '../core/validation.js';
import { ToolReply, ToolRequest, type Caller } from './request.js';
import type { DeclaredRoute } from './routes.js';

/** A route's answer to a tool call. */
/** A resource that holds the same answer, which a client may read again or keep (src/mcp/resources.ts). */
export interface ResourceLinkTo {
  uri: string;
  name: string;
  mimeType: string;
}

export type Answer =
  /** What the route sent, serialized as Fastify would send it, with its content type (and what sizing cut of it: src/mcp/sizing.ts). */
  | { status: number; type: string; body: string | Buffer; note?: string; link?: ResourceLinkTo }
  /** An error the route (or a rule) threw, as the error catalog writes it. */
  | { status: number; error: Record<string, unknown>; message: string };

type Validator = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown[] | null; schemaEnv?: unknown };
type Serializer = (data: unknown) => string;
type Handler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown;
type RouteSchema = FastifySchema & { querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

// Fastify serializes an object for any JSON-like media type (application/json, application/ld+json, …).
const isJsonLike = (type: string) => type.split(';')[0].includes('json');
const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** One route as a tool call runs it: its rules, and its compilers' output, made on first use. */
export class RouteRun {
  readonly limited: boolean;
  private readonly routeOptions: FastifyRequest['routeOptions'];
  private readonly schema: RouteSchema;
  private readonly handler: Handler;
  private validators: { params?: Validator; querystring?: Validator } | undefined;
  private readonly serializers = new Map<string, Serializer | null>();

  constructor(private readonly route: DeclaredRoute) {
    const o = route.options;
    const where = `GET ${o.url}`;
    if (route.ownHooks.length > 0)
      throw new Error(`${where} declares its own ${route.ownHooks.join(', ')} hook; an MCP tool call would not run it (src/mcp/run.ts)`);
    const schema = (o.schema ?? {}) as RouteSchema;
    for (const part of ['body', 'headers'] as const) {
      if (schema[part] !== undefined) throw new Error(`${where} validates its ${part}, which an MCP tool call does not carry`);
    }
    // Options that change how a route answers, which a tool call does not follow.
    const own = o as unknown as Record<string, unknown>;
    const unfollowed = ['errorHandler', 'attachValidation', 'schemaErrorFormatter', 'validatorCompiler', 'serializerCompiler', 'handlerTimeout'].filter(
      (k) => own[k] !== undefined && own[k] !== false,
    );
    if (unfollowed.length > 0) throw new Error(`${where} sets ${unfollowed.join(', ')}, which an MCP tool call would not follow (src/mcp/run.ts)`);
    const limit = (o.config as { rateLimit?: unknown } | undefined)?.rateLimit;
    if (limit !== undefined && limit !== false) throw new Error(`${where} has a rate limit of its own; MCP tool calls count against the global one`);
    this.limited = limit !== false;
    this.schema = schema;
    this.handler = o.handler as Handler;
    // What request.routeOptions shows for this route (the rules and the error handler read it).
    this.routeOptions = { method: 'GET', url: o.url, config: o.config, schema: o.schema, handler: o.handler } as unknown as FastifyRequest['routeOptions'];
  }

  get url(): string {
    return this.route.options.url;
  }

  /** Validates like Fastify: path parameters first, then the query; a failure is the error the handler would see. */
  validate(req: ToolRequest): void {
    const v = (this.validators ??= {
      params: this.compileValidator('params'),
      querystring: this.compileValidator('querystring'),
    });
    for (const [part, data] of [
      ['params', req.params],
      ['querystring', req.query],
    ] as const) {
      const check = v[part];
      if (check === undefined) continue;
      const ok = check.schemaEnv ? check(data, { parentData: req, parentDataProperty: part === 'params' ? 'params' : 'query' }) : check(data);
      if (ok === false) throw validationError((check.errors ?? []) as never, part, this.schema);
    }
  }

  private compileValidator(part: 'params' | 'querystring'): Validator | undefined {
    const schema = this.schema[part];
    if (schema === undefined) return undefined;
    const compile = this.route.scope.validatorCompiler as unknown as (r: object) => Validator;
    return compile({ schema, method: 'GET', url: this.url, httpPart: part });
  }

  /**
   * Fastify's choice of a response schema: the status, then its class (2xx), then `default`; for
   * a schema per media type, the one of the answer's media type, else `*\/*`, else none.
   */
  serialize(status: number, data: unknown, type: string = JSON_TYPE): string {
    // Chosen once per status and content type: a call looks up one key.
    const key = `${status} ${type}`;
    let fn = this.serializers.get(key);
    if (fn === undefined) {
      const code = String(status);
      const responses = this.schema.response ?? {};
      const chosen = (responses[code] ?? responses[`${code[0]}xx`] ?? responses.default) as { content?: Record<string, { schema?: unknown }> } | undefined;
      const media = chosen?.content ? type.split(';')[0]!.trim().toLowerCase() : '';
      const schema = chosen?.content ? (chosen.content[media] ?? chosen.content['*/*'])?.schema : chosen;
      const compile = this.route.scope.serializerCompiler as unknown as (r: object) => Serializer;
      fn = schema === undefined ? null : compile({ schema, method: 'GET', url: this.url, httpStatus: code, contentType: media || undefined });
      this.serializers.set(key, fn);
    }
    return fn === null ? JSON.stringify(data) : fn(data);
  }

  request(caller: Caller, query: Record<string, unknown>, params: Record<string, string>, urlOf: () => string): ToolRequest {
    return new ToolRequest(caller, this.routeOptions, query, params, urlOf);
  }

  handle(req: ToolRequest, reply: ToolReply): unknown {
    return this.handler.call(this.route.scope, req as unknown as FastifyRequest, reply as unknown as FastifyReply);
  }
}

/** The rules of this app that a tool call meets, and where it is counted. */
export interface RunRules {
  /** The API key rule (apiKeyRule), when keys are configured. */
  key?: (req: KeyedRequest) => ApiError | undefined;
  /** The rate limiter's hook (app.rateLimit()), when the rate limit is on. */
  limit?: Hook;
  /** Where answered requests are counted, when metrics are on. */
  metrics?: Metrics;
  /** The logger that writes request lines, when they are written (info). */
  requestLog?: FastifyBaseLogger;
  /** Where large answers are cut to size (src/mcp/sizing-task.ts); without one, on the calling thread. */
  work?: WorkPool;
}

/** Runs tool calls through their routes under the app's rules. */
export class RouteRunner {
  constructor(private readonly rules: RunRules) {}

  get work(): WorkPool | undefined {
    return this.rules.work;
  }

  async run(route: RouteRun, caller: Caller, query: Record<string, unknown>, params: Record<string, string>, urlOf: () => string): Promise<Answer> {
    const { metrics, requestLog } = this.rules;
    const started = metrics || requestLog ? performance.now() : 0;
    const req = route.request(caller, query, params, urlOf);
    const answer = await this.answer(route, req);
    if (metrics || requestLog) {
      const ms = performance.now() - started;
      metrics?.request(route.url, 'GET', answer.status, ms / 1000);
      if (requestLog) logRequest(requestLog, caller.id, 'GET', req.url, route.url, answer.status, ms);
    }
    return answer;
  }

  private async answer(route: RouteRun, req: ToolRequest): Promise<Answer> {
    try {
      const refused = this.rules.key?.(req as unknown as KeyedRequest);
      if (refused) throw refused;
      const reply = new ToolReply();
      if (this.rules.limit && route.limited) await this.rules.limit(req as unknown as FastifyRequest, reply as unknown as FastifyReply);
      route.validate(req);
      const value = await route.handle(req, reply);
      return sent(route, reply.sent ? reply.payload : value, reply);
    } catch (err) {
      const api = apiErrorOf(err as FastifyError, req as unknown as FastifyRequest);
      return { status: api.statusCode, error: errorBody(envelopeOf(req as unknown as FastifyRequest), api.code, api.message, api.extra), message: api.message };
    }
  }
}

/** What Fastify's reply.send makes of a payload, as an answer (fastify/lib/reply.js, send). */
function sent(route: RouteRun, payload: unknown, reply: ToolReply): Answer {
  if (payload instanceof Error) throw payload;
  const status = reply.statusCode;
  const given = reply.getHeader('content-type');
  const type = typeof given === 'string' ? given : undefined;
  if (payload === undefined) return { status, type: type ?? TEXT_TYPE, body: '' };
  if (
    payload !== null &&
    typeof payload === 'object' &&
    (typeof (payload as { pipe?: unknown }).pipe === 'function' || typeof (payload as { getReader?: unknown }).getReader === 'function')
  ) {
    throw new Error(`GET ${route.url} answered with a stream, which a tool result cannot carry`);
  }
  if (Buffer.isBuffer(payload)) return { status, type: type ?? 'application/octet-stream', body: payload };
  if (typeof payload === 'string') return { status, type: type ?? TEXT_TYPE, body: payload };
  if (type !== undefined && !isJsonLike(type)) throw new Error(`GET ${route.url} sent an object as ${type}`);
  return { status, type: type ?? JSON_TYPE, body: route.serialize(status, payload, type ?? JSON_TYPE) };
}
