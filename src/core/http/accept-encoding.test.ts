// Reading Accept-Encoding as RFC 9110 §12.5.3 has it: q-values, `*`, and identity refused only
// when the client says so. zstd is offered where Node has it (22.15 and later): the rules are
// checked with zstd offered and not, and `accepted` follows the Node it runs on.

import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accepted, parseAcceptEncoding, ZSTD_OFFERED } from './accept-encoding.js';

const withZstd = (h: string) => parseAcceptEncoding(h, true);
const withoutZstd = (h: string) => parseAcceptEncoding(h, false);

describe('Accept-Encoding', () => {
  it('picks zstd from what browsers send, Brotli from Node fetch, gzip when it is all they take', () => {
    expect(withZstd('gzip, deflate, br, zstd')).toEqual({ coding: 'zstd', identity: true });
    expect(withZstd('br, gzip, deflate')).toEqual({ coding: 'br', identity: true });
    expect(withZstd('deflate, gzip')).toEqual({ coding: 'gzip', identity: true });
    expect(withZstd('gzip')).toEqual({ coding: 'gzip', identity: true });
    expect(withZstd('x-gzip')).toEqual({ coding: 'gzip', identity: true });
  });

  it('passes zstd over on a Node without it (22.14): Brotli for browsers, nothing for zstd alone', () => {
    expect(withoutZstd('gzip, deflate, br, zstd')).toEqual({ coding: 'br', identity: true });
    expect(withoutZstd('zstd, deflate')).toEqual({ coding: undefined, identity: true });
    expect(withoutZstd('*')).toEqual({ coding: 'br', identity: true });
  });

  it('offers zstd exactly when this Node compresses it', () => {
    expect(ZSTD_OFFERED).toBe(typeof zlib.zstdCompressSync === 'function');
    expect(accepted('gzip, deflate, br, zstd').coding).toBe(ZSTD_OFFERED ? 'zstd' : 'br');
  });

  it('sends no coding when none is asked for, or only one we do not offer (deflate)', () => {
    expect(accepted(undefined)).toEqual({ identity: true });
    expect(accepted('')).toEqual({ identity: true });
    expect(accepted('identity')).toEqual({ identity: true });
    expect(withZstd('deflate')).toEqual({ coding: undefined, identity: true });
  });

  it('honours q-values: the higher weight wins, q=0 refuses, identity named above a coding keeps it plain', () => {
    expect(withZstd('br;q=0.5, gzip;q=0.8').coding).toBe('gzip');
    expect(withZstd('br;q=0, gzip').coding).toBe('gzip');
    expect(withZstd('gzip;q=0, br;q=0').coding).toBeUndefined();
    expect(withZstd('identity, gzip;q=0.5').coding).toBeUndefined();
    expect(withZstd('gzip;q=0.5').coding).toBe('gzip');
    expect(withZstd('BR ; Q=0.9 , gzip;q=0.1').coding).toBe('br');
    expect(withZstd('zstd;q=0.5, br').coding).toBe('br');
    expect(withZstd('ZSTD;q=0.9, br;q=0.9, gzip').coding).toBe('gzip');
    expect(withZstd('zstd;q=0, br;q=0.1').coding).toBe('br');
  });

  it('reads * as every coding not named, and identity refused by identity;q=0 or by *;q=0 alone', () => {
    expect(withZstd('*')).toEqual({ coding: 'zstd', identity: true });
    expect(withZstd('zstd;q=0, *')).toEqual({ coding: 'br', identity: true });
    expect(withZstd('zstd;q=0, br;q=0, *')).toEqual({ coding: 'gzip', identity: true });
    expect(withZstd('identity;q=0, gzip')).toEqual({ coding: 'gzip', identity: false });
    expect(withZstd('*;q=0')).toEqual({ coding: undefined, identity: false });
    expect(withZstd('identity, *;q=0')).toEqual({ coding: undefined, identity: true });
  });
});
