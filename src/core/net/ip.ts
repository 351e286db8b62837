// Pure address classification for the SSRF guard: is this address one a public fetcher
// must never connect to? Parses every IPv4 spelling browsers and libc accept (decimal
// 2130706433, octal 0177.0.0.1, hex 0x7f.1, short forms 127.1) and every IPv6 form,
// including IPv4 embedded in IPv6 (mapped ::ffff:a.b.c.d, NAT64, 6to4), so no spelling
// slips past the tables below. The tables follow the IANA special-purpose registries;
// iana-registry.test.ts holds the registries and checks every entry against them.

/** A range of addresses, with the reason users read when it is refused. */
interface Range {
  base: bigint;
  bits: number;
  reason: string;
}

const v4 = (a: string, bits: number, reason: string): Range => ({ base: BigInt(parseIPv4(a)!), bits, reason });

// Every IPv4 block the registry marks not globally reachable, by the enclosing block where
// several nest (192.0.0.0/24 holds 192.0.0.0/29, .8, .170 and .171). Deliberately refused
// beyond the registry: 192.0.0.9 (PCP anycast) and 192.0.0.10 (TURN anycast), which IANA
// marks reachable but which answer at the nearest NAT gateway or relay, often inside the
// deployment's own network; 192.88.99.0/24, the 6to4 relay anycast block IANA terminated
// (its fields are empty); and multicast 224.0.0.0/4, which is no unicast host at all.
const V4_BLOCKED: Range[] = [
  v4('0.0.0.0', 8, 'a "this network" address (0.0.0.0/8)'),
  v4('10.0.0.0', 8, 'a private address (10.0.0.0/8)'),
  v4('100.64.0.0', 10, 'a carrier-grade NAT address (100.64.0.0/10)'),
  v4('127.0.0.0', 8, 'a loopback address (127.0.0.0/8)'),
  v4('169.254.0.0', 16, 'a link-local address (169.254.0.0/16, where cloud metadata lives)'),
  v4('172.16.0.0', 12, 'a private address (172.16.0.0/12)'),
  v4('192.0.0.0', 24, 'an IETF protocol address (192.0.0.0/24)'),
  v4('192.0.2.0', 24, 'a documentation address (192.0.2.0/24)'),
  v4('192.88.99.0', 24, 'a 6to4 relay anycast address (192.88.99.0/24)'),
  v4('192.168.0.0', 16, 'a private address (192.168.0.0/16)'),
  v4('198.18.0.0', 15, 'a benchmarking address (198.18.0.0/15)'),
  v4('198.51.100.0', 24, 'a documentation address (198.51.100.0/24)'),
  v4('203.0.113.0', 24, 'a documentation address (203.0.113.0/24)'),
  v4('224.0.0.0', 4, 'a multicast address (224.0.0.0/4)'),
  v4('255.255.255.255', 32, 'the limited broadcast address (255.255.255.255)'),
  v4('240.0.0.0', 4, 'a reserved address (240.0.0.0/4)'),
];

/** An IPv6 rule: refused with its reason, or let through (null) when a refused block below holds it. */
interface Rule {
  base: bigint;
  bits: number;
  reason: string | null;
}

const v6 = (a: string, bits: number, reason: string | null): Rule => ({ base: parseIPv6(a)!, bits, reason });

// Checked in order, the first match deciding, after the forms whose embedded IPv4 address
// decides (embeddedIPv4). Forms refused whatever IPv4 address they carry, and why:
//  - IPv4-compatible ::/96 and IPv4-translated ::ffff:0:0:0/96 are deprecated; no server
//    uses them, and a host with an automatic tunnel would send them on to the IPv4 address;
//  - local-use NAT64 64:ff9b:1::/48 (RFC 8215) goes to the operator's own translator, which
//    may reach any IPv4 address, its private ones too; where the IPv4 address sits depends on
//    the prefix length the operator chose, so it cannot be read back reliably;
//  - Teredo 2001::/32 carries a server and an obfuscated client address and needs a local
//    Teredo interface; the service is abandoned, and refusing it costs nothing.
// Deliberately refused beyond the registry: the PCP, TURN and DNS-SD SRP anycast addresses
// 2001:1::1-3, which answer at the nearest gateway or relay, often inside the network.
const V6_RULES: Rule[] = [
  v6('fd00:ec2::254', 128, 'a cloud metadata address (fd00:ec2::254)'),
  v6('::', 128, 'the unspecified address (::)'),
  v6('::1', 128, 'a loopback address (::1)'),
  v6('::', 96, 'an IPv4-compatible address (::/96, deprecated)'),
  v6('::ffff:0:0:0', 96, 'an IPv4-translated address (::ffff:0:0:0/96, deprecated)'),
  v6('64:ff9b:1::', 48, 'a local-use NAT64 address (64:ff9b:1::/48), translated to IPv4 inside its network'),
  v6('100::', 64, 'a discard-only address (100::/64)'),
  v6('100:0:0:1::', 64, 'a dummy address (100:0:0:1::/64)'),
  v6('2001::', 32, 'a Teredo address (2001::/32)'),
  // Globally reachable blocks inside the refused 2001::/23.
  v6('2001:3::', 32, null), // AMT
  v6('2001:4:112::', 48, null), // AS112-v6
  v6('2001:20::', 28, null), // ORCHIDv2
  v6('2001:30::', 28, null), // Drone Remote ID entity tags
  v6('2001::', 23, 'an IETF protocol address (2001::/23)'),
  v6('2001:db8::', 32, 'a documentation address (2001:db8::/32)'),
  v6('3fff::', 20, 'a documentation address (3fff::/20)'),
  v6('5f00::', 16, 'a segment-routing address (5f00::/16)'),
  v6('fc00::', 7, 'a unique-local address (fc00::/7)'),
  v6('fe80::', 10, 'a link-local address (fe80::/10)'),
  v6('fec0::', 10, 'a site-local address (fec0::/10, deprecated)'),
  v6('ff00::', 8, 'a multicast address (ff00::/8)'),
  // Only 2000::/3 is global unicast; IANA keeps the rest of the space reserved.
  v6('2000::', 3, null),
  v6('::', 0, 'a reserved address outside the global unicast space (2000::/3)'),
];

/** Parses an IPv4 address in any spelling inet_aton accepts; undefined if it is not one. */
export function parseIPv4(s: string): number | undefined {
  if (!s || s.length > 64) return undefined;
  const parts = s.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop(); // "127.0.0.1." is legal
  if (parts.length < 1 || parts.length > 4) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9]\d*)$/.test(p)) n = Number(p);
    else return undefined;
    if (!Number.isFinite(n)) return undefined;
    nums.push(n);
  }
  // The last part fills the remaining bytes: a.b.c.d, a.b.cd, a.bcd, abcd.
  const last = nums[nums.length - 1];
  const head = nums.slice(0, -1);
  if (head.some((x) => x > 255)) return undefined;
  if (last >= 2 ** (8 * (5 - nums.length))) return undefined;
  let v = 0;
  for (const x of head) v = v * 256 + x;
  return v * 2 ** (8 * (5 - nums.length)) + last;
}

/** IPv6 text (no brackets or zone) as four 32-bit words, most significant first; "::" and a dotted IPv4 tail expanded. */
export function ipv6Words(s: string): [number, number, number, number] | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const read = (h: string, into: number[]): boolean => {
    if (h === '') return true;
    for (const g of h.split(':')) {
      if (g.includes('.')) {
        // a.b.c.d at the end stands for two groups.
        const n = /^\d+\.\d+\.\d+\.\d+$/.test(g) ? parseIPv4(g) : undefined;
        if (n === undefined) return false;
        into.push(Math.floor(n / 65536), n % 65536);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(g)) return false;
        into.push(parseInt(g, 16));
      }
    }
    return true;
  };
  const groups: number[] = [];
  const tail: number[] = [];
  if (!read(halves[0], groups) || (halves.length === 2 && !read(halves[1], tail))) return undefined;
  if (halves.length === 2) {
    if (groups.length + tail.length > 7) return undefined;
    while (groups.length + tail.length < 8) groups.push(0);
    groups.push(...tail);
  }
  if (groups.length !== 8) return undefined;
  return [
    ((groups[0] << 16) | groups[1]) >>> 0,
    ((groups[2] << 16) | groups[3]) >>> 0,
    ((groups[4] << 16) | groups[5]) >>> 0,
    ((groups[6] << 16) | groups[7]) >>> 0,
  ];
}

/** Parses an IPv6 address (brackets and zone allowed) into a 128-bit value; undefined if it is not one. */
export function parseIPv6(input: string): bigint | undefined {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':') || !/^[0-9a-f:.]+$/i.test(s)) return undefined;
  const w = ipv6Words(s);
  return w?.reduce((v, x) => (v << 32n) | BigInt(x), 0n);
}

/** RFC 5952 text of four 32-bit words: lower-case hex, no leading zeros, the longest run of two or more zero groups as "::". */
export function formatIPv6(words: readonly number[]): string {
  const g: number[] = [];
  for (const w of words) g.push(w >>> 16, w & 0xffff);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (from: number, to: number) =>
    g
      .slice(from, to)
      .map((x) => x.toString(16))
      .join(':');
  return best < 0 ? hex(0, 8) : `${hex(0, best)}::${hex(best + bestLen, 8)}`;
}

const inRange = (value: bigint, width: number, r: { base: bigint; bits: number }) =>
  r.bits === 0 || value >> BigInt(width - r.bits) === r.base >> BigInt(width - r.bits);

/** The IPv4 address an IPv6 address carries, in the forms whose packets end up at that IPv4 address. */
function embeddedIPv4(v: bigint): { ip: number; form: string } | undefined {
  const low = Number(v & 0xffffffffn);
  if (v >> 32n === 0xffffn) return { ip: low, form: 'IPv4-mapped' }; // ::ffff:a.b.c.d, what a dual-stack socket connects to
  if (v >> 32n === 0x64ff9b0000000000000000n) return { ip: low, form: 'NAT64' }; // 64:ff9b::/96, globally reachable
  if (v >> 112n === 0x2002n) return { ip: Number((v >> 80n) & 0xffffffffn), form: '6to4' }; // 2002:aabb:ccdd::/16, tunnelled to a.b.c.d
  return undefined;
}

export const formatIPv4 = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

/**
 * Why this IP address must not be fetched, or undefined when it is a public address.
 * Accepts any IPv4 spelling and any IPv6 form; a string that is not an IP is undefined.
 */
export function blockedReason(address: string): string | undefined {
  const a4 = parseIPv4(address);
  if (a4 !== undefined) return v4Reason(a4);
  const a6 = parseIPv6(address);
  if (a6 === undefined) return undefined;
  const emb = embeddedIPv4(a6);
  if (emb) {
    const inner = v4Reason(emb.ip);
    return inner ? `${emb.form} IPv6 of ${formatIPv4(emb.ip)}, ${inner}` : undefined;
  }
  return V6_RULES.find((r) => inRange(a6, 128, r))?.reason ?? undefined;
}

function v4Reason(n: number): string | undefined {
  const b = BigInt(n);
  return V4_BLOCKED.find((r) => inRange(b, 32, r))?.reason;
}

/** True when the string is an IP address in some spelling (so DNS is never asked about it). */
export const isIpLiteral = (host: string): boolean => parseIPv4(host) !== undefined || parseIPv6(host) !== undefined;
