// RDAP servers (RFC 7480–7484, RFC 9082/9083): the TLD registry's server found through the
// IANA bootstrap (or the one server RDAP_URL names), and a registrar's server reached through the
// registry's rel="related" link.
// Docs: https://www.icann.org/rdap, ICANN RDAP Response Profile. Quirks: 404 means the registry
// has no such domain (the service reports it available); some servers answer errors as JSON
// {errorCode, title}; registrars are often slower and stricter (rate limits) than registries.
// Terms: each registry's own (they allow individual lookups; bulk harvesting is forbidden), so
// answers are cached 24 hours.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, kindFromStatus, upstream } from '../../../core/upstream/index.js';
import { domainUrl } from '../bootstrap.js';
import { isDomainObject, readDomain, type RdapDomainData } from '../rdap-record.js';

export type RdapAnswer = { found: false } | { found: true; data: RdapDomainData };

const ACCEPT = 'application/rdap+json, application/json;q=0.9';

/** The provider name of a server: its host, so health is tracked per server. */
export const rdapName = (url: string) => {
  try {
    return `rdap:${new URL(url).host}`;
  } catch {
    return 'rdap:invalid';
  }
};

/** GET {base}/domain/{name} at a registry. */
export function registryRequest(base: string, domain: string): UpstreamRequest {
  return { url: domainUrl(base, domain), headers: { accept: ACCEPT }, throwOnStatus: false, maxBytes: 2 * 1024 * 1024 };
}

/** GET a registrar's RDAP URL as the registry gave it. */
export function documentRequest(url: string): UpstreamRequest {
  return { url, headers: { accept: ACCEPT }, throwOnStatus: false, maxBytes: 2 * 1024 * 1024 };
}

export function parse(name: string, res: UpstreamResponse): RdapAnswer {
  if (res.status === 404) return { found: false };
  if (res.status < 200 || res.status >= 300) {
    throw new UpstreamError(name, kindFromStatus(res.status), `${name} answered HTTP ${res.status}`, { status: res.status });
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text());
  } catch {
    throw new UpstreamError(name, 'bad_response', `${name} did not answer JSON`);
  }
  if (!isDomainObject(body)) {
    const code = (body as { errorCode?: unknown } | null)?.errorCode;
    if (code === 404) return { found: false };
    throw new UpstreamError(name, 'bad_response', `${name} did not answer an RDAP domain object`);
  }
  return { found: true, data: readDomain(body) };
}

export function rdapRegistry(base: string): HttpProviderSpec<string, RdapAnswer> {
  const name = rdapName(base);
  return { name, request: (domain) => registryRequest(base, domain), parse: (res) => parse(name, res) };
}

export function rdapDocument(url: string): HttpProviderSpec<void, RdapAnswer> {
  const name = rdapName(url);
  return { name, request: () => documentRequest(url), parse: (res) => parse(name, res) };
}

/**
 * Which registry server a domain is asked at. RDAP_URL, when set, answers for every TLD (a local
 * RDAP mirror, a proxy, rdap.org's redirector: all take {base}/domain/{name}); else the servers
 * the bootstrap names for the TLD. The bootstrap still says which TLDs have RDAP at all.
 */
export interface RegistryRoute {
  /** RDAP_URL, when set: the one server asked (docs/decisions/domain-rdap-url.md). */
  readonly fixed?: string;
  /** The base URLs to ask, given the bootstrap's servers for the domain's TLD. */
  servers(bootstrap: readonly string[]): string[];
}

export function registryRoute(fixed: string | undefined): RegistryRoute {
  return fixed ? { fixed, servers: () => [fixed] } : { servers: (bootstrap) => [...bootstrap] };
}

export const rdapRegistryUpstream = upstream({ name: 'rdap-registry', settings: ['RDAP_URL'], build: (s) => registryRoute(s.RDAP_URL) });
