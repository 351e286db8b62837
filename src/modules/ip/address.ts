// Reading the address a user asked about: strict IPv4/IPv6 syntax (no inet_aton oddities such
// as "127.1"), IPv4-mapped IPv6 unwrapped, and private or reserved ranges named, using the
// special-purpose tables the SSRF guard keeps in core/net.

import { isIP } from 'node:net';
import { blockedReason, formatIPv4, parseIPv4, parseIPv6 } from '../../core/net/index.js';
import type { ParsedIp } from './model.js';

/** The address, or undefined when the string is not an IPv4 or IPv6 address. */
export function parseIp(input: string): ParsedIp | undefined {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const v = isIP(s);
  if (v === 4) {
    const n = parseIPv4(s)!;
    return { version: 4, text: formatIPv4(n), n };
  }
  if (v === 6) {
    const n = parseIPv6(s);
    if (n === undefined) return undefined;
    // ::ffff:a.b.c.d is an IPv4 address written in IPv6 (what dual-stack sockets report).
    if (n >> 32n === 0xffffn) {
      const n4 = Number(n & 0xffffffffn);
      return { version: 4, text: formatIPv4(n4), n: n4 };
    }
    return { version: 6, text: s.toLowerCase(), n };
  }
  return undefined;
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
    // Global unicast 2000::/3 holds no special range outside 2001::/16 (IETF, documentation)
    // and 2002::/16 (6to4, which carries an IPv4 address to check).
    const top = Number(ip.n >> 112n);
    if ((top & 0xe000) === 0x2000 && top !== 0x2001 && top !== 0x2002) return undefined;
  }
  return blockedReason(ip.text);
}
