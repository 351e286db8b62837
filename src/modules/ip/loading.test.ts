// The IP data takes seconds to open (tens on a busy host): the server listens first and opens
// it after; meanwhile /ip answers 503 "loading" with Retry-After, and /health/ready names it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildApp, type BuiltApp } from '../../app.js';
import { TEST_DEFAULTS } from '../../../test/helpers/app.js';
import { withService } from '../../modules.js';
import { ipModule } from './index.js';

describe('/ip while its data is loading', () => {
  let b: BuiltApp;
  beforeAll(async () => {
    // Built and ready, but its loads not started: the moment between listen and the end of the load.
    b = await buildApp(loadConfig({ ...TEST_DEFAULTS, IP_API_FALLBACK: 'false' }), { logLevel: 'silent', modules: withService([ipModule]) });
    await b.app.ready();
  });
  afterAll(() => b.app.close());

  it('lists the load as waiting before it starts, and serves liveness meanwhile', async () => {
    expect((await b.app.inject('/health/live')).statusCode).toBe(200);
    const ready = await b.app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().loading).toContain('ip-data');
  });

  it('answers 503 loading with Retry-After instead of waiting, then the location once loaded', async () => {
    const first = await b.app.inject('/ip?ip=8.8.8.8');
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('5');
    expect(first.json()).toMatchObject({ status: 'error', code: 'NOT_READY', state: 'loading', load: 'ip-data' });
    expect(first.json().message).toMatch(/^the IP location data \(DB-IP City Lite, ASN\) is loading since /);

    await b.startLoads();
    const after = await b.app.inject('/ip?ip=8.8.8.8');
    expect(after.statusCode).toBe(200);
    expect(after.json().location.country_code).toBe('US');
    expect((await b.app.inject('/health/ready')).json().loading).toEqual([]);
    const health = JSON.parse((await b.app.inject('/health')).body) as { loads: { name: string; state: string }[] };
    expect(health.loads.find((l) => l.name === 'ip-data')?.state).toBe('ready');
  });
});
