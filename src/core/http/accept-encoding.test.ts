// Reading Accept-Encoding as RFC 9110 §12.5.3 has it: q-values, `*`, and identity refused only
// when the client says so.

import { describe, expect, it } from 'vitest';
import { accepted } from './accept-encoding.js';

describe('Accept-Encoding', () => {
  it('picks Brotli from what browsers, Node fetch and curl send, gzip when it is all they take', () => {
    expect(accepted('gzip, deflate, br, zstd')).toEqual({ coding: 'br', identity: true });
    expect(accepted('br, gzip, deflate')).toEqual({ coding: 'br', identity: true });
    expect(accepted('deflate, gzip')).toEqual({ coding: 'gzip', identity: true });
    expect(accepted('gzip')).toEqual({ coding: 'gzip', identity: true });
    expect(accepted('x-gzip')).toEqual({ coding: 'gzip', identity: true });
  });

  it('sends no coding when none is asked for, or only ones Node 20 lacks (zstd) or we do not offer (deflate)', () => {
    expect(accepted(undefined)).toEqual({ identity: true });
    expect(accepted('')).toEqual({ identity: true });
    expect(accepted('identity')).toEqual({ identity: true });
    expect(accepted('zstd, deflate')).toEqual({ coding: undefined, identity: true });
  });

  it('honours q-values: the higher weight wins, q=0 refuses, identity named above a coding keeps it plain', () => {
    expect(accepted('br;q=0.5, gzip;q=0.8').coding).toBe('gzip');
    expect(accepted('br;q=0, gzip').coding).toBe('gzip');
    expect(accepted('gzip;q=0, br;q=0').coding).toBeUndefined();
    expect(accepted('identity, gzip;q=0.5').coding).toBeUndefined();
    expect(accepted('gzip;q=0.5').coding).toBe('gzip');
    expect(accepted('BR ; Q=0.9 , gzip;q=0.1').coding).toBe('br');
  });

  it('reads * as every coding not named, and identity refused by identity;q=0 or by *;q=0 alone', () => {
    expect(accepted('*')).toEqual({ coding: 'br', identity: true });
    expect(accepted('br;q=0, *')).toEqual({ coding: 'gzip', identity: true });
    expect(accepted('identity;q=0, gzip')).toEqual({ coding: 'gzip', identity: false });
    expect(accepted('*;q=0')).toEqual({ coding: undefined, identity: false });
    expect(accepted('identity, *;q=0')).toEqual({ coding: undefined, identity: true });
  });
});
