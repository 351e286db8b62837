// Turns what a user typed (a URL, "www.example.com", "münchen.de/page") into the registrable
// domain RDAP is asked about, or a 400 saying what is wrong with it. Pure.

import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';
import { invalidParam } from '../../core/errors.js';

export interface DomainName {
  /** The registrable domain in ASCII (A-label) form: what RDAP is asked about. */
  domain: string;
  /** Its top-level domain, e.g. "com", "xn--p1ai". */
  tld: string;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The host part of the input: scheme, credentials, port, path, query and fragment removed. */
export function hostOf(raw: string): string {
  let s = raw.trim();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\/\//, '');
  s = s.split(/[/?#\\]/, 1)[0];
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  s = s.replace(/:\d*$/, '');
  return s.replace(/\.+$/, '');
}

/** The input as quoted back in an error: short, whatever was sent. */
const shown = (raw: string) => (raw.length > 80 ? `${raw.slice(0, 77)}…` : raw);

export function parseDomainName(raw: string, param = 'name'): DomainName {
  const host = hostOf(raw);
  if (!host) throw invalidParam(param, `${param} must be a domain name such as example.com`);
  // domainToASCII lower-cases, maps full-width dots and encodes IDN labels as punycode;
  // it answers '' for what cannot be a host name.
  let ascii = domainToASCII(host);
  if (!ascii) throw invalidParam(param, `"${shown(raw)}" is not a valid domain name`);
  if (ascii.startsWith('www.') && ascii.split('.').length > 2) ascii = ascii.slice(4);
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    throw invalidParam(
      param,
      `"${shown(raw)}" is not a valid domain name: use letters, digits and hyphens, labels of 1 to 63 characters, with a top-level domain`,
    );
  }
  const tld = labels[labels.length - 1];
  if (/^\d+$/.test(tld)) throw invalidParam(param, `"${shown(raw)}" is an IP address, not a domain name`);
  // Registries know registrable domains, not host names under them: mail.google.com is asked as
  // google.com. ICANN suffixes only: a name under a private suffix is still registered at the TLD.
  const domain = getDomain(ascii, { allowPrivateDomains: false });
  if (!domain) throw invalidParam(param, `"${ascii}" is a public suffix, not a registrable domain`);
  return { domain, tld };
}
