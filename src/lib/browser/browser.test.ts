// The guarded browser in a real headless Chromium (when JANKARI_TEST_CHROMIUM names one; CI
// always does), launched by the pool or, with JANKARI_TEST_BROWSER_TIER, a remote one (a
// Playwright server or a DevTools endpoint) whose contexts get the proxy. The test's site on
// 127.0.0.1 is allowed (FETCH_ALLOW_HOSTS's mechanism); a second server on 127.0.0.2 is not,
// and must never see a connection, whatever the page tries.

import { createHash } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserTier, type TestBrowserTier } from '../../../test/helpers/browser-tier.js';
import { BROWSER_TIER, CHROMIUM } from '../../../test/helpers/env.js';
import { BlockedAddressError } from '../../core/net/index.js';
import { BrowserUnavailableError, NavigationError } from './errors.js';
import { BrowserPool } from './pool.js';

type Pages = Record<string, (req: { url: string }) => { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean }>;

/** A tiny site: pages by path; WebSocket upgrades answered; every connection counted. */
async function site(host: string, pages: Pages) {
  const s = { server: createServer(), port: 0, connections: 0, requests: [] as string[], upgrades: 0, url: '' };
  s.server.on('connection', () => s.connections++);
  s.server.on('request', (req, res) => {
    s.requests.push(req.url ?? '');
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    const r = page ? page({ url: req.url ?? '' }) : { status: 404, body: 'none' };
    if (r.hang) return;
    res.writeHead(r.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...r.headers });
    res.end(r.body ?? '');
  });
  s.server.on('upgrade', (req, sock) => {
    s.upgrades++;
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    sock.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: ${accept}\r\n\r\n`);
  });
  await new Promise<void>((resolve) => s.server.listen(0, host, resolve));
  s.port = (s.server.address() as AddressInfo).port;
  s.url = `http://${host}:${s.port}`;
  return s;
}

/**
 * A page that tries every way out it can: each probe writes "ok" or "blocked" into #results.
 * The control probes aim at the page's own (allowed) origin, proving the probes work.
 */
function attackPage(evil: string, evilHost: string, udpPort: number): string {
  const targets = { evil, metadata: 'http://169.254.169.254', private10: 'http://10.0.0.1', byName: `http://localhost:${new URL(evil).port}` };
  return `<!doctype html><html><head><title>attack</title>
<link rel="stylesheet" href="${evil}/style.css"><link rel="prefetch" href="${evil}/prefetch">
<script src="${evil}/script.js"></script></head><body>
<img src="${evil}/img.png"><img src="${targets.metadata}/latest/meta-data/x.png"><img src="${targets.private10}/x.png">
<iframe src="${evil}/frame"></iframe><iframe src="${targets.metadata}/frame"></iframe>
<pre id="results"></pre>
<script>
const results = {};
const done = () => { document.getElementById('results').textContent = JSON.stringify(results); };
const probe = (name, p) => p.then(() => { results[name] = 'ok'; done(); }, () => { results[name] = 'blocked'; done(); });
const ws = (url) => new Promise((ok, no) => { const s = new WebSocket(url); s.onopen = ok; s.onerror = no; });
${Object.entries(targets)
  .map(([k, u]) => `probe('fetch-${k}', fetch('${u}/fetch'));`)
  .join('\n')}
probe('fetch-self', fetch('/self'));
probe('ws-evil', ws('${evil.replace('http', 'ws')}/ws'));
probe('wss-evil', ws('wss://${evilHost}:${new URL(evil).port}/ws'));
probe('ws-metadata', ws('ws://169.254.169.254/ws'));
probe('ws-self', ws('ws://' + location.host + '/ws'));
navigator.sendBeacon('${evil}/beacon', 'x');
try {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${evilHost}:${udpPort}' }] });
  pc.createDataChannel('x');
  pc.createOffer().then((o) => pc.setLocalDescription(o));
} catch (e) {}
</script></body></html>`;
}

describe.runIf(CHROMIUM)(`guarded headless browser (${BROWSER_TIER})`, () => {
  let tier: TestBrowserTier;
  let good: Awaited<ReturnType<typeof site>>;
  let evil: Awaited<ReturnType<typeof site>>;
  let udp: UdpSocket;
  let udpPackets = 0;
  let pool: BrowserPool;

  let closedPort = 0;

  beforeAll(async () => {
    const closed = await site('127.0.0.1', {});
    closedPort = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    // Were it reached, it would answer fetch() with CORS allowed: a probe's "blocked" is the proxy's doing.
    evil = await site('127.0.0.2', {
      '/': () => ({ body: '<h1>secret inside</h1>' }),
      '/fetch': () => ({ headers: { 'access-control-allow-origin': '*' }, body: 'secret' }),
    });
    udp = createSocket('udp4');
    udp.on('message', () => udpPackets++);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.2', resolve));
    const udpPort = udp.address().port;
    good = await site('127.0.0.1', {
      '/attack': () => ({ body: attackPage(evil.url, '127.0.0.2', udpPort) }),
      '/self': () => ({ body: 'self' }),
      '/hello': () => ({ body: '<title>Hello</title><h1>hello</h1><script>document.body.dataset.js = "ran"</script>' }),
      '/to-evil': () => ({ status: 302, headers: { location: `${evil.url}/` } }),
      '/to-metadata': () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
      '/to-file': () => ({ status: 302, headers: { location: 'file:///etc/passwd' } }),
      '/script-to-file': () => ({ body: `<p id="p">stay</p><script>location.href = 'file:///etc/passwd'</script>` }),
      '/script-to-data': () => ({ body: `<p>stay</p><script>location.href = 'data:text/html,%3Ch1%3Efrom%20data%3C/h1%3E'</script>` }),
      '/storage': () => ({
        body: `<body><script>document.body.dataset.before = (document.cookie || 'none') + '/' + (localStorage.getItem('k') || 'none'); document.cookie = 'k=v; max-age=999'; localStorage.setItem('k', 'v');</script></body>`,
      }),
      '/sw': () => ({
        body: `<script>navigator.serviceWorker.register('/sw.js').catch(() => {}).then(() => new Promise((r) => setTimeout(r, 300))).then(() => navigator.serviceWorker.getRegistrations()).then((regs) => { document.title = 'registrations: ' + regs.length; })</script>`,
      }),
      '/sw.js': () => ({ headers: { 'content-type': 'text/javascript' }, body: '' }),
      '/download': () => ({ headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename=x.bin' }, body: 'x' }),
      '/hang': () => ({ hang: true }),
      // A port nothing listens on (the server below is closed before the test).
      '/to-closed': () => ({
        body: `<title>Leaving</title><p>stay</p><script>setTimeout(() => location.replace('http://127.0.0.1:${closedPort}/'), 200)</script>`,
      }),
    });
    tier = await startBrowserTier();
    pool = new BrowserPool({ ...tier.pool, contexts: 2, timeoutMs: 8000, allowHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await pool?.close();
    await tier?.close();
    good?.server.close();
    evil?.server.close();
    udp?.close();
  });

  it('loads an allowed page, runs its scripts and gives the final DOM', async () => {
    const page = await pool.render(new URL(`${good.url}/hello`));
    expect(page).toMatchObject({ finalUrl: `${good.url}/hello`, status: 200, title: 'Hello', contentType: 'text/html; charset=utf-8' });
    expect(page.html).toContain('data-js="ran"');
  });

  it('blocks every subresource, frame, fetch, WebSocket, beacon and STUN packet aimed at private addresses', async () => {
    const page = await pool.render(new URL(`${good.url}/attack`), { delayMs: 1500 });
    const results = JSON.parse(/<pre id="results">([^<]*)<\/pre>/.exec(page.html)?.[1] ?? '{}');
    expect(results).toEqual({
      'fetch-evil': 'blocked',
      'fetch-metadata': 'blocked',
      'fetch-private10': 'blocked',
      'fetch-byName': 'blocked',
      'fetch-self': 'ok',
      'ws-evil': 'blocked',
      'wss-evil': 'blocked',
      'ws-metadata': 'blocked',
      'ws-self': 'ok',
    });
    expect(good.upgrades).toBeGreaterThan(0);
    expect(evil.connections).toBe(0);
    expect(udpPackets).toBe(0);
  });

  it.each(['/to-evil', '/to-metadata'])('refuses a main page whose redirect %s leads to a private address', async (path) => {
    const err = await pool.render(new URL(`${good.url}${path}`)).catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err.message).toMatch(/loopback|link-local/);
    // The hop refused and its address, for the 400 to name (issue 42).
    expect({ url: err.url, address: err.address }).toEqual(
      path === '/to-evil' ? { url: `${evil.url}/`, address: '127.0.0.2' } : { url: 'http://169.254.169.254/latest/meta-data/', address: '169.254.169.254' },
    );
    expect(evil.connections).toBe(0);
  });

  it('fails a page that navigates on to a site that cannot be reached, rather than reading the error page as the page', async () => {
    const err = await pool.render(new URL(`${good.url}/to-closed`)).catch((e) => e);
    expect(err).toBeInstanceOf(NavigationError);
    expect(err.kind).toBe('failed');
    expect(err.message).toMatch(new RegExp(`127\\.0\\.0\\.1:${closedPort}`));
  }, 30_000);

  it('refuses a private address given directly, and a name that resolves to one', async () => {
    await expect(pool.precheck(new URL('http://10.0.0.1/'))).rejects.toThrow(BlockedAddressError);
    await expect(pool.precheck(new URL(`http://localhost:${evil.port}/`))).rejects.toThrow(/localhost/);
    // Without the precheck the proxy refuses it all the same.
    await expect(pool.render(new URL(`http://localhost:${evil.port}/`))).rejects.toThrow(BlockedAddressError);
    expect(evil.connections).toBe(0);
  });

  it('never shows a file: or data: page, whether reached by redirect or by script', async () => {
    await expect(pool.render(new URL(`${good.url}/to-file`))).rejects.toThrow(BlockedAddressError);
    for (const path of ['/script-to-file', '/script-to-data']) {
      const shown = await pool.render(new URL(`${good.url}${path}`), { delayMs: 500 }).catch((e: Error) => e);
      if (shown instanceof Error) expect(shown).toBeInstanceOf(BlockedAddressError);
      else expect(shown.html).not.toMatch(/root:|from data/);
    }
  });

  it('gives every visit a fresh context: no cookie or storage survives', async () => {
    const first = await pool.render(new URL(`${good.url}/storage`));
    const second = await pool.render(new URL(`${good.url}/storage`));
    expect(first.html).toContain('data-before="none/none"');
    expect(second.html).toContain('data-before="none/none"');
  });

  it('blocks service workers and refuses downloads', async () => {
    const sw = await pool.render(new URL(`${good.url}/sw`), { delayMs: 800 });
    expect(sw.title).toBe('registrations: 0');
    expect(good.requests).not.toContain('/sw.js');
    await expect(pool.render(new URL(`${good.url}/download`))).rejects.toThrow(NavigationError);
  });

  it('gives up on a page that never answers at the deadline', async () => {
    const quick = new BrowserPool({ ...tier.pool, contexts: 1, timeoutMs: 1500, allowHosts: ['127.0.0.1'] });
    try {
      const started = Date.now();
      const err = await quick.render(new URL(`${good.url}/hang`)).catch((e) => e);
      expect(err).toBeInstanceOf(NavigationError);
      expect(err.kind).toBe('timeout');
      // A hang guard, not a speed test: /hang never answers, so what ends the visit is the 1.5 s
      // deadline or, were it ignored, Playwright's own 30 s default; 20 s is far from both.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await quick.close();
    }
  });

  // The next three are about the launched browser (its launcher, its processes); tier.test.ts has the remote ones.
  it.runIf(BROWSER_TIER === 'local')('keeps a request to its deadline while the browser is slow to start, and the launch serves the next one', async () => {
    // The browser behind a launcher that waits until the test lets it go, as a cold start on a
    // busy machine: a visit that waited for the launch would never end.
    const dir = mkdtempSync(join(tmpdir(), 'jt-slow-browser-'));
    const launcher = join(dir, 'chromium');
    const go = join(dir, 'go');
    // It gives up once the test's folder is gone, so a launch the pool abandoned does not loop on after the test.
    writeFileSync(launcher, `#!/bin/sh\nwhile [ ! -e "${go}" ]; do [ -d "${dir}" ] || exit 1; sleep 0.1; done\nexec "${CHROMIUM}" "$@"\n`, {
      mode: 0o755,
    });
    // 15 s a visit, a generous bound on both sides rather than a speed test: the second visit
    // is a fresh browser's first page (about a second here, more on a loaded machine; 1.5 s and
    // then 4 s did not always cover it in CI), and the launch, held until the first visit's
    // deadline, must still start Chromium within Playwright's 30 s launch timeout (tier.ts),
    // which counts from the first visit. The first visit would never end without its deadline.
    const slow = new BrowserPool({ executablePath: launcher, contexts: 1, timeoutMs: 15_000, allowHosts: ['127.0.0.1'] });
    try {
      const err = await slow.render(new URL(`${good.url}/hello`)).catch((e) => e);
      expect(err).toBeInstanceOf(NavigationError);
      expect(err.kind).toBe('timeout');
      expect(err.message).toMatch(/the browser was still starting/);
      expect(slow.stats().launches).toBe(0);
      writeFileSync(go, '');
      while (slow.stats().launches === 0) await new Promise((r) => setTimeout(r, 100));
      expect((await slow.render(new URL(`${good.url}/hello`))).title).toBe('Hello');
      expect(slow.stats().launches).toBe(1);
    } finally {
      await slow.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(BROWSER_TIER === 'local')('ends a visit at its deadline when the page never finishes setting up, and frees its slot', async () => {
    // Renderers that stop at birth (waiting for a debugger): Playwright's newPage then never
    // settles, even once its context is closed, as it did in CI when a deadline came while a
    // fresh browser was still setting up its first page. The visit must not wait for it.
    const dir = mkdtempSync(join(tmpdir(), 'jt-paused-renderer-'));
    const launcher = join(dir, 'chromium');
    writeFileSync(launcher, `#!/bin/sh\nexec "${CHROMIUM}" "$@" --renderer-startup-dialog\n`, { mode: 0o755 });
    const paused = new BrowserPool({ executablePath: launcher, contexts: 1, timeoutMs: 2500, allowHosts: ['127.0.0.1'] });
    try {
      // The page never finishes setting up, so a visit that waited for it would never end (the
      // suite's timeout only ends that hang); no clock is read here.
      for (let visit = 0; visit < 2; visit++) {
        const err = await paused.render(new URL(`${good.url}/hello`)).catch((e) => e);
        expect(err).toBeInstanceOf(NavigationError);
        expect(err.kind).toBe('timeout');
      }
      // The one slot came back after each: the second visit was not queued behind the first.
      expect(paused.stats().launches).toBe(1);
    } finally {
      await paused.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(BROWSER_TIER === 'local')('relaunches a browser that was killed, on the next request', async () => {
    await pool.render(new URL(`${good.url}/hello`));
    const launches = pool.stats().launches;
    const pids = await pool.processIds();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone with its parent
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    const page = await pool.render(new URL(`${good.url}/hello`));
    expect(page.title).toBe('Hello');
    expect(pool.stats().launches).toBe(launches + 1);
  });

  it('runs at most `contexts` visits at once and queues the rest', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = await site('127.0.0.1', {
      '/slow': () => {
        inFlight++;
        most = Math.max(most, inFlight);
        return { body: '<p>slow</p>' };
      },
    });
    slow.server.on('request', (_req, res) => res.on('finish', () => setTimeout(() => inFlight--, 0)));
    // Each visit waits for its page to settle (half a second of quiet) and the third waits for two:
    // a deadline that leaves a loaded machine room, as this test is about the queue, not the clock.
    const one = new BrowserPool({ ...tier.pool, contexts: 1, timeoutMs: 25_000, allowHosts: ['127.0.0.1'] });
    try {
      const pages = await Promise.all([1, 2, 3].map(() => one.render(new URL(`${slow.url}/slow`), { delayMs: 200 })));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(most).toBe(1);
      // An answer does not wait for its context to close; the slot does (busy until then).
      for (let i = 0; i < 50 && one.stats().busy > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(one.stats()).toMatchObject({ launches: 1, busy: 0, waiting: 0 });
    } finally {
      await one.close();
      slow.server.close();
    }
  });
});

describe('guarded headless browser without a browser binary', () => {
  it('says how to install one, and starts nothing', async () => {
    const none = new BrowserPool({ executablePath: '/nonexistent/chromium', contexts: 1, timeoutMs: 2000 });
    const err = await none.render(new URL('http://127.0.0.1/')).catch((e) => e);
    expect(err).toBeInstanceOf(BrowserUnavailableError);
    expect(err.message).toMatch(/apt-get install chromium.*BROWSER_PATH/);
    expect(none.stats()).toMatchObject({ launches: 0, connected: false });
    await none.close();
  });
});
