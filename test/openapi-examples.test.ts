// The example of every operation in /openapi.json is a real answer of this service: the app runs
// against the modules' fixtures (test/helpers/fixture-upstream.ts; each fixture's provenance is
// in its folder), every data load runs first, then each route's example request is asked. The
// answers, cut to a readable size, live in src/plugins/data/openapi-examples.json.
//
// This test fails when an answer's shape drifts from its stored example, or a stored example
// no longer fits its operation's response schema. Refresh the file with:
//   UPDATE_EXAMPLES=1 npx vitest run test/openapi-examples.test.ts

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config.js';
import { operationIdOf, type OperationExample } from '../src/core/http/openapi.js';
import { serversFor } from '../src/modules/domain/bootstrap.js';
import { shippedBootstrap } from '../src/modules/domain/service.js';
import { homePage, makeKeralaPdf, priceListPage } from '../src/modules/liquor/fixtures/make-pdf.js';
import { testApp } from './helpers/app.js';
import { FIXTURE_NOW } from './helpers/clock.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { fixtureUpstream, type FixtureUpstream } from './helpers/fixture-upstream.js';

const FILE = new URL('../src/plugins/data/openapi-examples.json', import.meta.url);
const UPDATE = process.env.UPDATE_EXAMPLES === '1';

/** Images: the example is the request alone (the parameters' examples come from it). */
const IMAGE = /^\/(qr|liquor-img|screenshot|astro\/chart)(\/|\?|$)/;
/** Operations whose example answer cannot be captured offline, and why. */
const NOT_CAPTURED: Record<string, string> = {
  getLabPincode: 'asks api.postalpincode.in directly, and the only fixture of it is constructed (no real capture)',
};
/** The error statuses an operation's examples are kept for: those /openapi.json documents. */
const ERROR_ANSWERS: Record<string, true> = { 400: true, 401: true, 404: true, 422: true, 429: true, 502: true, 503: true, 504: true };
/**
 * Operations that render in the browser: their 5xx answers are the browser's (502, 504) where
 * BROWSER_PATH's Chromium is installed, and 503 where it is not. The stored examples are a
 * machine's with Chromium; on one without, those operations' 5xx are not compared.
 */
const RENDERED = new Set(['getScreenshot']);
const BROWSER_INSTALLED = existsSync(SETTINGS.find((s) => s.env === 'BROWSER_PATH' && 'default' in s)?.default ?? '/usr/bin/chromium');
/** The fixture world's moment, held still: the stored answers' times do not change from run to run. */
const exampleClock = () => new Date(FIXTURE_NOW);
/** The web routes' example site, served by the fixture server and written back as this. */
const SITE = 'https://example.com/';

type Listing = { groups: { endpoints: { path: string; example?: string }[] }[] };
type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };

/**
 * The real base URL a setting's stand-in is written back as: its default, or, for a setting with
 * none that moves an upstream, the server a deployment without it asks (RDAP_URL: the one the
 * shipped bootstrap names for example.com, the example's name). Else `fallback`.
 */
function realBase(name: string, fallback: string): string {
  const setting = SETTINGS.find((s) => s.env === name);
  if (setting && 'default' in setting) return setting.default;
  if (name === 'RDAP_URL') return serversFor(shippedBootstrap(), 'example.com')?.[0] ?? fallback;
  return fallback;
}

/**
 * The example request with its web page (`url=example.com`, or `/r/<url>` in the path) served by
 * the server at `origin`: the fixture site, or a failing stand-in. The query form is encoded, so a
 * plain replace of the origin in the finished URL would miss it and ask the live fixture instead.
 */
function askedAt(example: string, origin: string): string {
  return example.replace('url=example.com', `url=${encodeURIComponent(`${origin}/SITE/page-1`)}`).replace(`/r/${SITE}`, `/r/${origin}/SITE/`);
}

/** Arrays cut to their first 3 items and long strings to 300 characters: a readable example. */
function cut(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map(cut);
  if (typeof v === 'string') return v.length > 300 ? `${v.slice(0, 300)}…` : v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]));
  return v;
}

/** Keys and value types, arrays by their first item: what must not drift unnoticed. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, shape((v as Record<string, unknown>)[k])]),
    );
  return v === null ? 'null' : typeof v;
}

type Param = { in: string; name: string; required?: boolean; schema?: { type?: string | string[]; enum?: unknown[]; maxLength?: number; pattern?: string } };

/**
 * Requests that break one parameter of an example: a value outside the enum, a word for a
 * number, one character too many, a required parameter left out (400); an unknown name for a
 * free-text one (404). The service's real answers to them are the operation's error examples.
 */
function brokenRequests(example: string, params: Param[]): string[] {
  const out: string[] = [];
  const url = new URL(example, 'http://x');
  const path = (name: string, value: string) =>
    url.pathname
      .split('/')
      .map((seg, i) => (segmentOf(example, name) === i ? encodeURIComponent(value) : seg))
      .join('/') + url.search;
  const query = (name: string, value: string | undefined) => {
    const q = new URLSearchParams(url.search);
    if (value === undefined) q.delete(name);
    else q.set(name, value);
    return `${url.pathname}${q.size ? `?${q}` : ''}`;
  };
  for (const p of params) {
    const set = (v: string) => (p.in === 'path' ? path(p.name, v) : query(p.name, v));
    const types = [p.schema?.type ?? 'string'].flat();
    if (p.schema?.enum) out.push(set('not-a-value'));
    else if (types.includes('integer') || types.includes('number')) out.push(set('abc'));
    else if (types.includes('boolean')) out.push(set('maybe'));
    else {
      if (p.schema?.maxLength !== undefined && p.schema.maxLength < 5000) out.push(set('x'.repeat(p.schema.maxLength + 1)));
      out.push(set('atlantis'), set('zz'));
    }
    if (p.required && p.in === 'query' && url.searchParams.has(p.name)) out.push(query(p.name, undefined));
  }
  return out;
}

/** Which segment of the example's path a path parameter is, from the /{name} of the OpenAPI path. */
let templates: Record<string, string> = {};
function segmentOf(example: string, name: string): number {
  const tpl = templates[new URL(example, 'http://x').pathname.split('/').slice(0, 2).join('/')] ?? '';
  return tpl.split('/').indexOf(`{${name}}`);
}

/** A stand-in upstream that fails every call: `reset` drops the connection, `hang` never answers. */
async function failingUpstream(mode: 'reset' | 'hang'): Promise<{ origin: string; close: () => Promise<void> }> {
  const held: import('node:http').ServerResponse[] = [];
  const server: Server = createServer((req, res) => (mode === 'reset' ? req.socket.destroy() : held.push(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * One failing upstream per upstream setting (and one for the example site), so a message that
 * names only a host ("127.0.0.1:41363 could not be reached") is written back as that setting's
 * real host, and the stored examples do not change with the ports of a run.
 */
async function failingUpstreams(
  mode: 'reset' | 'hang',
  env: Record<string, string>,
  fixtureOrigin: string,
): Promise<{ env: Record<string, string>; site: string; real: (text: string) => string; close: () => Promise<void> }> {
  const servers: { origin: string; close: () => Promise<void> }[] = [];
  const pairs: [string, string][] = [];
  const deadEnv: Record<string, string> = {};
  for (const [name, base] of Object.entries(env)) {
    const dead = await failingUpstream(mode);
    servers.push(dead);
    deadEnv[name] = base.split(fixtureOrigin).join(dead.origin);
    const realOrigin = new URL(realBase(name, SITE)).origin;
    pairs.push([`${dead.origin}/${name}`, realOrigin], [dead.origin, realOrigin], [dead.origin.replace('http://', ''), new URL(realOrigin).host]);
  }
  const site = await failingUpstream(mode);
  servers.push(site);
  pairs.push(
    [`${site.origin}/SITE/`, SITE],
    [`${site.origin}/`, SITE],
    [site.origin, SITE.replace(/\/$/, '')],
    [site.origin.replace('http://', ''), new URL(SITE).host],
  );
  // Longest first: a setting's base URL before the bare origin it starts with.
  pairs.sort((a, b) => b[0].length - a[0].length);
  return {
    env: deadEnv,
    site: site.origin,
    real: (text) => pairs.reduce((acc, [from, to]) => acc.split(from).join(to), text),
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

describe('OpenAPI examples', () => {
  let up: FixtureUpstream;
  let ksbc: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  const captured: Record<string, OperationExample> = {};
  const failures: string[] = [];

  /** The fixture server's addresses in an answer, written as the real upstreams' base URLs. */
  let realUrls: (text: string) => string;

  /**
   * Each operation's error answers, asked for real: broken parameters against the fixture app
   * (400, 404); the example against an app whose upstreams drop every connection (502, 503:
   * nothing loaded) and one whose upstreams never answer (504); the example without a key and
   * then twice more on an app with keys and a limit of one request (401, 429).
   */
  async function captureErrors(listing: Listing, env: Record<string, string>): Promise<void> {
    const doc = (await t.app.inject('/openapi.json')).json() as { paths: Record<string, { get?: { operationId: string; parameters?: Param[] } }> };
    templates = Object.fromEntries(Object.keys(doc.paths).map((p) => [p.split('/').slice(0, 2).join('/'), p]));
    // Only GET operations: the POST doors (/firecrawl/…) have no example URL to break.
    const byId = new Map(
      Object.entries(doc.paths).flatMap(([path, item]) => (item.get ? [[item.get.operationId, { path, params: item.get.parameters ?? [] }] as const] : [])),
    );
    const keep = (id: string, status: number, body: string, real = realUrls) => {
      if (!(String(status) in ERROR_ANSWERS)) return;
      const errors = (captured[id]!.errors ??= {});
      errors[status] ??= cut(JSON.parse(real(body)));
    };
    const endpoints = listing.groups.flatMap((g) => g.endpoints).filter((e) => e.example && captured[operationIdOf('GET', e.path)]);
    const asked = (example: string) => askedAt(example, up.origin);
    for (const e of endpoints) {
      const id = operationIdOf('GET', e.path);
      captured[id]!.errors = {};
      for (const url of brokenRequests(asked(e.example!), byId.get(id)?.params ?? [])) {
        const res = await t.app.inject({ url, headers: { accept: 'application/json' } });
        if (res.statusCode === 400 || res.statusCode === 404) keep(id, res.statusCode, res.body);
      }
      // The reader's include: a selector the page does not have is a 422 naming it.
      if ((byId.get(id)?.params ?? []).some((p) => p.name === 'include')) {
        const url = `${asked(e.example!)}&include=${encodeURIComponent('#no-such-part')}`;
        const res = await t.app.inject({ url, headers: { accept: 'application/json' } });
        if (res.statusCode === 422) keep(id, 422, res.body);
      }
    }
    for (const mode of ['reset', 'hang'] as const) {
      const dead = await failingUpstreams(mode, env, up.origin);
      // Hanging upstreams: every deadline at its least, so each answer is the 504 it documents.
      // Dropped connections fail at once: every deadline at its most, so a busy machine (a
      // browser slow to start on a loaded CI host) still answers the 502, not a 504.
      const timeouts = Object.fromEntries(
        SETTINGS.filter((x) => /TIMEOUT_MS$/.test(x.env) && x.env !== 'DATABASE_START_TIMEOUT_MS').map((x) => [
          x.env,
          String(mode === 'hang' ? Math.max('min' in x ? x.min : 100, 100) : 'max' in x ? x.max : 60000),
        ]),
      );
      const d = await testApp(
        { ...dead.env, ...timeouts, FETCH_ALLOW_HOSTS: '127.0.0.1', PUBLIC_BASE_URL: 'https://jankari.example.org' },
        { now: exampleClock },
      );
      try {
        for (const e of endpoints) {
          const url = askedAt(e.example!, dead.site);
          const res = await d.app.inject({ url, headers: { accept: 'application/json' } });
          if (res.statusCode >= 500) keep(operationIdOf('GET', e.path), res.statusCode, res.body, dead.real);
        }
      } finally {
        await d.close();
        await dead.close();
      }
    }
    const limited = await testApp({ ...env, API_KEYS: 'example-key', RATE_LIMIT_MAX: '1', FETCH_ALLOW_HOSTS: '127.0.0.1' }, { now: exampleClock });
    try {
      for (const e of endpoints) {
        const id = operationIdOf('GET', e.path);
        const url = asked(e.example!);
        const bare = await limited.app.inject({ url, headers: { accept: 'application/json' }, remoteAddress: `10.0.${endpoints.indexOf(e)}.1` });
        if (bare.statusCode === 401) keep(id, 401, bare.body);
        for (let i = 0; i < 2; i++) {
          const res = await limited.app.inject({
            url,
            headers: { accept: 'application/json', 'x-api-key': 'example-key' },
            remoteAddress: `10.1.${endpoints.indexOf(e)}.1`,
          });
          if (res.statusCode === 429) keep(id, 429, res.body);
        }
      }
    } finally {
      await limited.close();
    }
  }

  beforeAll(async () => {
    up = await fixtureUpstream();
    ksbc = await fakeUpstream({
      'GET /': { body: homePage, headers: { 'content-type': 'text/html' } },
      'GET /price-list': { body: priceListPage('/files/pricelist.pdf'), headers: { 'content-type': 'text/html' } },
      'GET /files/pricelist.pdf': { body: await makeKeralaPdf(), headers: { 'content-type': 'application/pdf' } },
    });
    const env = up.env();
    t = await testApp(
      {
        ...env,
        LIQUOR_KERALA_URL: `${ksbc.url}/`,
        LIQUOR_MIN_ROWS: '20',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        TRAIN_STATIONS_MIN_ROWS: '1',
        IFSC_DATASET_MIN_ROWS: '1',
        // The fuel fixtures cover 76 of the 92 prices a live crawl finds (the states, the metro cities
        // the listings give, and the city pages there are fixtures of).
        PRICES_MIN_ROWS_PERCENT: '80',
        // Cashfree answers from its documented examples; the key only has to be set.
        GST_CASHFREE_CLIENT_ID: 'example',
        GST_CASHFREE_CLIENT_SECRET: 'example',
        // Image links of the answers as a deployment writes them.
        PUBLIC_BASE_URL: 'https://jankari.example.org',
      },
      { now: exampleClock },
    );
    // Longest first: a setting's base URL before the bare origin it starts with.
    const real = Object.entries(env)
      .map(([name, base]) => [base, realBase(name, base).replace(/\/$/, '')] as const)
      // The example site's pages, then its root (links of the article), then its bare host (messages).
      .concat([
        [ksbc.url, 'https://www.ksbc.co.in'],
        [`${up.origin}/SITE/`, SITE],
        [`${up.origin}/`, SITE],
        [up.origin.replace('http://', ''), new URL(SITE).host],
      ])
      .sort((a, b) => b[0].length - a[0].length);
    realUrls = (text) => real.reduce((acc, [from, to]) => acc.split(from).join(to), text);
    for (const job of t.ctx.scheduler.status()) {
      await t.ctx.scheduler.runNow(job.name);
      const error = t.ctx.scheduler.status().find((s) => s.name === job.name)?.last_error;
      if (error) throw new Error(`data load ${job.name} failed: ${error}`);
    }

    const listing = (await t.app.inject({ url: '/', headers: { accept: 'application/json' } })).json() as Listing;
    for (const e of listing.groups.flatMap((g) => g.endpoints)) {
      const id = operationIdOf('GET', e.path);
      if (!e.example) {
        failures.push(`${e.path}: the route declares no example (config.example)`);
        continue;
      }
      if (IMAGE.test(e.example) || NOT_CAPTURED[id]) {
        captured[id] = { request: e.example };
        continue;
      }
      // The web routes' example page, in a query (/fetch?url=) or in the path (/r/<url>).
      const res = await t.app.inject({ url: askedAt(e.example, up.origin), headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) failures.push(`${e.example}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      else captured[id] = { request: e.example, body: cut(JSON.parse(realUrls(res.body))) };
    }
    await captureErrors(listing, env);
    if (UPDATE && !BROWSER_INSTALLED) throw new Error('refresh the examples where Chromium is installed (BROWSER_PATH): /screenshot documents its answers');
    if (UPDATE) writeFileSync(FILE, `${JSON.stringify(Object.fromEntries(Object.entries(captured).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
    // A hang guard past the suite's 5 minutes: this asks every operation about eight times on
    // four apps, waiting out each hanging upstream's deadline, and took about 290 s alone on the
    // shared 2-core host under load (six busy loops, load ~33), over 5 minutes among the date suites.
  }, 1_200_000);

  afterAll(async () => {
    await t?.close();
    await up?.close();
    await ksbc?.close();
  });

  it('answers every example request with 200 from the fixtures', () => {
    expect(failures).toEqual([]);
  });

  it('has a stored example of the same shape for every operation', () => {
    const stored = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, OperationExample>;
    expect(Object.keys(stored).sort()).toEqual(Object.keys(captured).sort());
    for (const [id, now] of Object.entries(captured)) {
      expect(stored[id].request, id).toBe(now.request);
      expect(shape(stored[id].body), `${id}: refresh with UPDATE_EXAMPLES=1 (see the top of this file)`).toEqual(shape(now.body));
      // the same error answers, by status and code, as the operation gives today
      const compared = ([status]: [string, unknown]) => BROWSER_INSTALLED || !RENDERED.has(id) || Number(status) < 500;
      const codes = (e: OperationExample['errors']) =>
        Object.entries(e ?? {})
          .filter(compared)
          .map(([status, b]) => `${status} ${(b as { code: string }).code}`);
      expect(codes(stored[id].errors), `${id}: refresh with UPDATE_EXAMPLES=1`).toEqual(codes(now.errors));
    }
  });

  // After an update the running app still holds the examples it loaded at start: run again to check.
  it.skipIf(UPDATE)('publishes each example in /openapi.json, fitting the response schema', async () => {
    const doc = (await t.app.inject('/openapi.json')).json() as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc as object, 'openapi');
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op) continue;
      const example = captured[op.operationId];
      const json = op.responses['200']?.content?.['application/json'] as { schema?: unknown; example?: unknown } | undefined;
      if (!example?.body) continue;
      expect(json?.example, op.operationId).toEqual(JSON.parse(readFileSync(FILE, 'utf8'))[op.operationId].body);
      if (!json?.schema) continue;
      const pointer = `openapi#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`;
      const validate = ajv.getSchema(pointer)!;
      expect(validate(json.example) ? [] : validate.errors, op.operationId).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
