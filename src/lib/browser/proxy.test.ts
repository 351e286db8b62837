// The guarded proxy on its own (no browser): what it forwards, what it refuses, and that a
// refused target never sees a connection. 127.0.0.1 is allowed (the test's site); 127.0.0.2,
// also this machine, is not, and stands for every private address.

import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlGuard } from '../../core/net/index.js';
import { GuardedProxy, PROXY_HEADER } from './proxy.js';

interface Recorder {
  server: Server;
  port: number;
  connections: number;
  headers: Record<string, string | string[] | undefined>[];
}

async function recorder(host: string): Promise<Recorder> {
  const r: Recorder = { server: createServer(), port: 0, connections: 0, headers: [] };
  r.server.on('connection', () => r.connections++);
  r.server.on('request', (req, res) => {
    r.headers.push(req.headers);
    res.setHeader('content-type', 'text/plain');
    res.end(`hello from ${host}${req.url}`);
  });
  await new Promise<void>((resolve) => r.server.listen(0, host, resolve));
  r.port = (r.server.address() as AddressInfo).port;
  return r;
}

/** One request through the proxy in absolute form. */
function viaProxy(
  proxyPort: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT through the proxy: the status line it answers, and whether bytes then flow to the target. */
function connectVia(proxyPort: number, target: string, then?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(proxyPort, '127.0.0.1');
    let got = '';
    s.on('connect', () => s.write(`CONNECT ${target} HTTP/1.1\r\nhost: ${target}\r\n\r\n`));
    s.on('data', (d) => {
      got += d.toString();
      if (then && got.startsWith('HTTP/1.1 200') && !got.includes('hello')) s.write(then);
      if (!then || got.includes('hello')) s.end();
    });
    s.on('close', () => resolve(got));
    s.on('error', reject);
    setTimeout(() => s.destroy(), 3000);
  });
}

describe('guarded forward proxy', () => {
  let site: Recorder;
  let other: Recorder;
  let proxy: GuardedProxy;
  let port: number;
  const refused: string[] = [];

  beforeAll(async () => {
    site = await recorder('127.0.0.1');
    other = await recorder('127.0.0.2');
    proxy = new GuardedProxy({ guard: new UrlGuard({ allowHosts: ['127.0.0.1'] }), idleTimeoutMs: 3000, onBlocked: (t) => refused.push(t) });
    port = await proxy.listen();
  });
  afterAll(async () => {
    await proxy.close();
    site.server.close();
    other.server.close();
  });

  it('forwards a plain http request to an allowed host, without the hop-by-hop headers', async () => {
    const r = await viaProxy(port, `http://127.0.0.1:${site.port}/page`, { 'proxy-authorization': 'Basic eDp5', 'x-kept': '1' });
    expect(r.status).toBe(200);
    expect(r.body).toBe('hello from 127.0.0.1/page');
    const seen = site.headers.at(-1)!;
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['x-kept']).toBe('1');
  });

  it.each(['http://127.0.0.2:PORT/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[::1]:PORT/', 'http://2130706434:PORT/'])(
    'refuses a plain http request to %s with 403, marked as its own answer',
    async (target) => {
      const before = other.connections;
      const r = await viaProxy(port, target.replace('PORT', String(other.port)));
      expect(r.status).toBe(403);
      expect(r.headers[PROXY_HEADER]).toBe('blocked');
      expect(r.body).toMatch(/refused: .*(loopback|link-local|private)/);
      expect(other.connections).toBe(before);
    },
  );

  it('refuses at connect time a name that resolves to a private address', async () => {
    const r = await viaProxy(port, `http://localhost:${site.port}/`);
    expect(r.status).toBe(403);
    expect(r.body).toMatch(/localhost/);
    expect(proxy.verdict(new URL(`http://localhost:${site.port}/`))).toMatchObject({ kind: 'blocked' });
  });

  it('tunnels CONNECT to an allowed host and refuses it to any other', async () => {
    const ok = await connectVia(port, `127.0.0.1:${site.port}`, 'GET /tunnel HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect(ok).toMatch(/^HTTP\/1\.1 200 Connection Established/);
    expect(ok).toContain('hello from 127.0.0.1/tunnel');
    const before = other.connections;
    for (const target of [`127.0.0.2:${other.port}`, '169.254.169.254:443', '[fd00:ec2::254]:443', `localhost:${site.port}`]) {
      expect(await connectVia(port, target)).toMatch(/^HTTP\/1\.1 403/);
    }
    expect(other.connections).toBe(before);
    expect(refused).toContain(`127.0.0.2:${other.port}`);
  });

  it('answers 400 to requests that are not proxy requests', async () => {
    expect((await viaProxy(port, '/not-absolute')).status).toBe(400);
    expect(await connectVia(port, 'no-port-here')).toMatch(/^HTTP\/1\.1 400/);
    expect(await connectVia(port, 'user@127.0.0.1:80')).toMatch(/^HTTP\/1\.1 400/);
  });

  it('answers 502 when an allowed target does not answer, and records why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await viaProxy(port, `http://127.0.0.1:${deadPort}/`);
    expect(r.status).toBe(502);
    expect(r.headers[PROXY_HEADER]).toBe('failed');
    expect(proxy.verdict(new URL(`http://127.0.0.1:${deadPort}/`))).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/ECONNREFUSED/) });
    expect(await connectVia(port, `127.0.0.1:${deadPort}`)).toMatch(/^HTTP\/1\.1 502/);
  });
});

describe('guarded forward proxy for a remote browser (credentials per context)', () => {
  let site: Recorder;
  let proxy: GuardedProxy;
  let port: number;
  const basic = (user: string, password: string) => ({ 'proxy-authorization': `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
  const connectWith = (headers: Record<string, string>) => {
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return new Promise<string>((resolve, reject) => {
      const s = connect(port, '127.0.0.1');
      let got = '';
      s.on('connect', () => s.write(`CONNECT 127.0.0.1:${site.port} HTTP/1.1\r\nhost: x\r\n${extra}\r\n`));
      s.on('data', (d) => {
        got += d.toString();
        s.end();
      });
      s.on('close', () => resolve(got));
      s.on('error', reject);
    });
  };

  beforeAll(async () => {
    site = await recorder('127.0.0.1');
    // Where a browser tier reaches it (here this machine, on a fixed address rather than an ephemeral one's default).
    proxy = new GuardedProxy({ guard: new UrlGuard({ allowHosts: ['127.0.0.1'] }), idleTimeoutMs: 3000, host: '127.0.0.1', requireCredentials: true });
    port = await proxy.listen();
  });
  afterAll(async () => {
    await proxy.close();
    site.server.close();
  });

  it('answers 407 with a Basic challenge to a request without credentials, or with credentials it never granted, and forwards nothing', async () => {
    const before = site.connections;
    const target = `http://127.0.0.1:${site.port}/page`;
    for (const headers of [{}, basic('someone', 'guess'), { 'proxy-authorization': 'Bearer x' }]) {
      const r = await viaProxy(port, target, headers);
      expect(r.status).toBe(407);
      expect(r.headers['proxy-authenticate']).toMatch(/^Basic realm=/);
    }
    expect(await connectWith({})).toMatch(/^HTTP\/1\.1 407 .*\r\nproxy-authenticate: Basic realm=/s);
    expect(await connectWith(basic('someone', 'guess'))).toMatch(/^HTTP\/1\.1 407/);
    expect(site.connections).toBe(before);
  });

  it("forwards with a context's credentials while they are granted, and refuses them once revoked", async () => {
    const grant = proxy.grant();
    const other = proxy.grant();
    const target = `http://127.0.0.1:${site.port}/granted`;
    const ok = await viaProxy(port, target, basic(grant.username, grant.password));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('hello from 127.0.0.1/granted');
    // The site never sees the credentials (hop-by-hop).
    expect(site.headers.at(-1)!['proxy-authorization']).toBeUndefined();
    expect(await connectWith(basic(grant.username, grant.password))).toMatch(/^HTTP\/1\.1 200/);
    // One context's user name with another's password is no grant.
    expect((await viaProxy(port, target, basic(grant.username, other.password))).status).toBe(407);
    grant.revoke();
    expect((await viaProxy(port, target, basic(grant.username, grant.password))).status).toBe(407);
    expect(await connectWith(basic(grant.username, grant.password))).toMatch(/^HTTP\/1\.1 407/);
    expect((await viaProxy(port, target, basic(other.username, other.password))).status).toBe(200);
    other.revoke();
  });

  it('still refuses private targets to a context with valid credentials', async () => {
    const grant = proxy.grant();
    const r = await viaProxy(port, 'http://10.0.0.1/', basic(grant.username, grant.password));
    expect(r.status).toBe(403);
    expect(r.headers[PROXY_HEADER]).toBe('blocked');
    grant.revoke();
  });
});
