import { describe, expect, it } from 'vitest';
import { blockedReason } from '../../core/net/index.js';
import { parseIp, reservedReason } from './address.js';

describe('reading an IP address', () => {
  it('reads IPv4 and IPv6', () => {
    expect(parseIp('8.8.8.8')).toEqual({ version: 4, text: '8.8.8.8', n: 0x08080808 });
    expect(parseIp(' 2001:4860:4860::8888 ')).toMatchObject({ version: 6, text: '2001:4860:4860::8888' });
    expect(parseIp('[2001:db8::1]')).toMatchObject({ version: 6 });
  });
  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(parseIp('::ffff:49.36.0.1')).toEqual({ version: 4, text: '49.36.0.1', n: 0x31240001 });
  });
  it('writes IPv6 back in its canonical form (RFC 5952), whatever the spelling asked', () => {
    expect(parseIp('2001:0DB8:0000:0000:0000:0000:0000:0001')?.text).toBe('2001:db8::1');
    expect(parseIp('2001:db8:0:0:1:0:0:1')?.text).toBe('2001:db8::1:0:0:1'); // the first of two equal runs
    expect(parseIp('2001:db8:0:1:1:1:1:1')?.text).toBe('2001:db8:0:1:1:1:1:1'); // one zero group stays
    expect(parseIp('::')?.text).toBe('::');
    expect(parseIp('fe80::1%eth0')?.text).toBe('fe80::1');
    expect(parseIp('64:ff9b::192.0.2.33')?.text).toBe('64:ff9b::c000:221');
  });
  it('gives IPv6 as four 32-bit words, most significant first', () => {
    expect(parseIp('2001:4860:4860::8888')).toEqual({ version: 6, text: '2001:4860:4860::8888', words: [0x20014860, 0x48600000, 0, 0x8888] });
    expect(parseIp('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toMatchObject({ words: [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff] });
  });
  it.each(['', 'localhost', '8.8.8', '256.1.1.1', '127.1', '2130706433', '1.2.3.4.5', '2001:::1', 'g::1', '8.8.8.8/24'])('refuses %j', (s) => {
    expect(parseIp(s)).toBeUndefined();
  });
});

describe('private and reserved ranges', () => {
  it.each([
    ['10.1.2.3', /private/],
    ['192.168.1.1', /private/],
    ['172.16.0.1', /private/],
    ['127.0.0.1', /loopback/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['169.254.169.254', /link-local/],
    ['192.0.2.1', /documentation/],
    ['224.0.0.1', /multicast/],
    ['::1', /loopback/],
    ['fe80::1', /link-local/],
    ['fd12:3456::1', /unique-local/],
    ['2001:db8::1', /documentation/],
    ['::ffff:10.0.0.1', /private/],
  ])('names %s', (ip, why) => {
    expect(reservedReason(parseIp(ip)!)).toMatch(why);
  });
  it('skips the full check only where it would find nothing: every first octet outside the table is public', () => {
    const wrong: string[] = [];
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        for (const t of [`${a}.${b}.0.0`, `${a}.${b}.255.255`, `${a}.${b}.0.255`, `${a}.${b}.255.0`]) {
          if (reservedReason(parseIp(t)!) !== blockedReason(t)) wrong.push(t);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
  it('skips the full IPv6 check only where it would find nothing', () => {
    const wrong: string[] = [];
    for (let top = 0; top < 0x10000; top += 7) {
      for (const rest of ['::', '::1', ':db8::1', ':ffff:ffff:ffff:ffff:ffff:ffff:ffff', ':a00:1::']) {
        const t = `${top.toString(16)}${rest}`;
        const p = parseIp(t);
        if (p && p.version === 6 && reservedReason(p) !== blockedReason(p.text)) wrong.push(t);
      }
    }
    for (const t of ['2001:db8::1', '2002:c0a8:101::1', '2002:808:808::1', '2001::1', '2400:cb00::1', '3fff::1', '3fff:fff::1', '3fff:1000::1']) {
      const p = parseIp(t)!;
      if (reservedReason(p) !== blockedReason(t)) wrong.push(t);
    }
    expect(wrong).toEqual([]);
  });
  it('leaves public addresses alone', () => {
    for (const ip of ['8.8.8.8', '49.36.0.1', '2001:4860:4860::8888']) expect(reservedReason(parseIp(ip)!)).toBeUndefined();
  });
});
