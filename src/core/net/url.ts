// URL normalisation for user-given targets: a bare hostname gets https, the host is
// lower-cased and IDN-encoded (by WHATWG URL, which also turns 0x7f.1 into 127.0.0.1),
// default ports and the fragment are dropped. Query order is kept: servers may care.

import { blockedUrl, invalidParam } from '../errors.js';

export class InvalidUrlError extends Error {
  constructor(
    message: string,
    /** 'scheme' when the URL is well-formed but not http(s): a refusal rather than a typo. */
    readonly reason: 'syntax' | 'scheme' = 'syntax',
  ) {
    super(message);
    this.name = 'InvalidUrlError';
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Normalises a user-given URL; throws InvalidUrlError with a readable reason. */
export function normalizeUrl(input: string): URL {
  const raw = input.trim();
  if (!raw) throw new InvalidUrlError('url is empty');
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  let candidate = raw;
  // "example.com" and "example.com:8080/x" are bare hosts; "mailto:x" and "ftp://x" are not.
  if (!scheme || (!raw.includes('://') && /^[^/]+:\d+(\/|$|\?)/.test(raw))) candidate = `https://${raw.replace(/^\/\/+/, '')}`;
  let u: URL;
  try {
    u = new URL(candidate);
  } catch {
    throw new InvalidUrlError(`url "${raw.slice(0, 200)}" is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new InvalidUrlError(`only http and https URLs are fetched, not ${u.protocol.replace(':', '')}`, 'scheme');
  }
  if (!u.hostname) throw new InvalidUrlError('url has no host');
  u.hash = '';
  if (u.hostname.endsWith('.') && u.hostname.length > 1) u.hostname = u.hostname.slice(0, -1);
  const bad = hostNameProblem(u.hostname);
  if (bad) throw new InvalidUrlError(`url host ${bad}`);
  return u;
}

// RFC 1035 §2.3.4 limits, on the ASCII (punycode) form WHATWG URL gives. WHATWG itself
// does not enforce them, and getaddrinfo answers such names with EINVAL: refusing them
// here makes a mistyped or hostile name a 400 that never reaches the resolver.
const MAX_NAME = 253;
const MAX_LABEL = 63;

/** Why a URL's host name can never resolve (too long, a label too long, an empty label); undefined when it may. */
export function hostNameProblem(hostname: string): string | undefined {
  if (hostname.startsWith('[')) return undefined; // an IPv6 literal: WHATWG has checked it
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  const long = labels.find((l) => l.length > MAX_LABEL);
  if (long) return `name has a label of ${long.length} characters; a DNS label has at most ${MAX_LABEL}`;
  if (name.length > MAX_NAME) return `name is ${name.length} characters long; a DNS name has at most ${MAX_NAME}`;
  if (labels.some((l) => l === '')) return `name "${name.slice(0, 100)}" has an empty label`;
  return undefined;
}

/** The absolute form of a link found on a page, or undefined for non-web links. */
export function resolveLink(href: string, base: string | URL): URL | undefined {
  const h = href.trim();
  if (!h || h.startsWith('#') || /^(javascript|mailto|tel|data|sms|about|blob):/i.test(h)) return undefined;
  try {
    const u = new URL(h, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    u.hash = '';
    return u;
  } catch {
    return undefined;
  }
}

/** Registrable-ish host comparison: same host, ignoring a leading www. */
export function sameSite(a: URL, b: URL): boolean {
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return strip(a.hostname) === strip(b.hostname);
}

/**
 * A URL a user gave (the `url` parameter of /fetch, /crawl, /map, /screenshot), normalised: a
 * malformed one is a 400 naming the parameter; another scheme than http(s) is BLOCKED_URL.
 */
export function userUrl(raw: string, param = 'url'): URL {
  try {
    return normalizeUrl(raw);
  } catch (err) {
    if (err instanceof InvalidUrlError) {
      throw err.reason === 'scheme' ? blockedUrl(err.message, { param }) : invalidParam(param, err.message);
    }
    throw err;
  }
}
