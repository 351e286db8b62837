// The SSRF guard checked against the IANA special-purpose address registries, entry by entry.
//
// PROVENANCE of the two tables below
//   IPv4: https://www.iana.org/assignments/iana-ipv4-special-registry/ (CSV: iana-ipv4-special-registry-1.csv)
//   IPv6: https://www.iana.org/assignments/iana-ipv6-special-registry/ (CSV: iana-ipv6-special-registry-1.csv)
//   Last updated: 2025-10-09 for both pages, as far as we know; the newest entry is
//   100:0:0:1::/64 (RFC 9780, allocated 2025-04). Written down from our knowledge of the
//   registries and checked row by row against a published transcription of their CSV files;
//   not fetched from iana.org while writing (this machine has no internet). When IANA adds
//   an entry, add its row here: the tests then say whether the guard needs a change.
//   Licence: IANA publishes its protocol registries for anyone to use; they carry no licence
//   restriction (public-domain-like), so the facts are reproduced freely.
//   Kept columns: address block, name, RFC(s), and "Globally Reachable": True, False, N/A
//   (Teredo, 6to4: the registry defers to their RFCs), or empty (a terminated allocation).
//   The entry "192.0.0.170/32, 192.0.0.171/32" is one registry row, written here as two.

import { describe, expect, it } from 'vitest';
import { BlockedAddressError, UrlGuard } from './guard.js';
import { blockedReason, formatIPv4, formatIPv6, parseIPv4, parseIPv6 } from './ip.js';

type Reachable = true | false | 'n/a' | 'terminated';
type Entry = [block: string, name: string, rfc: string, globallyReachable: Reachable];

const IPV4_SPECIAL: Entry[] = [
  ['0.0.0.0/8', '"This network"', 'RFC 791, section 3.2', false],
  ['0.0.0.0/32', '"This host on this network"', 'RFC 1122, section 3.2.1.3', false],
  ['10.0.0.0/8', 'Private-Use', 'RFC 1918', false],
  ['100.64.0.0/10', 'Shared Address Space', 'RFC 6598', false],
  ['127.0.0.0/8', 'Loopback', 'RFC 1122, section 3.2.1.3', false],
  ['169.254.0.0/16', 'Link Local', 'RFC 3927', false],
  ['172.16.0.0/12', 'Private-Use', 'RFC 1918', false],
  ['192.0.0.0/24', 'IETF Protocol Assignments', 'RFC 6890, section 2.1', false],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', 'RFC 7335', false],
  ['192.0.0.8/32', 'IPv4 dummy address', 'RFC 7600', false],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', 'RFC 7723', true],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', 'RFC 8155', true],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', 'RFC 8880, RFC 7050 section 2.2', false],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', 'RFC 8880, RFC 7050 section 2.2', false],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', 'RFC 5737', false],
  ['192.31.196.0/24', 'AS112-v4', 'RFC 7535', true],
  ['192.52.193.0/24', 'AMT', 'RFC 7450', true],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', 'RFC 7526', 'terminated'],
  ['192.88.99.2/32', '6a44-relay anycast address', 'RFC 6751', false],
  ['192.168.0.0/16', 'Private-Use', 'RFC 1918', false],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', 'RFC 7534', true],
  ['198.18.0.0/15', 'Benchmarking', 'RFC 2544', false],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', 'RFC 5737', false],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', 'RFC 5737', false],
  ['240.0.0.0/4', 'Reserved', 'RFC 1112, section 4', false],
  ['255.255.255.255/32', 'Limited Broadcast', 'RFC 8190, RFC 919 section 7', false],
];

const IPV6_SPECIAL: Entry[] = [
  ['::1/128', 'Loopback Address', 'RFC 4291', false],
  ['::/128', 'Unspecified Address', 'RFC 4291', false],
  ['::ffff:0:0/96', 'IPv4-mapped Address', 'RFC 4291', false],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.', 'RFC 6052', true],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat.', 'RFC 8215', false],
  ['100::/64', 'Discard-Only Address Block', 'RFC 6666', false],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix', 'RFC 9780', false],
  ['2001::/23', 'IETF Protocol Assignments', 'RFC 2928', false],
  ['2001::/32', 'TEREDO', 'RFC 4380, RFC 8190', 'n/a'],
  ['2001:1::1/128', 'Port Control Protocol Anycast', 'RFC 7723', true],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', 'RFC 8155', true],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast', 'RFC 9665', true],
  ['2001:2::/48', 'Benchmarking', 'RFC 5180, RFC Errata 1752', false],
  ['2001:3::/32', 'AMT', 'RFC 7450', true],
  ['2001:4:112::/48', 'AS112-v6', 'RFC 7535', true],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', 'RFC 4843', 'terminated'],
  ['2001:20::/28', 'ORCHIDv2', 'RFC 7343', true],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', 'RFC 9374', true],
  ['2001:db8::/32', 'Documentation', 'RFC 3849', false],
  ['2002::/16', '6to4', 'RFC 3056', 'n/a'],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', 'RFC 7534', true],
  ['3fff::/20', 'Documentation', 'RFC 9637', false],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', 'RFC 9602', false],
  ['fc00::/7', 'Unique-Local', 'RFC 4193, RFC 8190', false],
  ['fe80::/10', 'Link-Local Unicast', 'RFC 4291', false],
];

// Where the guard departs from "refuse exactly what is not globally reachable", and why.
// 'refused': refused whole although IANA marks it reachable (or says N/A / nothing);
// 'embedded': decided by the IPv4 address the IPv6 address carries (tested further down).
const DEPARTURES: Record<string, ['refused' | 'embedded', string]> = {
  '192.0.0.9/32': ['refused', 'PCP anycast answers at the nearest NAT gateway, usually inside the deployment'],
  '192.0.0.10/32': ['refused', 'TURN anycast answers at the nearest relay, possibly an internal one; never a web page'],
  '192.88.99.0/24': ['refused', 'terminated 6to4 relay anycast: whoever is nearest answers'],
  '::ffff:0:0/96': ['embedded', 'a dual-stack socket connects to the IPv4 address itself'],
  '64:ff9b::/96': ['embedded', 'the well-known NAT64 prefix: the translator connects to the IPv4 address it carries'],
  '2001::/32': ['refused', 'Teredo needs a local tunnel interface and is abandoned; nothing legitimate is lost'],
  '2001:1::1/128': ['refused', 'PCP anycast, as 192.0.0.9'],
  '2001:1::2/128': ['refused', 'TURN anycast, as 192.0.0.10'],
  '2001:1::3/128': ['refused', 'DNS-SD SRP anycast answers at the nearest (local, Thread) registrar'],
  '2001:10::/28': ['refused', 'a terminated allocation inside the refused 2001::/23'],
  '2002::/16': ['embedded', '6to4 tunnels to the IPv4 address it carries'],
};

const guard = new UrlGuard();

/** First, middle and last address of a block, as text. */
function startMiddleEnd(block: string): string[] {
  const [addr, len] = block.split('/');
  const bits = Number(len);
  const v4 = parseIPv4(addr);
  const width = v4 === undefined ? 128 : 32;
  const base = v4 === undefined ? parseIPv6(addr)! : BigInt(v4);
  const size = 1n << BigInt(width - bits);
  const text = (v: bigint) => (width === 32 ? formatIPv4(Number(v)) : formatIPv6([96n, 64n, 32n, 0n].map((s) => Number((v >> s) & 0xffffffffn))));
  return [...new Set([base, base + size / 2n, base + size - 1n].map(text))];
}

const literal = (a: string) => new URL(a.includes(':') ? `http://[${a}]/` : `http://${a}/`);

function expectRefused(a: string): void {
  expect(blockedReason(a), a).toBeDefined();
  expect(() => guard.checkUrl(literal(a)), a).toThrow(BlockedAddressError);
  expect(() => guard.checkResolved('name.example', [a]), a).toThrow(BlockedAddressError);
}

function expectAllowed(a: string): void {
  expect(blockedReason(a), a).toBeUndefined();
  expect(() => guard.checkUrl(literal(a)), a).not.toThrow();
  expect(() => guard.checkResolved('name.example', [a]), a).not.toThrow();
}

const ALL = [...IPV4_SPECIAL, ...IPV6_SPECIAL];
const label = ([block, name, rfc]: Entry) => `${block} (${name}, ${rfc})`;

describe('the SSRF guard against the IANA special-purpose registries', () => {
  it('has a rule for every entry: its reachability is true or false, or the departure is written down', () => {
    const undecided = ALL.filter(([block, , , g]) => typeof g !== 'boolean' && !DEPARTURES[block]).map(([b]) => b);
    expect(undecided).toEqual([]);
    const unknown = Object.keys(DEPARTURES).filter((b) => !ALL.some(([block]) => block === b));
    expect(unknown).toEqual([]);
  });

  it.each(ALL.filter(([block, , , g]) => g === false && !DEPARTURES[block]).map((e) => [label(e), e[0]]))(
    'refuses %s, not globally reachable, at its first, middle and last address',
    (_l, block) => {
      for (const a of startMiddleEnd(block)) expectRefused(a);
    },
  );

  it.each(ALL.filter(([block, , , g]) => g === true && !DEPARTURES[block]).map((e) => [label(e), e[0]]))(
    'lets %s through, globally reachable, at its first, middle and last address',
    (_l, block) => {
      for (const a of startMiddleEnd(block)) expectAllowed(a);
    },
  );

  it.each(Object.entries(DEPARTURES).filter(([, [how]]) => how === 'refused'))('refuses %s whole on purpose: %s', (block) => {
    for (const a of startMiddleEnd(block)) expectRefused(a);
  });

  it('refuses the IPv6 space outside global unicast 2000::/3, which IANA keeps reserved', () => {
    for (const a of ['1::1', '400::1', '4000::1', '6000::1', '8000::1', 'a000::1', 'c000::1', 'e000::1', 'f000::1', 'fec0::1']) expectRefused(a);
  });

  it('lets ordinary global unicast through', () => {
    for (const a of ['2400:cb00:2048:1::c629:d7a2', '2a00:1450:4001:82a::200e', '2606:4700:4700::1111', '3ffe:ffff::1', '1.1.1.1', '93.184.216.34'])
      expectAllowed(a);
  });
});

// IPv4 addresses a fetcher must never reach, one per kind.
const BAD_INNER: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'], // AWS, GCP, Azure metadata
  ['100.100.100.200', 'carrier-grade NAT'], // Alibaba Cloud metadata
  ['0.0.0.0', 'this network'],
];
const PUBLIC_INNER = '93.184.216.34';

const hex = (ip: string) => parseIPv4(ip)!.toString(16).padStart(8, '0');
const hi = (ip: string) => hex(ip).slice(0, 4);
const lo = (ip: string) => hex(ip).slice(4);
const notHex = (ip: string) => ((~parseIPv4(ip)! >>> 0) >>> 0).toString(16).padStart(8, '0');

// How each form writes an IPv4 address into IPv6. Local-use NAT64 (RFC 6052 section 2.2)
// puts it at a place set by the prefix length the operator chose: three of them are tried.
const FORMS: [form: string, write: (ip: string) => string, publicAllowed: boolean][] = [
  ['IPv4-mapped ::ffff:0:0/96', (ip) => `::ffff:${ip}`, true],
  ['NAT64 64:ff9b::/96', (ip) => `64:ff9b::${ip}`, true],
  ['6to4 2002::/16', (ip) => `2002:${hi(ip)}:${lo(ip)}::1`, true],
  ['IPv4-compatible ::/96', (ip) => `::${ip}`, false],
  ['IPv4-translated ::ffff:0:0:0/96', (ip) => `::ffff:0:${ip}`, false],
  ['local-use NAT64 64:ff9b:1::/48, /96 layout', (ip) => `64:ff9b:1::${ip}`, false],
  ['local-use NAT64 64:ff9b:1::/48, /48 layout', (ip) => `64:ff9b:1:${hi(ip)}:${hex(ip).slice(4, 6)}:${hex(ip).slice(6)}00::`, false],
  ['local-use NAT64 64:ff9b:1::/48, /64 layout', (ip) => `64:ff9b:1:0:${hex(ip).slice(0, 2)}:${hex(ip).slice(2, 6)}:${hex(ip).slice(6)}00:0`, false],
  ['Teredo 2001::/32 (server and client)', (ip) => `2001:0:${hi(ip)}:${lo(ip)}:8000:f227:${notHex(ip).slice(0, 4)}:${notHex(ip).slice(4)}`, false],
];

describe('IPv4 carried in IPv6', () => {
  it.each(FORMS.flatMap(([form, write]) => BAD_INNER.map(([ip, kind]) => [form, ip, kind, write(ip)] as const)))(
    'refuses the %s form of %s (%s): %s',
    (_form, _ip, _kind, a) => expectRefused(a),
  );

  it.each(FORMS.filter(([, , ok]) => ok))('names the carried address when refusing the %s form', (_form, write) => {
    expect(blockedReason(write('169.254.169.254'))).toMatch(/of 169\.254\.169\.254, a link-local address/);
  });

  it.each(FORMS.map(([form, write, ok]) => [form, ok ? 'let through' : 'refused anyway', write(PUBLIC_INNER), ok] as const))(
    'with a public IPv4 address, the %s form is %s: %s',
    (_form, _verdict, a, ok) => (ok ? expectAllowed(a) : expectRefused(a)),
  );

  it('refuses http://[64:ff9b:1::a9fe:a9fe]/, 169.254.169.254 behind a local-use NAT64 prefix', () => {
    expect(() => guard.checkUrl(new URL('http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/'))).toThrow(/local-use NAT64/);
  });
});
