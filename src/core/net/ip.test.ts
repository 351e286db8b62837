import { describe, expect, it } from 'vitest';
import { blockedReason, isIpLiteral, parseIPv4, parseIPv6 } from './ip.js';

describe('address classification', () => {
  const blocked: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /carrier-grade/],
    ['100.100.100.200', /carrier-grade/],
    ['0.0.0.0', /this network/],
    ['0.1.2.3', /this network/],
    ['224.0.0.251', /multicast/],
    ['239.255.255.250', /multicast/],
    ['240.0.0.1', /reserved/],
    ['255.255.255.255', /reserved|broadcast/],
    ['192.0.2.10', /documentation/],
    ['198.18.0.1', /benchmarking/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fc00::1', /unique-local/],
    ['fd12:3456::1', /unique-local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['ff02::1', /multicast/],
    ['fd00:ec2::254', /metadata/],
    ['::ffff:127.0.0.1', /IPv4-mapped.*loopback/],
    ['::ffff:7f00:1', /IPv4-mapped.*loopback/],
    ['::ffff:169.254.169.254', /IPv4-mapped.*link-local/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped.*link-local/],
    ['::127.0.0.1', /IPv4-compatible/],
    ['::10.0.0.1', /IPv4-compatible/],
    ['64:ff9b::10.0.0.1', /NAT64.*private/],
    ['64:ff9b:1::a9fe:a9fe', /local-use NAT64/],
    ['2002:c0a8:0101::1', /6to4.*private/],
    ['[::1]', /loopback/],
  ];
  it.each(blocked)('refuses %s', (addr, why) => {
    expect(blockedReason(addr)).toMatch(why);
  });

  const spellings: [string, RegExp][] = [
    ['2130706433', /loopback/], // decimal 127.0.0.1
    ['0x7f000001', /loopback/], // hex
    ['0x7f.0x0.0x0.0x1', /loopback/],
    ['0177.0.0.1', /loopback/], // octal
    ['017700000001', /loopback/],
    ['127.1', /loopback/], // short form
    ['127.0.1', /loopback/],
    ['0xa9.0xfe.0xa9.0xfe', /link-local/],
    ['2852039166', /link-local/], // 169.254.169.254
    ['012.0.0.1', /private/], // 10.0.0.1 in octal
    ['0', /this network/],
    ['127.0.0.1.', /loopback/], // trailing dot
  ];
  it.each(spellings)('refuses the spelling %s', (addr, why) => {
    expect(blockedReason(addr)).toMatch(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (addr) => {
      expect(blockedReason(addr)).toBeUndefined();
    },
  );

  it('parses every IPv4 form inet_aton accepts, and nothing else', () => {
    expect(parseIPv4('1.2.3.4')).toBe(0x01020304);
    expect(parseIPv4('1.2.772')).toBe(0x01020304);
    expect(parseIPv4('1.131844')).toBe(0x01020304);
    expect(parseIPv4('256.1.1.1')).toBeUndefined();
    expect(parseIPv4('1.2.3.4.5')).toBeUndefined();
    expect(parseIPv4('08.1.1.1')).toBeUndefined(); // 8 is not octal
    expect(parseIPv4('example.com')).toBeUndefined();
    expect(parseIPv4('4294967296')).toBeUndefined();
  });

  it('parses IPv6 with compression and embedded IPv4', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n);
    expect(parseIPv6('1::2::3')).toBeUndefined();
    expect(parseIPv6('12345::')).toBeUndefined();
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('[fe80::1]')).toBe(true);
  });
});
