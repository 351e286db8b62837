// A browser tier of our own (`npm run browser-server`, the compose profile's browser service):
// Playwright's browser server (launchServer) on this machine's Chromium, started with the
// switches a browser tier needs (browserTierArgs), behind a small front that checks the token
// the instances send (BROWSER_WS_TOKEN, as the `token` query parameter) and answers GET /health.
// Playwright's own server only checks its path; the front keeps the token out of the path, so
// the instances' setting is the same whether the tier is this, Browserless or another.

import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { BrowserServer } from 'playwright-core';
import { secretMatcher } from '../../core/http/guards.js';
import { browserTierArgs } from './flags.js';

export interface TierServerOptions {
  executablePath: string;
  host: string;
  port: number;
  /** The hosts of the instances' proxies (the only ones the browser may resolve). */
  proxyHosts: readonly string[];
  /** Required of every connection as its `token` query parameter, when set. */
  token?: string;
}

export interface TierServer {
  /** Where instances connect (BROWSER_WS_ENDPOINT), without the token. */
  endpoint: string;
  /** Resolves when the browser exits (the process should then exit, and be restarted). */
  exited: Promise<void>;
  close(): Promise<void>;
}

const refuse = (socket: Socket, status: string) => void socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);

export async function startTierServer(opts: TierServerOptions): Promise<TierServer> {
  const { chromium } = await import('playwright-core');
  const browser: BrowserServer = await chromium.launchServer({
    executablePath: opts.executablePath,
    args: browserTierArgs(opts.proxyHosts),
    headless: true,
    chromiumSandbox: false,
    host: '127.0.0.1',
    port: 0,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const inner = new URL(browser.wsEndpoint());
  const exited = new Promise<void>((resolve) => browser.process().once('exit', () => resolve()));
  const tokenOk = opts.token === undefined ? () => true : secretMatcher([opts.token]);
  const tunnels = new Set<Socket>();
  const front: Server = createServer((req, res) => {
    const up = browser.process().exitCode === null;
    res.writeHead(req.url === '/health' ? (up ? 200 : 503) : 404, { 'content-type': 'text/plain' }).end(up ? 'ok\n' : 'the browser exited\n');
  });
  front.on('upgrade', (req, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://front');
    if (url.pathname !== '/') return refuse(socket, '404 Not Found');
    if (!tokenOk(url.searchParams.get('token') ?? '')) return refuse(socket, '401 Unauthorized');
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    // The upgrade as the client sent it, to Playwright's own server, then bytes both ways.
    const up = connect(Number(inner.port), '127.0.0.1', () => {
      const lines = [`GET ${inner.pathname} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    up.on('close', () => socket.destroy());
    socket.on('close', () => up.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port, opts.host, () => resolve());
  });
  const port = (front.address() as { port: number }).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    endpoint: `ws://${host}:${port}/`,
    exited,
    async close() {
      front.closeAllConnections();
      for (const s of tunnels) s.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await browser.close();
    },
  };
}
