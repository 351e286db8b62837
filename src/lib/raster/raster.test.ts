// sharp's process-wide settings hold only if every image is made through this module's sharp.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharp } from './index.js';

const SRC = new URL('../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('sharp, set up once', () => {
  it('keeps no libvips operation cache and gives each image one thread', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });

  it('is the only sharp the code imports', () => {
    const direct = sources(SRC)
      .filter((f) => !f.includes('/lib/raster/'))
      .filter((f) => /from 'sharp'|import\('sharp'\)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(direct).toEqual([]);
  });
});
