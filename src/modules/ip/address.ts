// Reading the address a user asked about: strict IPv4/IPv6 syntax (no inet_aton oddities such
// as "127.1"), IPv4-mapped IPv6 unwrapped, IPv6 written back in its canonical form, and
// private or reserved ranges named, using the special-purpose tables the SSRF guard keeps in
// core/net. Node's isIP() settles the syntax; the readers below then only convert, which
// keeps the per-request cost to a few string scans.

import { isIP } from 'node:net';
import { blockedReason, formatIPv4, formatIPv6, ipv6Words } from '../../core/net/index.js';
import type { ParsedIp } from './model.js';

/** The address, or undefined when the string is not an IPv4 or IPv6 address. */
export function parseIp(input: string): ParsedIp | undefined {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const v = isIP(s);
  if (v === 4) {
    // isIP allows no leading zeros, so the string is already the canonical text.
    return { version: 4, text: s, n: dottedQuad(s) };
  }
  if (v === 6) {
    // A zone ("fe80::1%eth0") names a local interface, not part of the address.
    const zone = s.indexOf('%');
    const words = ipv6Words(zone >= 0 ? s.slice(0, zone) : s);
    if (!words) return undefined;
    // ::ffff:a.b.c.d is an IPv4 address written in IPv6 (what dual-stack sockets report).
    if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return { version: 4, text: formatIPv4(words[3]), n: words[3] };
    return { version: 6, text: formatIPv6(words), words };
  }
  return undefined;
}

/** a.b.c.d (already checked by isIP) as a 32-bit number. */
function dottedQuad(s: string): number {
  let n = 0;
  let part = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      n = n * 256 + part;
      part = 0;
    } else part = part * 10 + (c - 48);
  }
  return n * 256 + part;
}

// First octets under which the IANA IPv4 special-purpose registry has any range (0/8, 10/8,
// 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16,
// 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4). Any other IPv4 address is public, which
// settles most lookups without the 128-bit arithmetic of the full check (address.test.ts proves
// the two agree).
const V4_SPECIAL_FIRST_OCTETS = new Uint8Array(256);
for (const o of [0, 10, 100, 127, 169, 172, 192, 198, 203]) V4_SPECIAL_FIRST_OCTETS[o] = 1;
for (let o = 224; o < 256; o++) V4_SPECIAL_FIRST_OCTETS[o] = 1;

/** Why the address has no public location (private, loopback, documentation, …), or undefined. */
export function reservedReason(ip: ParsedIp): string | undefined {
  if (ip.version === 4) {
    if (!V4_SPECIAL_FIRST_OCTETS[ip.n >>> 24]) return undefined;
  } else {
    // Global unicast 2000::/3 holds no special range outside 2001::/16 (IETF, documentation),
    // 2002::/16 (6to4, which carries an IPv4 address to check) and 3fff::/20 (documentation).
    const top = ip.words[0] >>> 16;
    if ((top & 0xe000) === 0x2000 && top !== 0x2001 && top !== 0x2002 && top !== 0x3fff) return undefined;
  }
  return blockedReason(ip.text);
}
