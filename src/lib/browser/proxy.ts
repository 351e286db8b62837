// The forward proxy every byte the headless browser sends goes through. Chromium is told to
// use it for every URL (loopback included) and cannot resolve names itself, so this proxy is
// the only place a connection is opened: it resolves the host with the SSRF guard's lookup,
// which checks every address and hands the checked one to the socket. A name that resolves to
// a public address for a check and to 10.0.0.1 for the connection (DNS rebinding) therefore
// cannot slip through: there is one resolution, and it is the one connected to.
//
// Plain http arrives as absolute-form requests (GET http://host/path); https, wss and (in
// Chromium) ws arrive as CONNECT tunnels. Anything else is refused. For the browser it launches
// it listens on 127.0.0.1 on an ephemeral port; a local user could use it, but only to reach what
// the guard allows. For a browser tier elsewhere it listens where that tier reaches it, and
// answers only requests carrying the credentials of a context open now (grant), so that it is
// no open proxy to anyone else there.

import { randomBytes } from 'node:crypto';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { secretMatcher } from '../../core/http/guards.js';
import { BlockedAddressError, type UrlGuard } from '../../core/net/index.js';

/** What became of the latest connection to one host:port (how a failed navigation is explained). */
export interface Verdict {
  kind: 'blocked' | 'failed';
  reason: string;
  at: number;
  /** The address refused, when the guard named one. */
  address?: string;
}

export interface ProxyOptions {
  guard: UrlGuard;
  /** A connection with no traffic for this long is closed. */
  idleTimeoutMs: number;
  /** Told of every refused target (logs). */
  onBlocked?(target: string, reason: string): void;
  /** Where to listen (default 127.0.0.1 and an ephemeral port). */
  host?: string;
  port?: number;
  /** Answer only requests with the credentials of a grant (407 otherwise). */
  requireCredentials?: boolean;
}

/** The proxy credentials of one browser context (Playwright's context `proxy` option). */
export interface ProxyGrant {
  username: string;
  password: string;
  /** Ends the grant: its credentials are refused from now on. */
  revoke(): void;
}

/** The header on the proxy's own error answers to plain http requests. */
export const PROXY_HEADER = 'x-jankari-proxy';
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const VERDICT_MS = 60_000;
// host:port of a CONNECT: a name or IPv4 spelling, or a bracketed IPv6 address.
const CONNECT_TARGET = /^(\[[0-9a-fA-F:.]+\]|[^\s:/@[\]]+):(\d{1,5})$/;
const MAX_VERDICTS = 512;
const REALM = 'Basic realm="jankari browser proxy"';

const bare = (host: string) => host.replace(/^\[|\]$/g, '');
const keyOf = (url: URL) => `${bare(url.hostname)}:${url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80')}`;

export class GuardedProxy {
  private server?: Server;
  private readonly sockets = new Set<Duplex>();
  private readonly verdicts = new Map<string, Verdict>();
  private readonly agent: Agent;
  /** Granted credentials: username → its password's check. */
  private readonly grants = new Map<string, (password: string) => boolean>();
  port = 0;

  constructor(private readonly opts: ProxyOptions) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: opts.idleTimeoutMs });
  }

  /** Starts listening (once); resolves to the port. */
  async listen(): Promise<number> {
    if (this.server) return this.port;
    const server = createServer({ requireHostHeader: false });
    server.on('request', (req, res) => this.forward(req, res));
    server.on('connect', (req, socket, head) => this.tunnel(req, socket as Socket, head));
    // An Upgrade in absolute form (ws:// sent unwrapped): refused; Chromium tunnels WebSockets.
    server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\n\r\n'));
    server.on('connection', (s) => this.track(s));
    server.on('clientError', (_e, s) => s.destroy());
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => {
        // Not listening: the next call tries again (a fixed port may be free by then).
        this.server = undefined;
        reject(err);
      });
      server.listen(this.opts.port ?? 0, this.opts.host ?? '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** New credentials, valid until revoked (one context's life). */
  grant(): ProxyGrant {
    const username = randomBytes(9).toString('base64url');
    const password = randomBytes(18).toString('base64url');
    this.grants.set(username, secretMatcher([password]));
    return { username, password, revoke: () => this.grants.delete(username) };
  }

  /** What became of the latest connection to this URL's host and port, if recent. */
  verdict(url: URL): Verdict | undefined {
    const v = this.verdicts.get(keyOf(url));
    return v && Date.now() - v.at < VERDICT_MS ? v : undefined;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.agent.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Whether the request may use the proxy: always on loopback for the launched browser, else with a grant's credentials. */
  private authorized(req: IncomingMessage): boolean {
    if (!this.opts.requireCredentials) return true;
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers['proxy-authorization'] ?? '');
    if (!m) return false;
    const given = Buffer.from(m[1], 'base64').toString();
    const colon = given.indexOf(':');
    const matches = colon > 0 ? this.grants.get(given.slice(0, colon)) : undefined;
    return matches?.(given.slice(colon + 1)) === true;
  }

  private track(s: Duplex): void {
    this.sockets.add(s);
    s.once('close', () => this.sockets.delete(s));
  }

  private note(url: URL, kind: Verdict['kind'], err: Error | string): void {
    const key = keyOf(url);
    const reason = typeof err === 'string' ? err : err.message;
    const address = typeof err === 'string' ? undefined : (err as BlockedAddressError).address;
    this.verdicts.delete(key);
    if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.delete(this.verdicts.keys().next().value as string);
    this.verdicts.set(key, { kind, reason, at: Date.now(), ...(address !== undefined ? { address } : {}) });
    if (kind === 'blocked') this.opts.onBlocked?.(key, reason);
  }

  /** Checks a target before any connection; the resolved address is checked at connect time. */
  private precheck(url: URL): string | undefined {
    try {
      this.opts.guard.checkUrl(url);
      return undefined;
    } catch (err) {
      this.note(url, 'blocked', err as Error);
      return (err as Error).message;
    }
  }

  /** An absolute-form http request: checked, then sent on from a socket to the checked address. */
  private forward(req: IncomingMessage, res: ServerResponse): void {
    if (!this.authorized(req)) {
      res.writeHead(407, { 'proxy-authenticate': REALM, 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      return void res.end('proxy credentials required\n');
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return refuse(res, 400, 'failed', 'this is a forward proxy: absolute http URLs only');
    }
    if (url.protocol !== 'http:') return refuse(res, 400, 'failed', `${url.protocol} requests are not proxied`);
    const blocked = this.precheck(url);
    if (blocked) return refuse(res, 403, 'blocked', blocked);
    const up = httpRequest({
      host: bare(url.hostname),
      port: url.port || 80,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: endToEnd(req.rawHeaders),
      lookup: this.opts.guard.lookup as never,
      agent: this.agent,
      setHost: false,
      timeout: this.opts.idleTimeoutMs,
    });
    up.on('response', (r) => {
      res.writeHead(r.statusCode ?? 502, r.statusMessage, endToEnd(r.rawHeaders));
      r.pipe(res);
      r.on('error', () => res.destroy());
    });
    up.on('timeout', () => up.destroy(new Error(`${url.host} sent nothing for ${this.opts.idleTimeoutMs} ms`)));
    up.on('error', (err) => {
      const kind = isBlocked(err) ? 'blocked' : 'failed';
      this.note(url, kind, err);
      if (res.headersSent) res.destroy();
      else refuse(res, kind === 'blocked' ? 403 : 502, kind, err.message);
    });
    res.on('close', () => up.destroy());
    req.pipe(up);
  }

  /** A CONNECT tunnel: the target checked and connected to by this process, then bytes copied. */
  private tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
    this.track(client);
    client.on('error', () => client.destroy());
    const answer = (status: string, extra = ''): void => void client.end(`HTTP/1.1 ${status}\r\n${extra}connection: close\r\ncontent-length: 0\r\n\r\n`);
    if (!this.authorized(req)) return answer('407 Proxy Authentication Required', `proxy-authenticate: ${REALM}\r\n`);
    const m = CONNECT_TARGET.exec(req.url ?? '');
    let url: URL;
    try {
      if (!m) throw new Error('not host:port');
      url = new URL(`https://${m[1]}:${m[2]}/`);
    } catch {
      return answer('400 Bad Request');
    }
    if (this.precheck(url)) return answer('403 Forbidden');
    const up: Socket = connect({ host: bare(url.hostname), port: Number(url.port || 443), lookup: this.opts.guard.lookup as never });
    this.track(up);
    up.setTimeout(this.opts.idleTimeoutMs, () => up.destroy(new Error(`${url.host} sent nothing for ${this.opts.idleTimeoutMs} ms`)));
    client.setTimeout(this.opts.idleTimeoutMs, () => client.destroy());
    let established = false;
    up.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', (err) => {
      const kind = isBlocked(err) ? 'blocked' : 'failed';
      this.note(url, kind, err);
      if (established) client.destroy();
      else answer(kind === 'blocked' ? '403 Forbidden' : '502 Bad Gateway');
    });
    client.on('close', () => up.destroy());
    // Before the tunnel is up, the client is owed the refusal written above: let it flush.
    up.on('close', () => established && client.destroy());
  }
}

const isBlocked = (err: unknown) => err instanceof BlockedAddressError || (err as Error)?.name === 'BlockedAddressError';

/** Raw header pairs without the hop-by-hop ones (and those the Connection header names). */
function endToEnd(raw: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === 'connection') for (const n of raw[i + 1].split(',')) named.add(n.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) out.push(raw[i], raw[i + 1]);
  }
  return out;
}

function refuse(res: ServerResponse, status: number, kind: Verdict['kind'], reason: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [PROXY_HEADER]: kind, connection: 'close' });
  res.end(`${kind === 'blocked' ? 'refused' : 'failed'}: ${reason}\n`);
}
