// A tool call runs its route's handler inside the MCP request: every answer here is checked
// against the same request over HTTP (app.inject) on the whole app, with a lab group whose
// routes use each way a handler can answer (a value, a string, a buffer, sendRaw, a status,
// a thrown error) and each rule (validation of query and path, keys, the rate limit).

import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers/app.js';
import { ApiError } from '../core/errors.js';
import { Type } from '../core/schema.js';
import type { JankariModule } from '../core/module.js';
import { RawJson, sendRaw } from '../core/http/raw-json.js';
import { callTool, routeUrl } from './call.js';
import { resultJson, toResult } from './result.js';
import type { Caller } from './request.js';
import { RouteRun, type Answer } from './run.js';
import type { ToolSet } from './server.js';

const Echo = Type.Object({
  n: Type.Integer({ minimum: 1, maximum: 9 }),
  tag: Type.Optional(Type.String({ maxLength: 5 })),
  list: Type.Optional(Type.Array(Type.String())),
  flag: Type.Boolean({ default: false }),
});

const lab: JankariModule = {
  name: 'lab',
  title: 'Lab',
  description: 'routes that answer in every way a handler can',
  create: () => ({
    routes(app) {
      app.get('/lab/echo', { schema: { summary: 'echo', querystring: Echo, response: { 200: Echo } } }, async (req) =>
        Object.assign({ extra: 'left out by the response schema' }, req.query),
      );
      app.get(
        '/lab/item/:id',
        { schema: { summary: 'raw', params: Type.Object({ id: Type.String({ pattern: '^[0-9]+$', maxLength: 600, description: 'a number' }) }) } },
        async (req, reply) => sendRaw(reply, new RawJson(`{"status":"ok","id":${JSON.stringify((req.params as { id: string }).id)}}`)),
      );
      app.get('/lab/png', { schema: { summary: 'image' } }, async (_req, reply) =>
        reply
          .header('cache-control', 'immutable')
          .type('image/png')
          .send(Buffer.from([137, 80, 78, 71])),
      );
      app.get('/lab/text', { schema: { summary: 'text' } }, async () => 'plain words');
      // An answer documented per media type: Fastify serializes it with the schema of the answer's type.
      app.get(
        '/lab/typed',
        {
          schema: {
            summary: 'per media type',
            response: {
              200: {
                description: 'json or text',
                content: { 'application/json': { schema: Type.Object({ n: Type.Integer() }) }, 'text/plain': { schema: Type.String() } },
              },
            },
          },
        },
        async () => ({ n: 3, dropped: true }),
      );
      app.get('/lab/accepted', { schema: { summary: 'a status of its own', response: { '2xx': Type.Object({ n: Type.Integer() }) } } }, async (_req, reply) => {
        reply.code(203);
        return { n: 1, m: 2 };
      });
      app.get('/lab/missing', { schema: { summary: 'a refusal' } }, async () => {
        throw new ApiError('NOT_FOUND', 'no such thing', { hint: 'try another' });
      });
      app.get('/lab/bug', { schema: { summary: 'a bug' } }, async () => {
        throw new Error('a bug with internals that must not leak');
      });
      app.get(
        '/lab/keyed',
        { schema: { summary: 'keyed', querystring: Type.Object({ q: Type.String() }) }, config: { apiKey: true, envelope: 'web' } },
        async (req) => ({ status: 'ok', q: (req.query as { q: string }).q }),
      );
      app.get('/lab/who', { schema: { summary: 'the caller' } }, async (req) => ({ ip: req.ip, base: `${req.protocol}://${req.host}` }));
    },
  }),
};

type Served = Awaited<ReturnType<typeof testApp>>;

const callerOf = (app: FastifyInstance, headers: Record<string, string> = {}): Caller => ({
  id: 'req-1',
  ip: '127.0.0.1',
  headers,
  log: app.log,
  protocol: 'http',
  host: 'localhost:80',
});

/** The JSON a success carries: its text (no structured copy: src/mcp/result.ts). */
const jsonOf = (r: { content: unknown[] }) => JSON.parse((r.content[0] as { text: string }).text) as unknown;

/** The tool result, and the result of the same GET over HTTP, with both statuses. */
async function both(t: Served, set: ToolSet, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const tool = set.byName.get(name)!;
  const answer = await callTool(set.runner, tool, args, callerOf(t.app, headers));
  const target = routeUrl(tool, args);
  const res = await t.app.inject({ method: 'GET', url: 'url' in target ? target.url : tool.path, headers });
  const http: Answer = { status: res.statusCode, type: String(res.headers['content-type']), body: res.rawPayload };
  // The direct path's JSON text says the same as the result object.
  expect(JSON.parse(resultJson(answer))).toEqual(toResult(answer));
  return { answer, tool: toResult(answer), http: toResult(http), httpStatus: res.statusCode };
}

describe('a tool call runs its route as the GET would', () => {
  let t: Served;
  let set: ToolSet;
  beforeAll(async () => {
    t = await testApp({}, { modules: [lab] });
    set = t.mcpTools();
  });
  afterAll(async () => t?.close());

  it('validates, coerces and defaults the query, and serializes by the response schema', async () => {
    for (const args of [{ n: 3 }, { n: '4', tag: 'ab', list: ['x', 'y'] }, { n: 5, list: ['only'], flag: true }, { n: 6, list: [] }]) {
      const r = await both(t, set, 'lab_echo', args);
      expect(r.answer.status).toBe(200);
      expect(r.tool).toEqual(r.http);
    }
    const r = await both(t, set, 'lab_echo', { n: 2, list: ['a'] });
    expect(jsonOf(r.tool)).toEqual({ n: 2, list: ['a'], flag: false });
  });

  it("refuses invalid input with the HTTP API's message and status", async () => {
    for (const args of [{}, { n: 0 }, { n: 'x', tag: 'too long' }, { n: 1e309 }]) {
      const r = await both(t, set, 'lab_echo', args);
      expect(r.answer.status, JSON.stringify(args)).toBe(400);
      expect(r.tool).toEqual(r.http);
      expect(r.tool.isError).toBe(true);
    }
    expect((await both(t, set, 'lab_echo', { n: 10, tag: 'toolong' })).tool.structuredContent).toMatchObject({
      code: 'INVALID_PARAMETER',
      errors: [{ param: 'n' }, { param: 'tag' }],
    });
  });

  it('puts path arguments through the route: valid, invalid, longer than the router takes, missing', async () => {
    for (const id of ['42', 'x1', '9'.repeat(501)]) {
      const r = await both(t, set, 'lab_item', { id });
      expect(r.answer.status).toBe(r.httpStatus);
      expect(r.tool).toEqual(r.http);
    }
    expect((await both(t, set, 'lab_item', { id: '9'.repeat(501) })).answer.status).toBe(414);
    const missing = await callTool(set.runner, set.byName.get('lab_item')!, {}, callerOf(t.app));
    expect(toResult(missing)).toMatchObject({ isError: true, structuredContent: { code: 'INVALID_PARAMETER', param: 'id' } });
  });

  it('answers what a handler sends: raw JSON, an image, text, a status of its own', async () => {
    expect((await both(t, set, 'lab_item', { id: '7' })).tool).toEqual({
      content: [{ type: 'text', text: '{"status":"ok","id":"7"}' }],
    });
    for (const name of ['lab_png', 'lab_text', 'lab_accepted', 'lab_typed']) {
      const r = await both(t, set, name, {});
      expect(r.answer.status, name).toBe(r.httpStatus);
      expect(r.tool, name).toEqual(r.http);
    }
    expect((await both(t, set, 'lab_png', {})).tool.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect((await both(t, set, 'lab_accepted', {})).answer.status).toBe(203);
    expect(jsonOf((await both(t, set, 'lab_typed', {})).tool)).toEqual({ n: 3 });
  });

  it('maps thrown errors as the error handler does, hiding a bug behind the 500 message', async () => {
    for (const name of ['lab_missing', 'lab_bug']) {
      const r = await both(t, set, name, {});
      expect(r.answer.status, name).toBe(r.httpStatus);
      expect(r.tool, name).toEqual(r.http);
    }
    const bug = await both(t, set, 'lab_bug', {});
    expect(bug.answer.status).toBe(500);
    expect(JSON.stringify(bug.tool)).not.toContain('internals');
  });

  it('gives the handler the caller as the route would see it', async () => {
    const r = await both(t, set, 'lab_who', {});
    expect(r.tool).toEqual(r.http);
    expect(jsonOf(r.tool)).toEqual({ ip: '127.0.0.1', base: 'http://localhost:80' });
  });

  it('runs concurrent calls of one tool set each with its own arguments', async () => {
    const tool = set.byName.get('lab_echo')!;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => callTool(set.runner, tool, { n: 1 + (i % 9), tag: String(i) }, callerOf(t.app))));
    answers.forEach((a, i) => expect(jsonOf(toResult(a))).toEqual({ n: 1 + (i % 9), tag: String(i), flag: false }));
  });
});

describe('the rules of keyed and limited routes', () => {
  let t: Served;
  let set: ToolSet;
  beforeAll(async () => {
    t = await testApp({ API_KEYS: 'k-one', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }, { modules: [lab] });
    set = t.mcpTools();
  });
  afterAll(async () => t?.close());

  it('refuses a keyed route without a key or with a wrong one, in its envelope, and runs it with a key', async () => {
    for (const headers of [{}, { 'x-api-key': 'nope' }, { authorization: 'Bearer k-one' }] as Record<string, string>[]) {
      const r = await both(t, set, 'lab_keyed', { q: 'x' }, headers);
      expect(r.answer.status, JSON.stringify(headers)).toBe(r.httpStatus);
      expect(r.tool).toEqual(r.http);
    }
    expect((await both(t, set, 'lab_keyed', { q: 'x' })).tool).toMatchObject({ isError: true, structuredContent: { success: false, code: 'UNAUTHORIZED' } });
  });

  it("counts tool calls and HTTP requests of a client together, with the limiter's own message", async () => {
    const tool = set.byName.get('lab_text')!;
    const caller = { ...callerOf(t.app), ip: '203.0.113.5' };
    expect((await callTool(set.runner, tool, {}, caller)).status).toBe(200);
    expect((await t.app.inject({ url: '/lab/text', remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    expect((await callTool(set.runner, tool, {}, caller)).status).toBe(200);
    const limited = await callTool(set.runner, tool, {}, caller);
    const http = await t.app.inject({ url: '/lab/text', remoteAddress: '203.0.113.5' });
    expect(http.statusCode).toBe(429);
    expect(limited.status).toBe(429);
    expect(toResult(limited)).toEqual(toResult({ status: 429, type: String(http.headers['content-type']), body: http.rawPayload }));
  });
});

describe('routes a tool call cannot run as their GET would', () => {
  const labWith = (routes: (app: FastifyInstance) => void): JankariModule => ({ ...lab, name: 'odd', create: () => ({ routes: routes as never }) });

  // The tool list is built on first use (never in a start-up hook with a fixed timeout): a route
  // that cannot be a tool is named then; test/mcp.test.ts builds the whole app's list, so CI names it.
  it('refuse to become tools when the list is built, naming the route', async () => {
    const hooked = labWith((app) => app.get('/odd', { schema: { summary: 'odd' }, preHandler: async () => undefined }, async () => ({})));
    const a = await testApp({}, { modules: [hooked] });
    const ownHandler = labWith((app) => {
      app.setErrorHandler((_err, _req, reply) => reply.send('oops'));
      app.get('/odd', { schema: { summary: 'odd' } }, async () => ({}));
    });
    const b = await testApp({}, { modules: [ownHandler] });
    try {
      expect(() => a.mcpTools()).toThrow(/GET \/odd declares its own preHandler hook/);
      expect(() => b.mcpTools()).toThrow(/GET \/odd is in a scope with an error handler of its own/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  const route = (options: Partial<RouteOptions>) => ({
    options: { method: 'GET', url: '/x', handler: async () => ({}), ...options } as RouteOptions,
    scope: {} as FastifyInstance,
    ownHooks: Object.keys(options).filter((k) => k.startsWith('on') || k.startsWith('pre')),
  });

  it('refuses a route with a hook of its own, a body or header schema, a limit or an error handling of its own', () => {
    expect(() => new RouteRun(route({ preHandler: async () => undefined }))).toThrow(/GET \/x declares its own preHandler hook/);
    expect(() => new RouteRun(route({ schema: { headers: { type: 'object' } } }))).toThrow(/validates its headers/);
    expect(() => new RouteRun(route({ config: { rateLimit: { max: 5 } } }))).toThrow(/rate limit of its own/);
    expect(() => new RouteRun(route({ attachValidation: true }))).toThrow(/sets attachValidation/);
    expect(() => new RouteRun(route({ errorHandler: () => undefined }))).toThrow(/sets errorHandler/);
    expect(new RouteRun(route({ config: { rateLimit: false } })).limited).toBe(false);
    expect(new RouteRun(route({})).limited).toBe(true);
  });
});

describe('the request line of a tool call', () => {
  it("is written as its GET's would be, with the MCP request's id", async () => {
    const lines: Record<string, unknown>[] = [];
    const t = await testApp({ LOG_LEVEL: 'info' }, { modules: [lab], logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    try {
      const set = t.mcpTools();
      await callTool(set.runner, set.byName.get('lab_echo')!, { n: 3, tag: 'zq9x' }, { ...callerOf(t.app), id: 'mcp-7' });
      await callTool(set.runner, set.byName.get('lab_echo')!, { n: 0 }, { ...callerOf(t.app), id: 'mcp-8' });
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toEqual([
        expect.objectContaining({ reqId: 'mcp-7', method: 'GET', path: '/lab/echo', route: '/lab/echo', status: 200 }),
        expect.objectContaining({ reqId: 'mcp-8', method: 'GET', path: '/lab/echo', route: '/lab/echo', status: 400 }),
      ]);
      // As for a GET, the query (what users typed) stays out of the log.
      expect(JSON.stringify(requests)).not.toContain('zq9x');
    } finally {
      await t.close();
    }
  });
});
