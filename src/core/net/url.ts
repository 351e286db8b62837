// URL normalisation for user-given targets: a bare hostname gets https, the host is
// lower-cased and IDN-encoded (by WHATWG URL, which also turns 0x7f.1 into 127.0.0.1),
// default ports and the fragment are dropped. Query order is kept: servers may care.

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
  return u;
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
