import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { upstreamFetch } from '../upstream/http.js';
import { BlockedAddressError, UrlGuard } from './guard.js';

const client = { userAgent: 'test', timeoutMs: 3000, maxBytes: 1 << 20 };

describe('SSRF guard, with no allowed hosts', () => {
  const guard = new UrlGuard();
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await fakeUpstream({ 'GET /': { body: 'hello' }, 'GET /hop': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } } });
  });
  afterAll(() => site.close());

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://10.1.1.1/',
    'http://192.168.0.1/',
    'http://100.64.1.1/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://app.localhost/',
    'http://metadata.google.internal/',
  ])('refuses %s before connecting', (u) => {
    expect(() => guard.checkUrl(new URL(u))).toThrow(BlockedAddressError);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/'])('refuses the scheme of %s', (u) => {
    expect(() => guard.checkUrl(new URL(u))).toThrow(/only http and https/);
  });

  it('refuses URLs carrying credentials', () => {
    expect(() => guard.checkUrl(new URL('http://user:pw@example.com/'))).toThrow(/credentials/);
  });

  it('lets public names and addresses through the pre-check', () => {
    expect(() => guard.checkUrl(new URL('https://example.com/a'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://93.184.216.34/'))).not.toThrow();
  });

  it('refuses at connect time a hostname that resolves to a private address', async () => {
    // No beforeHop here: only the pool's DNS lookup stands between the name and 127.0.0.1.
    const url = `http://localhost:${site.port}/`;
    const err = await upstreamFetch('t', { url, dispatcher: guard.agent() }, client).catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(String(err.message)).toMatch(/localhost resolves to .*(loopback)/);
    expect(site.requests).toHaveLength(0);
  });

  it('refuses a redirect to a metadata address at that hop', async () => {
    const allowSite = new UrlGuard({ allowHosts: ['127.0.0.1'] });
    const err = await upstreamFetch('t', { url: `${site.url}/hop`, beforeHop: allowSite.beforeHop, dispatcher: allowSite.agent() }, client).catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err.message).toMatch(/169\.254\.169\.254 is a link-local address/);
  });

  it('answers the lookup in the shape asked for', async () => {
    const open = new UrlGuard({ allowHosts: ['localhost'] });
    const one = await new Promise<unknown[]>((resolve) => open.lookup('localhost', {}, (...a) => resolve(a)));
    expect(one[0]).toBeNull();
    expect(typeof one[1]).toBe('string');
    const all = await new Promise<unknown[]>((resolve) => open.lookup('localhost', { all: true }, (...a) => resolve(a)));
    expect(Array.isArray(all[1])).toBe(true);
    const refused = await new Promise<unknown[]>((resolve) => guard.lookup('localhost', { all: true }, (...a) => resolve(a)));
    expect(refused[0]).toBeInstanceOf(BlockedAddressError);
  });
});

describe('SSRF guard with FETCH_ALLOW_HOSTS', () => {
  it('lets the named hosts through, and only them', async () => {
    const site = await fakeUpstream({ 'GET /': { body: 'hello' } });
    const guard = new UrlGuard({ allowHosts: ['localhost', '127.0.0.1'] });
    expect(() => guard.checkUrl(new URL(site.url))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://10.0.0.1/'))).toThrow(BlockedAddressError);
    const res = await upstreamFetch('t', { url: `http://localhost:${site.port}/`, beforeHop: guard.beforeHop, dispatcher: guard.agent() }, client);
    expect(res.text()).toBe('hello');
    await site.close();
  });
});
