// What a client that sends Accept-Encoding gets: large text answers compressed (zstd where Node
// has it, then Brotli, q-values honoured), small ones and images as they are, each coding with its own ETag and 304,
// Vary on every answer that could be compressed, and the same bytes after decompression for
// every kind of answer: kept, dynamic, small, large, streamed, HEAD.

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers/app.js';
import { ZSTD_OFFERED, type Coding } from '../core/http/accept-encoding.js';
import { AnswerCache } from '../core/http/answer-cache.js';
import { encoded } from '../core/http/compression.js';
import { sendRaw } from '../core/http/raw-json.js';
import type { JankariModule } from '../core/module.js';
import { MODULES } from '../modules.js';

const TEXT = 'line of a streamed text file\n'.repeat(400);
const kept = new AnswerCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
// Routes of each kind the app sends: an image, streams of a file, an answer kept and repeated.
const kinds: JankariModule = {
  name: 'kinds',
  title: 'Kinds',
  description: 'answers of each kind',
  create: () => ({
    routes: (app) => {
      app.get('/image', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(8192, 7)));
      app.get('/image-stream', async (_req, reply) => reply.type('image/png').send(Readable.from([Buffer.alloc(8192, 7)])));
      app.get('/text-stream', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(Readable.from([TEXT.slice(0, 5000), TEXT.slice(5000)])));
      app.get('/kept', async (_req, reply) =>
        sendRaw(reply, kept.get('k') ?? kept.keep('k', { rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })) })),
      );
    },
  }),
};

const CHART = '/astro?latitude=28.6&longitude=77.2&year=1990&month=5&day=1&hour=10&min=0&sec=0&tz=%2B05:30';
const NUMEROLOGY = '/numerology?name=Asha+Rao&dob=03-07-1990';
const decode: Record<Coding, (b: Buffer) => Buffer> = { zstd: (b) => zlib.zstdDecompressSync(b), br: brotliDecompressSync, gzip: gunzipSync };
// Every coding this Node offers: zstd from Node 22.15.
const CODINGS: Coding[] = ZSTD_OFFERED ? ['zstd', 'br', 'gzip'] : ['br', 'gzip'];

describe('compression', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({}, { modules: [...MODULES, kinds], now: () => new Date('2025-01-01T06:00:00Z') });
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

  it('compresses large JSON with Brotli or gzip as asked, leaves small answers and images alone', async () => {
    const plain = await get('/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get('/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Under the 1 KiB threshold: not worth a compressor.
    const small = await get('/health/live', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    for (const url of ['/image', '/image-stream']) {
      const png = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.equals(Buffer.alloc(8192, 7)), url).toBe(true);
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.headers.vary).toBeUndefined();
    }
  });

  it('honours q-values, refuses what q=0 refuses, and compresses even a small answer when identity is refused', async () => {
    expect((await get('/openapi.json', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/openapi.json', { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding']).toBe(ZSTD_OFFERED ? 'zstd' : 'gzip');
    expect((await get('/openapi.json', { 'accept-encoding': 'zstd;q=0, br;q=0, *' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/openapi.json', { 'accept-encoding': 'identity, gzip;q=0.5' })).headers['content-encoding']).toBeUndefined();
    // deflate is not offered; zstd is, where Node has it, and comes first at equal weight.
    expect((await get('/openapi.json', { 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined();
    const browser = await get('/openapi.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe(ZSTD_OFFERED ? 'zstd' : 'br');
    expect(decode[browser.headers['content-encoding'] as Coding](browser.rawPayload).toString()).toBe((await get('/openapi.json')).body);
    expect((await get('/openapi.json', { 'accept-encoding': 'zstd;q=0.5, br' })).headers['content-encoding']).toBe('br');
    const plain = await get('/health/live');
    const forced = await get('/health/live', { 'accept-encoding': 'identity;q=0, gzip' });
    expect(forced.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(forced.rawPayload).toString()).toBe(plain.body);
    // Nothing acceptable at all: the answer goes plain rather than not at all.
    const none = await get('/health/live', { 'accept-encoding': '*;q=0' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe(plain.body);
  });

  it('says Vary: Accept-Encoding on every answer of a compressible type, compressed or not, errors included', async () => {
    for (const [url, headers] of [
      [NUMEROLOGY, {}],
      [NUMEROLOGY, { 'accept-encoding': 'br' }],
      ['/health/live', {}],
      ['/numerology?name=Asha&dob=31-02-1990', {}],
      ['/text-stream', {}],
    ] as const) {
      expect((await get(url, headers)).headers.vary, url).toMatch(/(^|, )Accept-Encoding$/);
    }
    // Added to a Vary the route set, not in its place.
    const landing = await get('/', { accept: 'application/json' });
    expect(landing.headers.vary).toBe('Accept, Accept-Encoding');
  });

  it('gives each coding its own strong ETag and answers 304 to a client holding that coding only', async () => {
    for (const url of [NUMEROLOGY, '/openapi.json', '/kept']) {
      await get(url); // the first answer says "cached": false; the repeats are the kept one
      const plain = await get(url);
      const tags = { identity: String(plain.headers.etag) } as Record<string, string>;
      for (const coding of CODINGS) {
        const r = await get(url, { 'accept-encoding': coding });
        expect(r.headers['content-encoding'], url).toBe(coding);
        tags[coding] = String(r.headers.etag);
        expect(tags[coding]).toBe(`${tags.identity.slice(0, -1)}-${coding}"`);
      }
      for (const [coding, etag] of Object.entries(tags)) {
        const ask: Record<string, string> = coding === 'identity' ? {} : { 'accept-encoding': coding };
        const again = await get(url, { ...ask, 'if-none-match': etag });
        expect(again.statusCode, `${url} ${coding}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers.vary).toMatch(/Accept-Encoding/);
        // Another coding's tag does not stand for this one.
        const other = Object.values(tags).find((x) => x !== etag)!;
        expect((await get(url, { ...ask, 'if-none-match': other })).statusCode).toBe(200);
      }
    }
  });

  it('sends the same bytes after decompression for every kind of answer, and HEAD the headers and length of GET', async () => {
    // Kept (/openapi.json, /health, /kept), dynamic small and large (/numerology, an /astro
    // chart), under the threshold (/health/live), and a stream of a compressible type.
    for (const url of ['/openapi.json', '/health', '/kept', NUMEROLOGY, CHART, '/health/live', '/text-stream']) {
      await get(url); // the first answer says "cached": false; the repeats are the kept one
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      for (const coding of CODINGS) {
        const r = await get(url, { 'accept-encoding': coding });
        const body = r.headers['content-encoding'] === coding ? decode[coding](r.rawPayload) : r.rawPayload;
        expect(body.equals(plain.rawPayload), `${url} ${coding}`).toBe(true);
        if (url !== '/health/live') expect(r.headers['content-encoding'], url).toBe(coding);
        if (url === '/text-stream') continue;
        expect(Number(r.headers['content-length']), url).toBe(r.rawPayload.length);
        const head = await get(url, { 'accept-encoding': coding }, 'HEAD');
        expect(head.statusCode).toBe(200);
        expect(head.rawPayload.length).toBe(0);
        expect(head.headers['content-encoding']).toBe(r.headers['content-encoding']);
        expect(head.headers['content-length'], url).toBe(r.headers['content-length']);
        expect(head.headers.etag).toBe(r.headers.etag);
      }
    }
  });

  it('compresses a kept answer once per coding and counts those bytes against the cache bound', () => {
    const body = () => ({ data: randomBytes(3000).toString('base64') });
    // Room for two answers' plain text and bytes, not for their compressed codings too.
    const cache = new AnswerCache({ maxBytes: 2 * (2 * 4100 + 64) + 500, ttlMs: 60_000 });
    cache.keep('a', body());
    cache.keep('b', body());
    const a = cache.get('a')!;
    expect(cache.get('b')).toBeDefined();
    const br = encoded(a.bytes!, 'br');
    expect(encoded(a.bytes!, 'br')).toBe(br);
    expect(brotliDecompressSync(br).equals(a.bytes!)).toBe(true);
    expect(encoded(a.bytes!, 'gzip')).toBe(encoded(a.bytes!, 'gzip'));
    // a's codings (about 8 KB of incompressible text) pushed out b, the least recently used.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
  });
});
