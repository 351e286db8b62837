import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { ipModule } from './index.js';
import { openGeoDb } from './service.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await testApp(env, { modules: [ipModule] });
  open.push(t);
  return t.app;
}

// The offline data (~130 MB) is opened once for the whole file.
beforeAll(async () => {
  await openGeoDb();
});

describe('GET /ip from the offline data', () => {
  it('locates an IPv4 address with country, region, coordinates, zone and network', async () => {
    const res = await (await app()).inject({ url: '/ip?ip=8.8.8.8' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      api: 'ip',
      ip: '8.8.8.8',
      version: 4,
      location: { country: 'United States', country_code: 'US', timezone: expect.stringMatching(/^America\//) },
      network: { as: 'AS15169 Google LLC', org: 'Google LLC', isp: 'Google LLC' },
      reserved: null,
      source: 'dbip',
      attribution: expect.stringContaining('DB-IP'),
      cached: false,
    });
    expect(typeof res.json().location.lat).toBe('number');
  });

  it('agrees with the ip-api.com documentation example on country, region, zone and AS number', async () => {
    const b = (await (await app()).inject({ url: '/ip?q=24.48.0.1' })).json();
    expect(b.location).toMatchObject({ country: 'Canada', country_code: 'CA', region: 'Quebec', timezone: 'America/Toronto' });
    expect(b.network.as).toMatch(/^AS5769 /);
  });

  it('locates an IPv6 address', async () => {
    const b = (await (await app()).inject({ url: '/ip?ip=2001:4860:4860::8888' })).json();
    expect(b).toMatchObject({ version: 6, network: { as: 'AS15169 Google LLC' } });
    expect(b.location.country_code).toMatch(/^[A-Z]{2}$/);
  });

  it('locates an Indian address in its state and in Asia/Kolkata', async () => {
    const b = (await (await app()).inject({ url: '/ip?ip=49.36.0.1' })).json();
    expect(b.location).toMatchObject({ country: 'India', country_code: 'IN', timezone: 'Asia/Kolkata' });
  });
});

describe('GET /ip refusals and plain answers', () => {
  it.each(['999.1.1.1', 'example.com', '127.1', '1.2.3'])('answers 400 for %s', async (bad) => {
    const res = await (await app()).inject({ url: `/ip?ip=${encodeURIComponent(bad)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'ip' });
  });

  it('names q in the message when q was the parameter given', async () => {
    const res = await (await app()).inject({ url: '/ip?q=nope' });
    expect(res.json()).toMatchObject({ param: 'q' });
  });

  it('says a private address has no public location instead of guessing', async () => {
    const res = await (await app()).inject({ url: '/ip?ip=192.168.1.10' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ip: '192.168.1.10',
      location: null,
      network: null,
      source: null,
      reserved: '192.168.1.10 is a private address (192.168.0.0/16): it has no public location',
    });
  });
});

describe('GET /ip without an address', () => {
  it('uses the connecting address and ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
    const a = await app({ TRUST_PROXY: 'false' });
    const b = (await a.inject({ url: '/ip', remoteAddress: '49.36.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } })).json();
    expect(b.ip).toBe('49.36.0.1');
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const a = await app({ TRUST_PROXY: '127.0.0.1' });
    const b = (await a.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } })).json();
    expect(b.ip).toBe('8.8.8.8');
    expect(b.network.as).toBe('AS15169 Google LLC');
  });

  it('answers plainly that a local caller has no public location', async () => {
    const b = (await (await app()).inject({ url: '/ip', remoteAddress: '127.0.0.1' })).json();
    expect(b.reserved).toMatch(/loopback/);
  });
});

describe('ip-api.com fallback', () => {
  // 3000::1 is global unicast IANA has not allocated: public, yet the offline data has no
  // record of it. (Space outside 2000::/3, such as 4000::1, is reserved and never looked up.)
  const LOOSE = '3000::1';
  const body = {
    status: 'success',
    country: 'Canada',
    countryCode: 'CA',
    region: 'QC',
    regionName: 'Quebec',
    city: 'Montreal',
    zip: 'H3G',
    lat: 45.4995,
    lon: -73.5848,
    timezone: 'America/Toronto',
    isp: 'Le Groupe Videotron Ltee',
    org: 'Videotron Ltee',
    as: 'AS5769 Videotron Telecom Ltee',
    query: LOOSE,
  };

  it('is not asked when it is off, and the offline answer has empty fields', async () => {
    const f = await fakeUpstream({ [`GET /json/${encodeURIComponent(LOOSE)}`]: { body } });
    open.push(f);
    const b = (await (await app({ IP_API_URL: f.url })).inject({ url: `/ip?ip=${LOOSE}` })).json();
    expect(b).toMatchObject({ source: 'dbip', location: { country: null } });
    expect(f.requests).toHaveLength(0);
  });

  it('answers from ip-api.com when on and the offline data has no record, then from cache', async () => {
    const f = await fakeUpstream((req) => (req.path.startsWith('/json/') ? { body } : { status: 404 }));
    open.push(f);
    const a = await app({ IP_API_URL: f.url, IP_API_FALLBACK: 'true' });
    const b = (await a.inject({ url: `/ip?ip=${LOOSE}` })).json();
    expect(b).toMatchObject({
      source: 'ip-api',
      cached: false,
      location: { region_code: 'QC', city: 'Montreal' },
      attribution: expect.stringContaining('ip-api.com'),
    });
    expect((await a.inject({ url: `/ip?ip=${LOOSE}` })).json().cached).toBe(true);
    expect(f.requests).toHaveLength(1);
  });

  it('keeps answering from the offline data when ip-api.com fails', async () => {
    const f = await fakeUpstream(() => ({ status: 503 }));
    open.push(f);
    const res = await (await app({ IP_API_URL: f.url, IP_API_FALLBACK: 'true' })).inject({ url: `/ip?ip=${LOOSE}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('dbip');
  });

  it('does not ask ip-api.com about addresses the offline data knows', async () => {
    const f = await fakeUpstream(() => ({ body }));
    open.push(f);
    await (await app({ IP_API_URL: f.url, IP_API_FALLBACK: 'true' })).inject({ url: '/ip?ip=8.8.8.8' });
    expect(f.requests).toHaveLength(0);
  });
});
