import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeResponse, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { tablesOf } from '../../core/db/index.js';
import { BOOTSTRAP_JOB } from './index.js';
import type { DomainTables } from './tables.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const GOOGLE = JSON.parse(read('./fixtures/rdap.verisign.com-domain-google.com.json'));
const CZ = JSON.parse(read('./fixtures/rdap.nic.cz-domain-example.cz.json'));
const SNAPSHOT = JSON.parse(read('./data/iana-rdap-dns.json'));

describe('GET /domain', () => {
  let up: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;
  const registry: Record<string, FakeResponse> = {};
  const registrar: Record<string, FakeResponse> = {};

  beforeAll(async () => {
    up = await fakeUpstream((req) => {
      if (req.path === '/dns.json') return { body: bootstrapFile(up.url) };
      const reg = /^\/(com|cz)\/domain\/(.+)$/.exec(req.path);
      if (reg) return registry[decodeURIComponent(reg[2])] ?? { status: 404, body: { errorCode: 404, title: 'Not Found' } };
      const rr = /^\/registrar\/domain\/(.+)$/.exec(req.path);
      if (rr) return registrar[rr[1]] ?? { status: 404 };
      return { status: 404 };
    });
    // The fake registrar lives on 127.0.0.1, which the SSRF guard of the registrar hop refuses unless allowed.
    // The budget at its most: it ends only a hang, never a busy machine's slow answer (the
    // timeout test has its own app).
    t = await testApp({ RDAP_BOOTSTRAP_URL: `${up.url}/dns.json`, DOMAIN_TIMEOUT_MS: '60000', FETCH_ALLOW_HOSTS: '127.0.0.1' });
    // Load the fake bootstrap through the daily job, as production does.
    await t.ctx.scheduler.runNow(BOOTSTRAP_JOB);
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });
  beforeEach(() => {
    up.requests.length = 0;
    for (const k of Object.keys(registry)) delete registry[k];
    for (const k of Object.keys(registrar)) delete registrar[k];
  });

  const get = (url: string) => t.app.inject({ url });
  const paths = () => up.requests.map((r) => r.path);

  it("answers a registered domain with the registry's record", async () => {
    registry['google.com'] = { body: GOOGLE, headers: { 'content-type': 'application/rdap+json' } };
    const res = await get('/domain?name=google.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      api: 'domain',
      domain: 'google.com',
      available: false,
      registered: '1997-09-15T04:00:00Z',
      expiration: '2028-09-14T04:00:00Z',
      last_changed: '2019-09-09T15:39:04Z',
      registrar: 'MarkMonitor Inc.',
      status_codes: [
        'client delete prohibited',
        'client transfer prohibited',
        'client update prohibited',
        'server delete prohibited',
        'server transfer prohibited',
        'server update prohibited',
      ],
      nameservers: ['ns1.google.com', 'ns2.google.com', 'ns3.google.com', 'ns4.google.com'],
      secure_dns: false,
      cached: false,
      stale: false,
    });
    // The registry said everything: the registrar is not asked.
    expect(paths()).toEqual(['/com/domain/google.com']);
  });

  it('strips https://, www. and the path, and takes domain or q as the name', async () => {
    registry['youtube.com'] = { body: GOOGLE };
    expect((await get('/domain?domain=' + encodeURIComponent('https://www.YouTube.com/watch?v=x'))).json().domain).toBe('youtube.com');
    // Same name, other parameter: served from the 24-hour cache.
    expect((await get('/domain?q=www.youtube.com')).json()).toMatchObject({ domain: 'youtube.com', cached: true });
    expect(paths()).toEqual(['/com/domain/youtube.com']);
  });

  it("asks the registrar through the registry's related link when the registry lacks the registrar", async () => {
    // Derived from the real Verisign answer: the registrar's name removed and the related link
    // pointed at the fake registrar, which answers with the original.
    const thin = structuredClone(GOOGLE);
    delete thin.entities[0].vcardArray;
    thin.links[1].href = `${up.url}/registrar/domain/GOOGLE.COM`;
    registry['thin-registry.com'] = { body: thin };
    registrar['GOOGLE.COM'] = { body: GOOGLE };
    const res = await get('/domain?name=thin-registry.com');
    expect(res.json()).toMatchObject({ available: false, registrar: 'MarkMonitor Inc.', registered: '1997-09-15T04:00:00Z' });
    expect(paths()).toEqual(['/com/domain/thin-registry.com', '/registrar/domain/GOOGLE.COM']);
  });

  it("keeps the registry's answer when the registrar fails, naming the registrar by handle", async () => {
    const thin = structuredClone(GOOGLE);
    delete thin.entities[0].vcardArray;
    thin.links[1].href = `${up.url}/registrar/domain/GOOGLE.COM`;
    registry['registrar-down.com'] = { body: thin };
    registrar['GOOGLE.COM'] = { status: 500, body: 'oops' };
    const res = await get('/domain?name=registrar-down.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrar: '292', expiration: '2028-09-14T04:00:00Z' });
  });

  it('refuses to follow a related link to an internal address, keeping the registry answer', async () => {
    // Only loopback targets here, so that even a broken guard would send nothing off this machine;
    // the full range table (metadata, private, link-local) is tested in src/core/net.
    for (const href of [
      `http://127.0.0.2:${up.port}/registrar/domain/GOOGLE.COM`,
      `http://[::1]:${up.port}/registrar/domain/GOOGLE.COM`,
      `http://localhost:${up.port}/registrar/domain/GOOGLE.COM`,
    ]) {
      const thin = structuredClone(GOOGLE);
      delete thin.entities[0].vcardArray;
      thin.links[1].href = href;
      registry['points-inside.com'] = { body: thin };
      registrar['GOOGLE.COM'] = { body: GOOGLE };
      up.requests.length = 0;
      await t.ctx.cache.namespace('domain', { ttlMs: 1 }).delete('points-inside.com');
      const res = await get('/domain?name=points-inside.com');
      expect(res.statusCode, href).toBe(200);
      // The registry's record stands: the registrar is named by its IANA handle only.
      expect(res.json(), href).toMatchObject({ available: false, registrar: '292' });
      expect(paths(), href).not.toContain('/registrar/domain/GOOGLE.COM');
    }
  });

  it('reads a ccTLD registry that names its registrar by handle only (.cz)', async () => {
    registry['example.cz'] = { body: CZ };
    const res = await get('/domain?name=example.cz');
    expect(res.json()).toMatchObject({
      domain: 'example.cz',
      available: false,
      registrar: 'REG-INTERNET-CZ',
      last_changed: null,
      nameservers: ['ns2.pipni.cz', 'ns3.pipni.cz', 'ns.pipni.cz'],
      secure_dns: false,
    });
  });

  it('answers available when the registry has no record (404)', async () => {
    const res = await get('/domain?name=surely-not-registered-7f3a.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      api: 'domain',
      domain: 'surely-not-registered-7f3a.com',
      available: true,
      message: expect.stringContaining('not registered'),
    });
    expect(res.json()).not.toHaveProperty('registrar');
  });

  it('looks internationalised names up in punycode', async () => {
    const res = await get('/domain?name=' + encodeURIComponent('příklad.cz'));
    expect(res.json()).toMatchObject({ domain: 'xn--pklad-zsa96e.cz', available: true });
    expect(paths()).toEqual(['/cz/domain/xn--pklad-zsa96e.cz']);
  });

  it('refuses a missing or invalid name with 400', async () => {
    expect((await get('/domain')).json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param: 'name' });
    const bad = await get('/domain?domain=not_a_domain!.com');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('domain');
    expect(up.requests).toHaveLength(0);
  });

  it('answers 404 saying so for a TLD without RDAP', async () => {
    const res = await get('/domain?name=example.de');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', tld: 'de', message: expect.stringContaining('.de has no RDAP service') });
    expect(up.requests).toHaveLength(0);
  });

  it('answers 502 when the registry fails and 504 when it does not answer in time', async () => {
    registry['broken.com'] = { status: 503, body: 'maintenance' };
    const failed = await get('/domain?name=broken.com');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('UPSTREAM_FAILED');
    registry['slow.cz'] = { hang: true };
    // A registry that never answers, asked with a short budget: only the budget ends the call. The
    // instance reads the bootstrap the first one stored, so nothing else is asked within the budget.
    const hurried = await testApp({ RDAP_BOOTSTRAP_URL: `${up.url}/dns.json`, DOMAIN_TIMEOUT_MS: '1500' }, { db: t.ctx.db });
    try {
      const slow = await hurried.app.inject({ url: '/domain?name=slow.cz' });
      expect(slow.statusCode).toBe(504);
      expect(slow.json().code).toBe('UPSTREAM_TIMEOUT');
    } finally {
      await hurried.close();
    }
  });

  it('uses the bootstrap another instance stored, without downloading it again', async () => {
    registry['shared-db.com'] = { body: GOOGLE };
    const other = await testApp({ RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:9/never-fetched.json' }, { db: t.ctx.db });
    try {
      const res = await other.app.inject({ url: '/domain?name=shared-db.com' });
      expect(res.json()).toMatchObject({ domain: 'shared-db.com', available: false });
      expect(paths()).toEqual(['/com/domain/shared-db.com']);
    } finally {
      await other.close();
    }
  });

  it('keeps the bootstrap in use when a download is suspiciously short', async () => {
    const before = await tablesOf<DomainTables>(t.ctx.db).selectFrom('domain_rdap_bootstrap').select('publication').executeTakeFirst();
    const short = await fakeUpstream({ 'GET /dns.json': { body: { publication: '2099-01-01T00:00:00Z', services: [[['com'], ['https://x.test/']]] } } });
    const other = await testApp({ RDAP_BOOTSTRAP_URL: `${short.url}/dns.json` }, { db: t.ctx.db });
    try {
      await other.ctx.scheduler.runNow(BOOTSTRAP_JOB);
      expect(other.ctx.scheduler.status().find((j) => j.name === BOOTSTRAP_JOB)?.last_error).toMatch(/refusing/);
      const after = await tablesOf<DomainTables>(t.ctx.db).selectFrom('domain_rdap_bootstrap').select('publication').executeTakeFirst();
      expect(after).toEqual(before);
    } finally {
      await other.close();
      await short.close();
    }
  });
});

/** The shipped IANA snapshot with .com and .cz pointed at the fake registry. */
function bootstrapFile(base: string) {
  const services = SNAPSHOT.services.map(([labels, urls]: [string[], string[]]) => {
    if (labels.includes('com')) return [labels.filter((l) => l !== 'com'), urls];
    if (labels.includes('cz')) return [labels.filter((l) => l !== 'cz'), urls];
    return [labels, urls];
  });
  services.push([['com'], [`${base}/com/`]], [['cz'], [`${base}/cz`]]);
  return { ...SNAPSHOT, publication: '2026-11-20T23:00:00Z', services };
}

describe('following the registry’s related link', () => {
  it('follows https links, and http only when the registry itself is served over http', async () => {
    const { followable } = await import('./service.js');
    expect(followable('https://rdap.markmonitor.com/rdap/domain/GOOGLE.COM', ['https://rdap.verisign.com/com/v1/'])).toBe(
      'https://rdap.markmonitor.com/rdap/domain/GOOGLE.COM',
    );
    expect(followable('http://rdap.example-registrar.test/domain/x.com', ['https://rdap.verisign.com/com/v1/'])).toBeNull();
    expect(followable('http://rdap.example-registrar.test/domain/x.kg', ['http://rdap.cctld.kg/'])).toBe('http://rdap.example-registrar.test/domain/x.kg');
    expect(followable('file:///etc/passwd', ['http://rdap.cctld.kg/'])).toBeNull();
    expect(followable('not a url', ['https://rdap.verisign.com/com/v1/'])).toBeNull();
  });
});

describe('RDAP_URL: one RDAP server for every registry query', () => {
  let boot: FakeUpstream;
  let mirror: FakeUpstream;
  const answers: Record<string, FakeResponse> = {};

  beforeAll(async () => {
    // The bootstrap's .com server and the mirror are two hosts (ports), so a test sees which one was asked.
    boot = await fakeUpstream((req) => {
      if (req.path === '/dns.json') return { body: bootstrapFile(boot.url) };
      return { body: GOOGLE };
    });
    mirror = await fakeUpstream((req) => {
      const m = /^\/rdap\/domain\/(.+)$/.exec(req.path);
      return (m && answers[decodeURIComponent(m[1])]) ?? { status: 404, body: { errorCode: 404, title: 'Not Found' } };
    });
  });
  afterAll(async () => {
    await boot.close();
    await mirror.close();
  });
  beforeEach(() => {
    boot.requests.length = 0;
    mirror.requests.length = 0;
    for (const k of Object.keys(answers)) delete answers[k];
  });

  /** An app whose bootstrap names `boot` for .com and .cz, with RDAP_URL as given. */
  async function app(rdapUrl: string, extra: Record<string, string> = {}) {
    const t = await testApp({ RDAP_BOOTSTRAP_URL: `${boot.url}/dns.json`, RDAP_URL: rdapUrl, DOMAIN_TIMEOUT_MS: '60000', ...extra });
    await t.ctx.scheduler.runNow(BOOTSTRAP_JOB);
    boot.requests.length = 0;
    return t;
  }
  const thinPointingAt = (href: string) => {
    const thin = structuredClone(GOOGLE);
    delete thin.entities[0].vcardArray;
    thin.links[1].href = href;
    return thin;
  };

  it("asks RDAP_URL/domain/<name> for every TLD, never the bootstrap's server", async () => {
    const t = await app(`${mirror.url}/rdap`);
    try {
      answers['google.com'] = { body: GOOGLE };
      expect((await t.app.inject({ url: '/domain?name=google.com' })).json()).toMatchObject({ available: false, registrar: 'MarkMonitor Inc.' });
      expect((await t.app.inject({ url: '/domain?name=example.cz' })).json()).toMatchObject({ domain: 'example.cz', available: true });
      expect(mirror.requests.map((r) => r.path)).toEqual(['/rdap/domain/google.com', '/rdap/domain/example.cz']);
      expect(boot.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('still answers 404 for a TLD the bootstrap gives no RDAP service, without asking RDAP_URL', async () => {
    // A mirror's 404 would read as "available"; whether the TLD has RDAP at all is the bootstrap's to say.
    const t = await app(`${mirror.url}/rdap`);
    try {
      const res = await t.app.inject({ url: '/domain?name=example.de' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ tld: 'de' });
      expect(mirror.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("uses the bootstrap's server when RDAP_URL is empty", async () => {
    const t = await app('');
    try {
      expect(t.config.RDAP_URL).toBeUndefined();
      expect((await t.app.inject({ url: '/domain?name=google.com' })).json()).toMatchObject({ available: false, registrar: 'MarkMonitor Inc.' });
      expect(boot.requests.map((r) => r.path)).toEqual(['/com/domain/google.com']);
      expect(mirror.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("follows a registrar link on RDAP_URL's own host, and none to another host", async () => {
    // The SSRF guard lets 127.0.0.1 through here, so only the RDAP_URL rule stops the other host.
    const t = await app(`${mirror.url}/rdap`, { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    try {
      answers['mirrored-registrar.com'] = { body: thinPointingAt(`${mirror.url}/rdap/domain/GOOGLE.COM`) };
      answers['GOOGLE.COM'] = { body: GOOGLE };
      expect((await t.app.inject({ url: '/domain?name=mirrored-registrar.com' })).json()).toMatchObject({ registrar: 'MarkMonitor Inc.' });
      expect(mirror.requests.map((r) => r.path)).toEqual(['/rdap/domain/mirrored-registrar.com', '/rdap/domain/GOOGLE.COM']);

      answers['outside-registrar.com'] = { body: thinPointingAt(`${boot.url}/registrar/domain/GOOGLE.COM`) };
      const res = await t.app.inject({ url: '/domain?name=outside-registrar.com' });
      expect(res.statusCode).toBe(200);
      // The registry's record stands, the registrar named by its IANA handle.
      expect(res.json()).toMatchObject({ available: false, registrar: '292' });
      expect(boot.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('answers an unreachable RDAP_URL like any failing upstream: 502 naming the host and the setting', async () => {
    const t = await app('http://127.0.0.1:9', { FOREX_FRANKFURTER_URL: 'http://127.0.0.1:9', FOREX_CURRENCY_API_URL: 'http://127.0.0.1:9' });
    try {
      const res = await t.app.inject({ url: '/domain?name=google.com' });
      expect(res.statusCode).toBe(502);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'error',
        code: 'UPSTREAM_FAILED',
        tried: [{ provider: 'rdap:127.0.0.1:9', host: '127.0.0.1:9', reason: 'network' }],
      });
      expect(body.message).toContain('127.0.0.1:9');
      expect(body.hint).toContain('set RDAP_URL to use another host');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      // The same shape as another module's upstream failure.
      const fx = await t.app.inject({ url: '/forex?base=USD&to=INR' });
      expect(fx.statusCode).toBe(502);
      expect(Object.keys(body).sort()).toEqual(Object.keys(fx.json()).sort());
      expect(Object.keys(body.tried[0]).sort()).toEqual(Object.keys(fx.json().tried[0]).sort());
      expect(boot.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("names RDAP_URL in the hint when a bootstrap's server cannot be reached", async () => {
    const unreachable = await fakeUpstream({
      'GET /dns.json': { body: { ...SNAPSHOT, publication: '2026-11-20T23:00:00Z', services: [...SNAPSHOT.services, [['test'], ['http://127.0.0.1:9/']]] } },
    });
    const t = await testApp({ RDAP_BOOTSTRAP_URL: `${unreachable.url}/dns.json`, DOMAIN_TIMEOUT_MS: '60000' });
    try {
      await t.ctx.scheduler.runNow(BOOTSTRAP_JOB);
      const res = await t.app.inject({ url: '/domain?name=example.test' });
      expect(res.statusCode).toBe(502);
      expect(res.json().hint).toContain('set RDAP_URL to use another host');
    } finally {
      await t.close();
      await unreachable.close();
    }
  });

  it('probes the .com registry at RDAP_URL when it is set', async () => {
    const t = await app(`${mirror.url}/rdap`);
    try {
      const { domainProbes } = await import('./probes.js');
      expect(domainProbes(t.ctx).map((p) => p.upstream)).toEqual(['iana-rdap-bootstrap', `rdap:127.0.0.1:${mirror.port}`]);
    } finally {
      await t.close();
    }
  });
});
