// Every numeric parameter of every route in the OpenAPI document, attacked as a fuzzer would:
// non-finite spellings, numbers too long for a double and the values just past each bound must
// be a 400 JSON naming the parameter within a second, and the process must still answer
// /health after each. It runs against a real server process, because a request that spins
// native code (as /astro?dst_min=Infinity once did) hangs an in-process test instead of failing it.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineUpstreams, startServer, type ServerProcess } from './helpers/server-process.js';

type Schema = { type?: string; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number };
type Param = { name: string; in: string; schema: Schema };
interface Case {
  path: string;
  param: string;
  value: string;
  base: URLSearchParams;
}

const HOSTILE = ['Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '9'.repeat(400), `-${'9'.repeat(400)}`];

function edges(s: Schema): string[] {
  const lo = s.minimum ?? s.exclusiveMinimum;
  const hi = s.maximum ?? s.exclusiveMaximum;
  const out: string[] = [];
  if (s.exclusiveMinimum !== undefined) out.push(String(s.exclusiveMinimum));
  if (s.exclusiveMaximum !== undefined) out.push(String(s.exclusiveMaximum));
  if (lo !== undefined) out.push(String(lo - 1));
  if (hi !== undefined) out.push(String(hi + 1));
  return out;
}

let server: ServerProcess;
const cases: Case[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jankari-fuzz-'));
  server = startServer({
    ...offlineUpstreams(),
    DATABASE_URL: `sqlite:${dir}/j.db`,
    SCHEDULER_ENABLED: 'false',
    RATE_LIMIT_MAX: '0',
    PRICES_CRAWL_AT_START: 'false',
  });
  await server.ready();
  const openapi = (await (await fetch(`${server.base}/openapi.json`)).json()) as { paths: Record<string, { get?: { parameters?: Param[] } }> };
  const landing = (await (await fetch(`${server.base}/`)).json()) as { groups: { endpoints: { path: string; example?: string }[] }[] };
  // Each path's example URL supplies valid values for the other parameters, so that the one
  // under attack is what validation refuses.
  const examples = new Map(landing.groups.flatMap((g) => g.endpoints).map((e) => [e.path, new URL(e.example ?? e.path, server.base).searchParams]));
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const p of item.get?.parameters ?? []) {
      if (p.in !== 'query' || (p.schema.type !== 'number' && p.schema.type !== 'integer')) continue;
      const base = examples.get(path) ?? new URLSearchParams();
      for (const value of [...HOSTILE, ...edges(p.schema)]) cases.push({ path, param: p.name, value, base });
    }
  }
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
});

describe('numeric parameters under attack', () => {
  it('finds the numeric parameters of the OpenAPI document (astro, panchang, weather, web, search, history, stations)', () => {
    const paths = new Set(cases.map((c) => c.path));
    for (const p of ['/astro', '/panchang', '/weather', '/fetch', '/crawl', '/map', '/search', '/fuel/history', '/commodities/history', '/train/stations']) {
      expect(paths, p).toContain(p);
    }
    expect(cases.length).toBeGreaterThan(200);
  });

  it('refuses every non-finite, overlong or out-of-range value with a 400 naming it, and /health still answers', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const q = new URLSearchParams(c.base);
      q.set(c.param, c.value);
      const url = `${server.base}${c.path}?${q}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch((e: Error) => e);
      if (res instanceof Error) {
        failures.push(`${c.path} ${c.param}=${c.value.slice(0, 12)}: no answer within 1 s (${res.name})`);
      } else {
        const body = (await res.json().catch(() => null)) as { param?: string; code?: string } | null;
        if (res.status !== 400 || body?.code !== 'INVALID_PARAMETER' || body.param !== c.param) {
          failures.push(`${c.path} ${c.param}=${c.value.slice(0, 12)}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
        }
      }
      const health = await fetch(`${server.base}/health`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) {
        failures.push(`after ${c.path} ${c.param}=${c.value.slice(0, 12)}: /health answered ${health || 'nothing'}`);
        break;
      }
    }
    expect(failures).toEqual([]);
  });
});
