// Client JSON over MCP is measured before anything walks it: a message nested too deep is a
// JSON-RPC error, arguments nested too deep or too large are a tool error, a body that cannot be
// read is a JSON-RPC error, and a failure of the MCP layer itself is a JSON-RPC error carrying the
// request id, never an HTTP 500.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers/app.js';
import type { JankariModule } from '../core/module.js';
import { Type } from '../core/schema.js';
import { argumentsRefusal } from './call.js';
import { ARGUMENTS_MAX_DEPTH, ARGUMENTS_MAX_VALUES, excessOf, MESSAGE_MAX_DEPTH } from './limits.js';

/** A list nested n deep, built as text and parsed, as a client's body is. */
const nested = (n: number): unknown => JSON.parse('['.repeat(n) + ']'.repeat(n));

describe('excessOf', () => {
  it('measures nesting and values without recursion, so no depth overflows it', () => {
    expect(excessOf(nested(200_000), 32)).toEqual({ kind: 'depth', limit: 32 });
    expect(excessOf(nested(32), 32)).toBeUndefined();
    expect(excessOf(nested(33), 32)).toEqual({ kind: 'depth', limit: 32 });
    expect(excessOf('text', 0)).toBeUndefined();
    expect(excessOf({ a: [1, 2], b: { c: null } }, 2)).toBeUndefined();
    expect(excessOf({ a: [1, 2], b: { c: [] } }, 2)).toEqual({ kind: 'depth', limit: 2 });
    // The object, its two lists and their four values.
    expect(excessOf({ a: [1, 2], b: [3, 4] }, 9, 7)).toBeUndefined();
    expect(excessOf({ a: [1, 2], b: [3, 4] }, 9, 6)).toEqual({ kind: 'values', limit: 6 });
  });

  it('refuses arguments deeper or larger than any tool takes, naming the parameter that is too deep', () => {
    expect(argumentsRefusal({ q: 'x', list: ['a', 'b'] })).toBeUndefined();
    const deep = argumentsRefusal({ q: 'x', name: nested(ARGUMENTS_MAX_DEPTH) });
    expect(deep).toMatchObject({ status: 400, error: { code: 'INVALID_PARAMETER', param: 'name' } });
    const many = argumentsRefusal({ list: Array.from({ length: ARGUMENTS_MAX_VALUES }, (_, i) => String(i)) });
    expect(many).toMatchObject({
      status: 400,
      error: { code: 'INVALID_PARAMETER' },
      message: expect.stringContaining(`more than ${ARGUMENTS_MAX_VALUES} values`),
    });
  });
});

const lab: JankariModule = {
  name: 'lab',
  title: 'Lab',
  description: 'a route that takes text, and one whose answer the MCP layer cannot read',
  create: () => ({
    routes(app) {
      app.get('/lab/echo', { schema: { summary: 'echo', querystring: Type.Object({ q: Type.String({ maxLength: 50 }) }) } }, async (req) => ({
        q: (req.query as { q: string }).q,
      }));
      // An error answer that says it is JSON and is not: reading it is the MCP layer's failure.
      app.get('/lab/garbled', { schema: { summary: 'garbled' } }, async (_req, reply) => reply.code(409).type('application/json').send('not json {'));
    },
  }),
};

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const callMessage = (name: string, args: string, extra = '') =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}","arguments":${args}${extra}}}`;

describe('POST /mcp and client JSON that is too deep or too large', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const post = (payload: string) => t.app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload });
  beforeAll(async () => {
    t = await testApp({ MCP_TOOLSETS: 'all' }, { modules: [lab] });
  });
  afterAll(async () => t?.close());

  it('answers a tools/call with arguments nested 10,000 deep (a 50 KB body) with a JSON-RPC Invalid Request error, not a 500', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    // Alone (the direct path), with _meta (the SDK's path), and in a batch.
    for (const body of [
      callMessage('lab_echo', `{"q":${deep}}`),
      callMessage('lab_echo', `{"q":${deep}}`, ',"_meta":{}'),
      `[${callMessage('lab_echo', `{"q":${deep}}`)}]`,
    ]) {
      const r = await post(body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: `Invalid Request: the message is nested deeper than ${MESSAGE_MAX_DEPTH} levels` },
      });
    }
    // Any other message too.
    const list = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"x":${deep}}}}`);
    expect(list.statusCode).toBe(400);
    expect(list.json().error.code).toBe(-32600);
  });

  it('answers arguments nested deeper than a parameter takes, but within the message limit, as a tool error naming the parameter', async () => {
    const deep = '['.repeat(20) + ']'.repeat(20);
    for (const extra of ['', ',"_meta":{}']) {
      const r = await post(callMessage('lab_echo', `{"q":${deep}}`, extra));
      expect(r.statusCode).toBe(200);
      const { result, id } = r.json();
      expect(id).toBe(7);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ code: 'INVALID_PARAMETER', param: 'q' });
    }
  });

  it('answers arguments holding more values than any tool takes as a tool error', async () => {
    const many = JSON.stringify({ q: Array.from({ length: 5000 }, () => 'a') });
    const r = await post(callMessage('lab_echo', many));
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({ isError: true, structuredContent: { code: 'INVALID_PARAMETER' } });
  });

  it('still answers ordinary calls as before', async () => {
    const r = await post(callMessage('lab_echo', '{"q":"hello"}'));
    expect(JSON.parse(r.json().result.content[0].text)).toEqual({ q: 'hello' });
  });

  it('answers a body that is not JSON, or not of a type it reads, with a JSON-RPC error as the SDK would, not the HTTP error shape', async () => {
    const broken = await post('{"jsonrpc":"2.0","id":7,"method":"tools/call",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } });
    const poisoned = await post('{"jsonrpc":"2.0","id":7,"method":"tools/list","__proto__":{"x":1}}');
    expect(poisoned.json().error.code).toBe(-32700);
    const xml = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, 'content-type': 'application/xml' }, payload: '<call/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe(-32000);
  });

  it("answers a failure of the MCP layer as a JSON-RPC internal error with the request id, never an HTTP 500 or the error's own text", async () => {
    for (const extra of ['', ',"_meta":{}']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...HEADERS, 'x-request-id': 'req-garbled' },
        payload: callMessage('lab_garbled', '{}', extra),
      });
      expect(r.statusCode).toBe(200);
      const { error, id } = r.json();
      expect(id).toBe(7);
      expect(error.code).toBe(-32603);
      expect(error.message).toContain('internal error; the request id is req-garbled');
      expect(error.message).not.toMatch(/JSON|Unexpected|position/);
    }
  });
});
