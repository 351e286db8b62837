import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import * as cheerio from 'cheerio';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './core/context.js';
import { Ports } from './core/ports.js';
import { createInstances } from './plugins/modules.js';
import { fuelModule } from './modules/fuel/index.js';
import { forexModule } from './modules/forex/index.js';
import { fixture } from './modules/fuel/fixtures/fake-servers.js';
import { probeArgs, probeTable, probesOf, runProbes, saveProbeAnswers, selectProbes } from './probe.js';
import { createUpstreamClient, readCaptures, recordingFetch, type CapturedAnswer } from './core/upstream/index.js';
import { parseGoodreturnsFuel } from './modules/fuel/providers/goodreturns.js';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';
import { TEST_DEFAULTS } from '../test/helpers/app.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * The probes' deadline where frankfurter hangs: it alone must end that hang, and the fuel probes
 * must parse their pages within it on a loaded machine too: 10 s rather than 1.5 s.
 */
const PROBE_MS = 10_000;

/** The NDTV listing with its table rows taken out: the page a markup change would give us. */
function staleNdtv() {
  const $ = cheerio.load(fixture('ndtv-petrol-all-state.html'));
  $('#myID tr').remove();
  return $.html();
}

async function probesAgainstFakes(record?: (a: CapturedAnswer) => void) {
  const html = { 'content-type': 'text/html; charset=utf-8' };
  const goodreturns = await fakeUpstream({
    'GET /petrol-price.html': { body: fixture('goodreturns-petrol-price.html'), headers: html },
    'GET /petrol-price-in-bangalore.html': { body: fixture('goodreturns-petrol-bangalore-2026.html'), headers: html },
  });
  const ndtv = await fakeUpstream({ 'GET /fuel-prices/petrol-price-in-all-state': { body: staleNdtv(), headers: html } });
  const frankfurter = await fakeUpstream(() => ({ hang: true }));
  const currencyApi = await fakeUpstream(() => ({ status: 503, body: 'down' }));
  for (const f of [goodreturns, ndtv, frankfurter, currencyApi]) cleanups.push(f.close);
  const config = loadConfig({
    ...TEST_DEFAULTS,
    // One upstream call may take two minutes: only the probe's own deadline (PROBE_MS) ends frankfurter's hang sooner.
    UPSTREAM_TIMEOUT_MS: '120000',
    FUEL_GOODRETURNS_URL: goodreturns.url,
    FUEL_NDTV_URL: ndtv.url,
    FOREX_FRANKFURTER_URL: frankfurter.url,
    FOREX_CURRENCY_API_URL: `${currencyApi.url}/npm/currency-api`,
  });
  const client = createUpstreamClient({ userAgent: config.USER_AGENT, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES });
  const at = new Date('2026-11-27T01:00:00Z');
  const ctx = createContext(
    config,
    pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    record ? { fetch: recordingFetch(client, record, () => at) } : {},
  );
  cleanups.push(() => closeContext(ctx, true));
  return probesOf(createInstances(ctx, [fuelModule, forexModule], new Ports()));
}

describe('npm run probe', () => {
  it('asks each upstream once and reports ok with its rows, or the failure kind, per upstream', async () => {
    const probes = await probesAgainstFakes();
    // Each fuel source twice: its all-state listing and Bengaluru's page (a city page, or NDTV's state page).
    expect(probes.map((p) => `${p.module}/${p.probe.upstream}`)).toEqual([
      'fuel/goodreturns-fuel',
      'fuel/goodreturns-fuel',
      'fuel/ndtv-fuel',
      'fuel/ndtv-fuel',
      'forex/frankfurter',
      'forex/currency-api',
    ]);
    const rows = await runProbes(probes, { timeoutMs: PROBE_MS });
    expect(rows.map((r) => [r.upstream, r.asks, r.outcome, r.rows])).toEqual([
      ['goodreturns-fuel', 'petrol, all states', 'ok', 36],
      ['goodreturns-fuel', 'petrol, Bengaluru', 'ok', 1],
      ['ndtv-fuel', 'petrol, all states', 'parse', 0],
      ['ndtv-fuel', 'petrol, Bengaluru', 'not_found', 0],
      ['frankfurter', expect.any(String), 'timeout', 0],
      ['currency-api', expect.any(String), 'unavailable', 0],
    ]);
    // The hanging one was cut at the probe's 10 s deadline, not the call's 120 s, and its ms say
    // so. The lower bound cannot fail on a busy machine (timers only fire late); 60 s is a hang
    // guard, far from both 10 s and 120 s.
    expect(rows[4].message).toMatch(`within ${PROBE_MS} ms`);
    expect(rows[4].ms).toBeGreaterThanOrEqual(PROBE_MS - 100);
    expect(rows[4].ms).toBeLessThan(60_000);
  });

  it('prints a table with a line per upstream, a summary and why each failed one failed', async () => {
    const rows = await runProbes(await probesAgainstFakes(), { timeoutMs: PROBE_MS });
    const lines = probeTable(rows).split('\n');
    expect(lines[0]).toMatch(/^module\s+upstream\s+asks\s+result\s+rows\s+ms$/);
    expect(lines[2]).toMatch(/^fuel\s+goodreturns-fuel\s+petrol, all states\s+ok\s+36\s+\d+$/);
    expect(lines[3]).toMatch(/^fuel\s+goodreturns-fuel\s+petrol, Bengaluru\s+ok\s+1\s+\d+$/);
    expect(lines[4]).toMatch(/^fuel\s+ndtv-fuel\s+petrol, all states\s+parse\s+0\s+\d+$/);
    expect(lines).toContain('2 of 6 upstreams answered and parsed');
    expect(lines.find((l) => l.includes('ndtv-fuel (petrol, all states): parse:'))).toMatch(/no petrol table/);
  });

  it('keeps the probes of the named modules or upstreams', async () => {
    const probes = await probesAgainstFakes();
    expect(selectProbes(probes, ['forex']).map((p) => p.probe.upstream)).toEqual(['frankfurter', 'currency-api']);
    expect(selectProbes(probes, ['ndtv-fuel', 'frankfurter']).map((p) => p.probe.upstream)).toEqual(['ndtv-fuel', 'ndtv-fuel', 'frankfurter']);
    expect(selectProbes(probes, [])).toHaveLength(6);
  });

  it('reports an answer with no row for a known query as empty, not ok', async () => {
    const rows = await runProbes([{ module: 'm', probe: { upstream: 'u', asks: 'x', run: async () => ({ rows: 0 }) } }], { timeoutMs: 100 });
    expect(rows[0]).toMatchObject({ outcome: 'empty', rows: 0 });
  });
});

describe('npm run probe -- --save <dir>', () => {
  const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

  async function savedRun() {
    const answers: CapturedAnswer[] = [];
    const probes = await probesAgainstFakes((a) => answers.push(a));
    await runProbes(probes, { timeoutMs: PROBE_MS });
    const dir = mkdtempSync(join(tmpdir(), 'jankari-captures-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const files = await saveProbeAnswers(dir, answers, probes);
    return { dir, files };
  }

  it('reads the folder after --save and keeps the other arguments as names', () => {
    expect(probeArgs(['fuel', '--save', 'out', 'ndtv-fuel'])).toEqual({ wanted: ['fuel', 'ndtv-fuel'], save: 'out' });
    expect(probeArgs(['--save=caps'])).toEqual({ wanted: [], save: 'caps' });
    expect(probeArgs(['forex'])).toEqual({ wanted: ['forex'] });
  });

  it('stores every answer the probes read, as received, under each module’s fixtures with its index and provenance', async () => {
    const { dir, files } = await savedRun();
    const fuel = join(dir, 'src/modules/fuel/fixtures/captured');
    const page = readFileSync(join(fuel, 'goodreturns-fuel/127.0.0.1-petrol-price.html'));
    expect(page.toString()).toBe(fixture('goodreturns-petrol-price.html'));
    const index = JSON.parse(readFileSync(join(fuel, 'index.json'), 'utf8'));
    expect(index.find((e: { upstream: string }) => e.upstream === 'goodreturns-fuel')).toMatchObject({
      module: 'fuel',
      file: 'goodreturns-fuel/127.0.0.1-petrol-price.html',
      at: '2026-11-27T01:00:00.000Z',
      status: 200,
      content_type: 'text/html; charset=utf-8',
      sha256: sha(page),
    });
    expect(index.find((e: { upstream: string }) => e.upstream === 'ndtv-fuel').url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/fuel-prices\/petrol-price-in-all-state$/,
    );
    const provenance = readFileSync(join(fuel, 'PROVENANCE.md'), 'utf8');
    expect(provenance.split('\n')[0]).toBe('# Captured answers of the fuel module');
    expect(provenance).toContain(`| \`goodreturns-fuel/127.0.0.1-petrol-price.html\` | goodreturns-fuel | `);
    expect(provenance).toContain(sha(page));
    // A failure is listed without a body: the 503 with its status, the hang as a timeout.
    const forex = JSON.parse(readFileSync(join(dir, 'src/modules/forex/fixtures/captured/index.json'), 'utf8'));
    expect(forex.map((e: { upstream: string; file: null; status: number | null }) => [e.upstream, e.file, e.status])).toEqual(
      expect.arrayContaining([['currency-api', null, 503]]),
    );
    expect(files.filter((f) => f.endsWith('PROVENANCE.md'))).toHaveLength(2);
  });

  it('writes captures a test loads back and parses, or serves again to the probe', async () => {
    const { dir } = await savedRun();
    const captured = await readCaptures(join(dir, 'src/modules/fuel/fixtures'));
    const listing = captured.find((c) => c.upstream === 'goodreturns-fuel' && c.url.endsWith('/petrol-price.html'))!;
    expect(parseGoodreturnsFuel(listing.body!.toString(), { fuel: 'petrol' }).filter((r) => r.type === 'state')).toHaveLength(36);
    // Served again from a fake upstream by path, the probe reads what was captured.
    const replay = await fakeUpstream(
      Object.fromEntries(
        captured.filter((c) => c.body).map((c) => [`GET ${new URL(c.url).pathname}`, { body: c.body, headers: { 'content-type': c.content_type! } }]),
      ),
    );
    cleanups.push(replay.close);
    const config = loadConfig({ ...TEST_DEFAULTS, FUEL_GOODRETURNS_URL: replay.url, FUEL_NDTV_URL: replay.url });
    const ctx = createContext(config, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    cleanups.push(() => closeContext(ctx, true));
    // Nothing here hangs: the deadline at a minute ends only a hang, never a slow parse.
    const rows = await runProbes(probesOf(createInstances(ctx, [fuelModule], new Ports())), { timeoutMs: 60_000 });
    expect(rows.map((r) => [r.upstream, r.outcome, r.rows])).toEqual([
      ['goodreturns-fuel', 'ok', 36],
      ['goodreturns-fuel', 'ok', 1],
      ['ndtv-fuel', 'parse', 0],
      ['ndtv-fuel', 'not_found', 0],
    ]);
  });
});
