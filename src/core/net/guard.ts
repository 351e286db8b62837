// The SSRF guard of the web fetcher. Two checks, together covering every hop:
//  - before a hop (beforeHop): the scheme, and a host written as an IP literal (Node
//    connects to literals without asking DNS, so this is the address connected to);
//  - inside the connection pool's DNS lookup: every address a hostname resolves to, at
//    the moment undici connects. The socket is opened to the address we checked, so a
//    name that resolves to a public address for the check and to 127.0.0.1 for the
//    connection (DNS rebinding) cannot slip through.
// FETCH_ALLOW_HOSTS names hosts let through anyway (local test sites).

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { Dispatcher } from 'undici';
import { lazyRequire } from '../lazy.js';
import { blockedReason, isIpLiteral } from './ip.js';

/** Where a refusal happened: the URL of the hop refused, and the address it named or resolved to. */
export interface Refused {
  /** The URL refused: a redirect's or a page's own navigation's, not always the one asked for. */
  url?: string;
  /** The address refused (an IP literal, or what the name resolved to). */
  address?: string;
}

/** A refused target. The name is what core/upstream/http.ts recognises. */
// Loaded with the first pool made (core/lazy.ts): on the first request that fetches, not at start.
const undici = lazyRequire<typeof import('undici')>('undici');

export class BlockedAddressError extends Error {
  readonly url?: string;
  readonly address?: string;

  constructor(message: string, where: Refused = {}) {
    super(message);
    this.name = 'BlockedAddressError';
    if (where.url !== undefined) this.url = where.url;
    if (where.address !== undefined) this.address = where.address;
  }
}

/**
 * The next step a refusal of a private address names: the setting that allows it (a local test
 * site, an intranet). Only for address refusals (`address` set): a scheme is never allowed.
 */
export const allowHostsHint = (err: BlockedAddressError): { hint: string } | Record<string, never> =>
  err.address !== undefined
    ? { hint: `private, loopback and internal addresses are refused; to allow ${err.address} (a local test site, an intranet), add it to FETCH_ALLOW_HOSTS` }
    : {};

export interface GuardOptions {
  /** Hostnames or IPs allowed even when private (tests, an intranet deployment). */
  allowHosts?: readonly string[];
}

const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

export class UrlGuard {
  private readonly allow: Set<string>;
  constructor(opts: GuardOptions = {}) {
    this.allow = new Set((opts.allowHosts ?? []).map(bare));
  }

  isAllowed(host: string): boolean {
    return this.allow.has(bare(host));
  }

  /** Throws BlockedAddressError when the URL may not be fetched (scheme, literal address, name). */
  checkUrl(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BlockedAddressError(`only http and https URLs are fetched, not ${url.protocol.replace(':', '')}`);
    }
    if (url.username || url.password) throw new BlockedAddressError('URLs with credentials are not fetched');
    const host = bare(url.hostname);
    if (!host) throw new BlockedAddressError('the URL has no host');
    if (this.isAllowed(host)) return;
    if (isIpLiteral(host)) {
      const why = blockedReason(host);
      if (why) throw new BlockedAddressError(`${host} is ${why}; private and internal addresses are not fetched`, { address: host });
      return;
    }
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host === 'metadata') {
      throw new BlockedAddressError(`${host} names this machine or its internal network; it is not fetched`, { address: host });
    }
  }

  /** Throws when one of the resolved addresses is refused. */
  checkResolved(host: string, addresses: readonly string[]): void {
    if (this.isAllowed(host)) return;
    for (const a of addresses) {
      const why = blockedReason(a);
      if (why) throw new BlockedAddressError(`${host} resolves to ${a}, ${why}; private and internal addresses are not fetched`, { address: a });
    }
  }

  /**
   * A net.connect-compatible lookup that resolves, checks every address, and hands the
   * checked addresses to the socket. Answers in the shape asked for (one, or all).
   */
  lookup = (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: (...args: unknown[]) => void): void => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : Number(opts.family ?? 0);
    dnsLookup(hostname, { all: true, family: family as 0 | 4 | 6, verbatim: true }, (err, addrs: LookupAddress[]) => {
      if (err) return callback(err);
      try {
        this.checkResolved(
          hostname,
          addrs.map((a) => a.address),
        );
      } catch (e) {
        return callback(e);
      }
      if (opts.all) return callback(null, addrs);
      const first = addrs[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }));
      callback(null, first.address, first.family);
    });
  };

  /** An undici pool whose every connection goes through the checking lookup. */
  agent(opts: { connectTimeoutMs?: number; connections?: number } = {}): Dispatcher {
    const { Agent } = undici();
    return new Agent({
      connect: { lookup: this.lookup as never, timeout: opts.connectTimeoutMs ?? 10_000 },
      connections: opts.connections ?? 16,
      keepAliveTimeout: 4_000,
    });
  }

  /** beforeHop for ctx.fetch: every redirect target is checked the same way. */
  beforeHop = (url: URL): void => this.checkUrl(url);
}
