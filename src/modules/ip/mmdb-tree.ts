// The search tree of a MaxMind DB file (https://maxmind.github.io/MaxMind-DB/), walked with
// an address already in numbers. The maxmind reader's own get() parses the address string
// again into a fresh byte array and returns tuples at every call; under load, on a 60 MB
// tree where most nodes are cold, that garbage and the extra work cost more than the walk.
// Here a lookup allocates nothing and answers the record's data pointer, which identifies
// the record: the caller decodes each pointer once (with the reader) and keeps the result.

export interface MmdbTreeMeta {
  nodeCount: number;
  recordSize: number;
  ipVersion: number;
}

export class MmdbTree {
  private readonly nodeCount: number;
  private readonly recordSize: number;
  private readonly nodeBytes: number;
  /** Where IPv4 addresses start in an IPv6 tree (::a.b.c.d, 96 zero bits down); 0 in an IPv4 tree. */
  private readonly ipv4Start: number;

  constructor(
    private readonly db: Uint8Array,
    meta: MmdbTreeMeta,
  ) {
    if (![24, 28, 32].includes(meta.recordSize)) throw new Error(`unsupported MaxMind DB record size ${meta.recordSize}`);
    this.nodeCount = meta.nodeCount;
    this.recordSize = meta.recordSize;
    this.nodeBytes = meta.recordSize / 4;
    let node = 0;
    if (meta.ipVersion === 6) for (let i = 0; i < 96 && node < this.nodeCount; i++) node = this.child(node, 0);
    this.ipv4Start = node;
  }

  /** The data pointer of a 32-bit IPv4 address, or 0 when the tree has no record for it. */
  find4(n: number): number {
    let node = this.ipv4Start;
    for (let bit = 31; bit >= 0 && node < this.nodeCount; bit--) node = this.child(node, (n >>> bit) & 1);
    return this.pointer(node);
  }

  /** The data pointer of an IPv6 address given as four 32-bit words, most significant first. */
  find6(words: readonly number[]): number {
    let node = 0;
    for (let w = 0; w < 4; w++) {
      const word = words[w];
      for (let bit = 31; bit >= 0 && node < this.nodeCount; bit--) node = this.child(node, (word >>> bit) & 1);
    }
    return this.pointer(node);
  }

  /** A record value above the node count points into the data section; equal means "no data". */
  private pointer(node: number): number {
    return node > this.nodeCount ? node : 0;
  }

  private child(node: number, right: number): number {
    const db = this.db;
    const o = node * this.nodeBytes;
    switch (this.recordSize) {
      case 24:
        return right ? (db[o + 3] << 16) | (db[o + 4] << 8) | db[o + 5] : (db[o] << 16) | (db[o + 1] << 8) | db[o + 2];
      case 28:
        // The middle byte holds the top four bits of both records.
        return right
          ? ((db[o + 3] & 0x0f) << 24) | (db[o + 4] << 16) | (db[o + 5] << 8) | db[o + 6]
          : ((db[o + 3] & 0xf0) << 20) | (db[o] << 16) | (db[o + 1] << 8) | db[o + 2];
      default: {
        const p = right ? o + 4 : o;
        return ((db[p] << 24) | (db[p + 1] << 16) | (db[p + 2] << 8) | db[p + 3]) >>> 0;
      }
    }
  }
}
