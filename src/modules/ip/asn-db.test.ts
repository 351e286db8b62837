import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WorkPool } from '../../core/work/index.js';
import { AsnDb } from './asn-db.js';
import { openAsnDbInPool } from './asn-task.js';
import { parseIp } from './address.js';

const csv = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const db = await AsnDb.fromCsv(csv('asn-ipv4-num.csv'), csv('asn-ipv6-num.csv'));
const v4 = (s: string) => (parseIp(s) as { n: number }).n;
const v6 = (s: string) => (parseIp(s) as { words: readonly number[] }).words;

describe('ASN table', () => {
  it('finds the AS of an IPv4 address inside a range, at both ends', () => {
    expect(db.lookup4(v4('8.8.8.8'))).toEqual({ asn: 15169, org: 'Google LLC', label: 'AS15169 Google LLC' });
    expect(db.lookup4(v4('8.8.8.0'))?.asn).toBe(15169);
    expect(db.lookup4(v4('8.8.8.255'))?.asn).toBe(15169);
    expect(db.lookup4(v4('8.8.9.0'))?.asn).toBe(3356);
  });
  it('reads quoted organisation names with commas', () => {
    expect(db.lookup4(v4('1.0.0.1'))).toMatchObject({ asn: 13335, org: 'Cloudflare, Inc.' });
  });
  it('answers nothing between ranges and outside them', () => {
    expect(db.lookup4(v4('1.0.1.0'))).toBeUndefined();
    expect(db.lookup4(v4('0.255.255.255'))).toBeUndefined();
    expect(db.lookup4(v4('200.1.1.1'))).toBeUndefined();
  });
  it('hands out the same record for every address of a range', () => {
    expect(db.lookup4(v4('8.8.8.8'))).toBe(db.lookup4(v4('8.8.8.9')));
  });
  it('finds the AS of an IPv6 address with 128-bit comparisons', () => {
    expect(db.lookup6(v6('2001:4860:4860::8888'))).toMatchObject({ asn: 15169, org: 'Google LLC' });
    expect(db.lookup6(v6('2001:4861::1'))).toBeUndefined();
    expect(db.lookup6(v6('2001:485f:ffff:ffff:ffff:ffff:ffff:ffff'))).toBeUndefined();
  });
  it('compares IPv6 ranges on all four words, not only the top half', async () => {
    const dec = (ip: string) =>
      v6(ip)
        .reduce((acc, w) => (acc << 32n) | BigInt(w), 0n)
        .toString();
    const t = await AsnDb.fromCsv(
      '',
      [`${dec('2400::')},${dec('2400::ffff:ffff')},1,A`, `${dec('2400::1:0:0')},${dec('2400::1:ffff:ffff')},2,"B, Inc."`].join('\n'),
    );
    expect(t.lookup6(v6('2400::'))?.asn).toBe(1);
    expect(t.lookup6(v6('2400::abcd'))?.asn).toBe(1);
    expect(t.lookup6(v6('2400::1:0:5'))).toMatchObject({ asn: 2, label: 'AS2 B, Inc.' });
    expect(t.lookup6(v6('2400::2:0:0'))).toBeUndefined();
    expect(t.lookup6(v6('23ff:ffff::'))).toBeUndefined();
  });
});

describe('the ASN table built in a work-pool thread', () => {
  it('answers every lookup as the table built here, after crossing as typed arrays and one text', async () => {
    const pool = new WorkPool({ threads: 1, timeoutMs: 60_000, queueMax: 1, queueWaitMs: 60_000, heapMb: 128, idleMs: 60_000 });
    try {
      const crossed = await openAsnDbInPool(pool, new URL('./fixtures/', import.meta.url).pathname);
      for (const ip of ['8.8.8.8', '8.8.8.0', '8.8.9.0', '1.0.0.1', '0.0.0.1', '255.255.255.255']) expect(crossed.lookup4(v4(ip))).toEqual(db.lookup4(v4(ip)));
      for (const ip of ['2001:4860:4860::8888', '2606:4700:4700::1111', '::1']) expect(crossed.lookup6(v6(ip))).toEqual(db.lookup6(v6(ip)));
      expect(crossed.size).toBe(db.size);
    } finally {
      await pool.close();
    }
  });
});
