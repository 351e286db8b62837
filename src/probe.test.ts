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
import { probeTable, probesOf, runProbes, selectProbes } from './probe.js';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';
import { TEST_DEFAULTS } from '../test/helpers/app.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The NDTV listing with its table rows taken out: the page a markup change would give us. */
function staleNdtv() {
  const $ = cheerio.load(fixture('ndtv-petrol-all-state.html'));
  $('#myID tr').remove();
  return $.html();
}

async function probesAgainstFakes() {
  const html = { 'content-type': 'text/html; charset=utf-8' };
  const goodreturns = await fakeUpstream({ 'GET /petrol-price.html': { body: fixture('goodreturns-petrol-price.html'), headers: html } });
  const ndtv = await fakeUpstream({ 'GET /fuel-prices/petrol-price-in-all-state': { body: staleNdtv(), headers: html } });
  const frankfurter = await fakeUpstream(() => ({ hang: true }));
  const currencyApi = await fakeUpstream(() => ({ status: 503, body: 'down' }));
  for (const f of [goodreturns, ndtv, frankfurter, currencyApi]) cleanups.push(f.close);
  const config = loadConfig({
    ...TEST_DEFAULTS,
    FUEL_GOODRETURNS_URL: goodreturns.url,
    FUEL_NDTV_URL: ndtv.url,
    FOREX_FRANKFURTER_URL: frankfurter.url,
    FOREX_CURRENCY_API_URL: `${currencyApi.url}/npm/currency-api`,
  });
  const ctx = createContext(config, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  cleanups.push(() => closeContext(ctx, true));
  return probesOf(createInstances(ctx, [fuelModule, forexModule], new Ports()));
}

describe('npm run probe', () => {
  it('asks each upstream once and reports ok with its rows, or the failure kind, per upstream', async () => {
    const probes = await probesAgainstFakes();
    expect(probes.map((p) => `${p.module}/${p.probe.upstream}`)).toEqual(['fuel/goodreturns-fuel', 'fuel/ndtv-fuel', 'forex/frankfurter', 'forex/currency-api']);
    const rows = await runProbes(probes, { timeoutMs: 1500 });
    expect(rows.map((r) => [r.upstream, r.outcome, r.rows])).toEqual([
      ['goodreturns-fuel', 'ok', 36],
      ['ndtv-fuel', 'parse', 0],
      ['frankfurter', 'timeout', 0],
      ['currency-api', 'unavailable', 0],
    ]);
    expect(rows[2].ms).toBeGreaterThanOrEqual(1400);
    expect(rows[2].ms).toBeLessThan(5000);
  });

  it('prints a table with a line per upstream, a summary and why each failed one failed', async () => {
    const rows = await runProbes(await probesAgainstFakes(), { timeoutMs: 1500 });
    const lines = probeTable(rows).split('\n');
    expect(lines[0]).toMatch(/^module\s+upstream\s+asks\s+result\s+rows\s+ms$/);
    expect(lines[2]).toMatch(/^fuel\s+goodreturns-fuel\s+petrol, all states\s+ok\s+36\s+\d+$/);
    expect(lines[3]).toMatch(/^fuel\s+ndtv-fuel\s+petrol, all states\s+parse\s+0\s+\d+$/);
    expect(lines).toContain('1 of 4 upstreams answered and parsed');
    expect(lines.find((l) => l.includes('ndtv-fuel (petrol, all states): parse:'))).toMatch(/no petrol table/);
  });

  it('keeps the probes of the named modules or upstreams', async () => {
    const probes = await probesAgainstFakes();
    expect(selectProbes(probes, ['forex']).map((p) => p.probe.upstream)).toEqual(['frankfurter', 'currency-api']);
    expect(selectProbes(probes, ['ndtv-fuel', 'frankfurter']).map((p) => p.probe.upstream)).toEqual(['ndtv-fuel', 'frankfurter']);
    expect(selectProbes(probes, [])).toHaveLength(4);
  });

  it('reports an answer with no row for a known query as empty, not ok', async () => {
    const rows = await runProbes([{ module: 'm', probe: { upstream: 'u', asks: 'x', run: async () => ({ rows: 0 }) } }], { timeoutMs: 100 });
    expect(rows[0]).toMatchObject({ outcome: 'empty', rows: 0 });
  });
});
