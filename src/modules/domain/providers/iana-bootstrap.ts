// IANA's RDAP bootstrap file for domain names, https://data.iana.org/rdap/dns.json
// (RFC 9224; registry https://www.iana.org/assignments/rdap-dns/).
// Quirks: base URLs may or may not end in "/"; some services list http and https; the file is
// re-published when a TLD gains or changes RDAP service (a few times a month), so a daily
// download is plenty. Terms: public registry data; IANA asks clients to cache it, not to fetch
// it per query — which is why the service keeps it in the database.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import { readBootstrap, type BootstrapFile } from '../bootstrap.js';

export const IANA_BOOTSTRAP = 'iana-rdap-bootstrap';

export function request(url: string): UpstreamRequest {
  return { url, headers: { accept: 'application/json' }, maxBytes: 4 * 1024 * 1024 };
}

export function parse(res: UpstreamResponse): BootstrapFile {
  try {
    return readBootstrap(res.json());
  } catch (err) {
    throw new UpstreamError(IANA_BOOTSTRAP, 'bad_response', `${IANA_BOOTSTRAP}: ${(err as Error).message}`);
  }
}

export function ianaBootstrap(url: string): HttpProviderSpec<void, BootstrapFile> {
  return { name: IANA_BOOTSTRAP, request: () => request(url), parse: (res) => parse(res) };
}

/** Where the daily refresh downloads the file from (the service may read a saved copy instead). */
export const ianaBootstrapUpstream = upstream({ name: IANA_BOOTSTRAP, settings: ['RDAP_BOOTSTRAP_URL'], build: (s) => s.RDAP_BOOTSTRAP_URL });
