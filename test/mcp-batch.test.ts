// A JSON-RPC batch over POST /mcp is priced by what it costs (issue 42): each call counts against
// the rate limit as its GET would, the calls run a few at a time, and the POST has a time and an
// output budget past which the remaining calls answer a JSON-RPC error naming the budget. Also:
// text a tool call would draw into an SVG is checked as over HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_ERROR_CODE } from '../src/mcp/budget.js';
import { astroModule } from '../src/modules/astro/index.js';
import { vehicleModule } from '../src/modules/vehicle/index.js';
import { testApp } from './helpers/app.js';

type App = Awaited<ReturnType<typeof testApp>>;
type RpcAnswer = {
  id: number;
  result?: { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

async function postBatch(t: App, calls: { name: string; arguments: Record<string, unknown> }[], headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...MCP_HEADERS, ...headers },
    payload: calls.map((params, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params })),
  });
  expect(res.statusCode).toBe(200);
  // A batch of one is answered as one response (as the SDK answers it).
  const body = res.json() as RpcAnswer[] | RpcAnswer;
  const answers = (Array.isArray(body) ? body : [body]).sort((a, b) => a.id - b.id);
  return { answers, bytes: res.rawPayload.length };
}

/** The finding's batch: panchang_festivals for distinct years at latitude 61.5 (no two answered from the cache). */
// detail full: a page of up to 96 KB each (the brief answer is a sixth of it).
const festivalYears = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: 'panchang_festivals',
    arguments: { latitude: 61.5, longitude: 24.9, tz: '+02:00', year: 1901 + i, detail: 'full' },
  }));

describe('a batch of 100 heavy tool calls under the output budget', () => {
  const BUDGET = 700_000;
  let t: App;
  beforeAll(async () => {
    // The time budget out of the way: the output budget alone decides here.
    t = await testApp({ MCP_BATCH_OUTPUT_BYTES: String(BUDGET), MCP_BATCH_CONCURRENCY: '2', MCP_BATCH_TIME_MS: '600000' }, { modules: [astroModule] });
  });
  afterAll(() => t?.close());

  it('answers the calls past the budget with a JSON-RPC error naming it, and sends less than the budget in all', async () => {
    const { answers, bytes } = await postBatch(t, festivalYears(100));
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    const answered = answers.filter((a) => a.result);
    const refused = answers.filter((a) => a.error);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((a) => !a.result!.isError)).toBe(true);
    expect(refused.length).toBeGreaterThan(90);
    expect(answered.length + refused.length).toBe(100);
    for (const a of refused) {
      expect(a.error).toMatchObject({ code: BUDGET_ERROR_CODE, data: { budget: 'output', limit: BUDGET, unit: 'bytes' } });
      expect(a.error!.message).toMatch(/output budget of 700,000 bytes .* send fewer calls per POST/);
    }
    // What was used, as the errors say, is the results answered.
    const used = Math.max(...refused.map((a) => a.error!.data!.used as number));
    expect(used).toBeLessThanOrEqual(BUDGET);
    expect(used).toBe(answered.reduce((sum, a) => sum + Buffer.byteLength(JSON.stringify(a.result)), 0));
    // The whole answer: the results under the budget and a few hundred bytes for each refusal.
    expect(bytes).toBeLessThan(BUDGET + 100 * 600);
  });
});

describe('a batch under the time budget (the app clock, moved by the test)', () => {
  let now = Date.parse('2026-11-25T06:30:00Z');
  let t: App;
  beforeAll(async () => {
    // Every reading of the clock moves it a second on: the budget of 5 s is spent after a few calls.
    t = await testApp({ MCP_BATCH_TIME_MS: '5000', MCP_BATCH_CONCURRENCY: '1' }, { modules: [vehicleModule], now: () => new Date((now += 1000)) });
  });
  afterAll(() => t?.close());

  it('runs the calls in turn until the budget is spent, then answers each remaining call with a JSON-RPC error naming it', async () => {
    const calls = Array.from({ length: 100 }, (_, i) => ({ name: 'vehicle', arguments: { number: `KA01AB${String(1000 + i)}` } }));
    const { answers } = await postBatch(t, calls);
    const answered = answers.filter((a) => a.result);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(6);
    // In turn: the answered calls are the first ones.
    expect(answered.map((a) => a.id)).toEqual(Array.from({ length: answered.length }, (_, i) => i));
    for (const a of answers.filter((x) => x.error)) {
      expect(a.error).toMatchObject({ code: BUDGET_ERROR_CODE, data: { budget: 'time', limit: 5000, unit: 'ms', calls_answered: answered.length } });
      expect(a.error!.message).toMatch(/^not run: this POST's time budget of 5,000 ms was spent/);
    }
  });
});

describe('the rate limit and a batch', () => {
  let t: App;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: 'true' }, { modules: [vehicleModule] });
  });
  afterAll(() => t?.close());

  it('counts each call of a batch once against the client, as its GET would be counted', async () => {
    const calls = Array.from({ length: 3 }, () => ({ name: 'vehicle', arguments: { number: 'KA01AB1234' } }));
    const { answers } = await postBatch(t, calls, { 'x-forwarded-for': '192.0.2.44' });
    expect(answers.map((a) => a.result?.isError ?? false)).toEqual([false, false, true]);
    expect(answers[2]!.result!.structuredContent ?? JSON.parse(answers[2]!.result!.content[1]!.text)).toMatchObject({ code: 'RATE_LIMITED' });
    const get = await t.app.inject({ url: '/vehicle?number=KA01AB1234', headers: { 'x-forwarded-for': '192.0.2.44' } });
    expect(get.statusCode).toBe(429);
  });
});

describe('text drawn into a document, over MCP', () => {
  let t: App;
  beforeAll(async () => {
    t = await testApp({}, { modules: [astroModule] });
  });
  afterAll(() => t?.close());

  const birth = { latitude: 28.6139, longitude: 77.209, year: 1990, month: 5, day: 15, hour: 10, min: 30, tz: '+05:30' };

  it('refuses a chart name carrying U+FFFE, U+FFFF, a C1 control or a lone surrogate (which only JSON can send) with the 400 naming name', async () => {
    const names = ['Asha\uFFFE', 'Asha\uFFFF', 'Asha\u0085', 'Asha\uD800'];
    for (const format of ['svg', 'png']) {
      const { answers } = await postBatch(
        t,
        names.map((name) => ({ name: 'astro_chart', arguments: { ...birth, format, name } })),
      );
      for (const a of answers) {
        expect(a.result?.isError, `${format} ${JSON.stringify(names[a.id])}`).toBe(true);
        expect(a.result!.structuredContent).toMatchObject({ code: 'INVALID_PARAMETER', param: 'name', position: 5 });
      }
    }
    const fine = await postBatch(t, [{ name: 'astro_chart', arguments: { ...birth, name: 'Asha 😀' } }]);
    expect(fine.answers[0]!.result!.content[0]!.text).toContain('Asha 😀');
  });
});

describe('a batch of plain tool calls, answered without the SDK', () => {
  let t: App;
  beforeAll(async () => {
    // The time budget out of the way: a busy host computes six years slowly.
    t = await testApp({ MCP_BATCH_TIME_MS: '600000' }, { modules: [vehicleModule, astroModule] });
  });
  afterAll(() => t?.close());

  const calls = [
    { name: 'vehicle', arguments: { number: 'KA01AB1234' } },
    { name: 'vehicle', arguments: { number: 'not a number' } },
    { name: 'panchang_festivals', arguments: { latitude: 61.5, longitude: 24.9, tz: '+02:00', year: 1931 } },
  ];
  const post = (payload: object[]) => t.app.inject({ method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload });

  it('answers as the SDK answers the same batch: each response in the order of the requests, a batch of one as one response', async () => {
    const direct = await post(calls.map((params, id) => ({ jsonrpc: '2.0', id: 10 - id, method: 'tools/call', params })));
    // The same calls with _meta, which only the SDK serves.
    const viaSdk = await post(calls.map((params, id) => ({ jsonrpc: '2.0', id: 10 - id, method: 'tools/call', params: { ...params, _meta: {} } })));
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe(viaSdk.headers['content-type']);
    expect(direct.json().map((a: { id: number }) => a.id)).toEqual([10, 9, 8]);
    // The SDK's batch came second: its festival year from the cache.
    const uncached = (text: string) => text.replace('\\"cached\\":true', '\\"cached\\":false');
    // The same JSON (the SDK writes an error result's keys in its schema's order).
    expect(direct.json()).toEqual(JSON.parse(uncached(viaSdk.body)));
    const one = await post([{ jsonrpc: '2.0', id: 'only', method: 'tools/call', params: calls[0] }]);
    expect(one.json()).toMatchObject({ jsonrpc: '2.0', id: 'only', result: { content: [{ type: 'text' }] } });
  });

  it('answers /health/live while the calls of a batch run, and the batch in the order of its calls', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const order: string[] = [];
    const years = Array.from({ length: 6 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'panchang_festivals', arguments: { latitude: 61.5, longitude: 24.9, tz: '+02:00', year: 1801 + i } },
    }));
    const batch = fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(years) })
      .then((r) => r.json() as Promise<RpcAnswer[]>)
      .then((answers) => (order.push('batch'), answers));
    let done = false;
    void batch.finally(() => (done = true));
    // One probe at a time until the batch is answered: each year is computed in a worker thread,
    // so the event loop answers probes between the calls.
    while (!done) {
      await fetch(`${base}/health/live`).then((r) => r.arrayBuffer());
      if (!done) order.push('health');
    }
    const answers = await batch;
    expect(answers.map((a) => a.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(answers.filter((a) => !a.result || a.result.isError).map((a) => JSON.stringify(a).slice(0, 300))).toEqual([]);
    expect(order.indexOf('health')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('health')).toBeLessThan(order.indexOf('batch'));
  });
});
