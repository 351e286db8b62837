import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AsnDb } from './asn-db.js';
import { parseIp } from './address.js';

const csv = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const db = AsnDb.fromCsv(csv('asn-ipv4-num.csv'), csv('asn-ipv6-num.csv'));
const v4 = (s: string) => parseIp(s)!.n as number;
const v6 = (s: string) => parseIp(s)!.n as bigint;

describe('ASN table', () => {
  it('finds the AS of an IPv4 address inside a range, at both ends', () => {
    expect(db.lookup4(v4('8.8.8.8'))).toEqual({ asn: 15169, org: 'Google LLC' });
    expect(db.lookup4(v4('8.8.8.0'))?.asn).toBe(15169);
    expect(db.lookup4(v4('8.8.8.255'))?.asn).toBe(15169);
    expect(db.lookup4(v4('8.8.9.0'))?.asn).toBe(3356);
  });
  it('reads quoted organisation names with commas', () => {
    expect(db.lookup4(v4('1.0.0.1'))).toEqual({ asn: 13335, org: 'Cloudflare, Inc.' });
  });
  it('answers nothing between ranges and outside them', () => {
    expect(db.lookup4(v4('1.0.1.0'))).toBeUndefined();
    expect(db.lookup4(v4('0.255.255.255'))).toBeUndefined();
    expect(db.lookup4(v4('200.1.1.1'))).toBeUndefined();
  });
  it('finds the AS of an IPv6 address with 128-bit comparisons', () => {
    expect(db.lookup6(v6('2001:4860:4860::8888'))).toEqual({ asn: 15169, org: 'Google LLC' });
    expect(db.lookup6(v6('2001:4861::1'))).toBeUndefined();
    expect(db.lookup6(v6('2001:485f:ffff:ffff:ffff:ffff:ffff:ffff'))).toBeUndefined();
  });
});
