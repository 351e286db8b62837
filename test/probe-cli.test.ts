// `npm run probe -- fuel --save <dir>` as a deployment with internet would run it, here against
// fake upstreams on 127.0.0.1: the table, then every answer read saved where a test loads it.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readCaptures } from '../src/core/upstream/index.js';
import { fixture } from '../src/modules/fuel/fixtures/fake-servers.js';
import { parseNdtvFuel } from '../src/modules/fuel/providers/ndtv.js';
import { fakeUpstream } from './helpers/fake-upstream.js';
import { offlineUpstreams } from './helpers/server-process.js';

const run = promisify(execFile);
const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const PROBE = new URL('../src/probe.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'jankari-probe-save-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run probe -- --save', () => {
  it('prints the table and saves every answer read under src/modules/<module>/fixtures/captured', async () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const site = await fakeUpstream({
      'GET /petrol-price.html': { body: fixture('goodreturns-petrol-price.html'), headers: html },
      'GET /fuel-prices/petrol-price-in-all-state': { body: fixture('ndtv-petrol-all-state.html'), headers: html },
      'GET /petrol-price-in-bangalore.html': { body: fixture('goodreturns-petrol-bangalore-2026.html'), headers: html },
      'GET /fuel-prices/petrol-price-in-karnataka-state': { body: fixture('ndtv-petrol-maharashtra-state.html'), headers: html },
    });
    try {
      const env = {
        ...process.env,
        ...offlineUpstreams(),
        FUEL_GOODRETURNS_URL: site.url,
        FUEL_NDTV_URL: site.url,
        DATABASE_URL: 'sqlite::memory:',
        LOG_LEVEL: 'error',
      };
      const { stdout } = await run(TSX, [PROBE, 'fuel', '--save', dir], { env, timeout: 120_000 });
      expect(stdout).toContain('4 of 4 upstreams answered and parsed');
      expect(stdout).toMatch(/saved 4 answer\(s\) in 6 file\(s\) under /);
      const captured = await readCaptures(join(dir, 'src/modules/fuel/fixtures'));
      expect(captured.map((c) => c.file).sort()).toEqual([
        'goodreturns-fuel/127.0.0.1-petrol-price-in-bangalore.html',
        'goodreturns-fuel/127.0.0.1-petrol-price.html',
        'ndtv-fuel/127.0.0.1-fuel-prices-petrol-price-in-all-state.html',
        'ndtv-fuel/127.0.0.1-fuel-prices-petrol-price-in-karnataka-state.html',
      ]);
      const ndtv = captured.find((c) => c.upstream === 'ndtv-fuel' && c.url.endsWith('all-state'))!;
      expect(parseNdtvFuel(ndtv.body!.toString(), { fuel: 'petrol' })).toHaveLength(36);
    } finally {
      await site.close();
    }
  }, 150_000);
});
