import { describe, expect, it } from 'vitest';
import { lazy, lazyRequire } from './lazy.js';

describe('lazy', () => {
  it('loads nothing until the first call, then once for every call after', async () => {
    let loads = 0;
    const get = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let tries = 0;
    const get = lazy(async () => {
      tries++;
      if (tries === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('not yet');
    await expect(get()).resolves.toBe('loaded');
    expect(tries).toBe(2);
  });
});

describe('lazyRequire', () => {
  it('answers the same package object as a require of it, the same on every call', async () => {
    const qrcode = lazyRequire<typeof import('qrcode')>('qrcode');
    const { default: imported } = await import('qrcode');
    expect(qrcode()).toBe(qrcode());
    expect(qrcode().create('x').modules.size).toBe(imported.create('x').modules.size);
  });
});
