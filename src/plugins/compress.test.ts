// What a client that sends Accept-Encoding gets: large text answers compressed (Brotli first),
// small ones and images as they are, and the same bytes after decompression.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers/app.js';
import type { JankariModule } from '../core/module.js';
import { MODULES } from '../modules.js';

describe('compression', () => {
  it('compresses large JSON with Brotli or gzip as asked, leaves small answers and images alone', async () => {
    // An image over the threshold (PNG data is already compressed; a second pass only costs).
    const images: JankariModule = {
      name: 'images',
      title: 'Images',
      description: 'a large image',
      create: () => ({ routes: (app) => void app.get('/image', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(8192, 7))) }),
    };
    const t = await testApp({}, { modules: [...MODULES, images] });
    try {
      const plain = await t.app.inject('/openapi.json');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      const gz = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // Under the 1 KiB threshold: not worth a compressor.
      const small = await t.app.inject({ url: '/health/live', headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
      const png = await t.app.inject({ url: '/image', headers: { 'accept-encoding': 'br, gzip' } });
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.length).toBe(8192);
      expect(png.headers['content-encoding']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
