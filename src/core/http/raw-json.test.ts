// Answers kept as JSON text: built once per cached value, the usual one sent with its ETag.

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { strongEtag } from './conditional.js';
import { KeptAnswer, RawJson, sendRaw, withCached } from './raw-json.js';

describe('kept answers', () => {
  it('builds the text once per cached value and keeps the usual answer (cached, not stale) with its ETag', () => {
    const kept = new KeptAnswer();
    let builds = 0;
    const build = (v: { n: number }) => (builds++, { status: 'ok', n: v.n });
    const value = { n: 1 };
    const first = kept.of({ value, cached: false, stale: false }, build);
    expect(first.body).toBe('{"status":"ok","n":1,"cached":false,"stale":false}');
    expect(first.etag).toBeUndefined();
    const hit = kept.of({ value, cached: true, stale: false }, build);
    expect(hit.body).toBe('{"status":"ok","n":1,"cached":true,"stale":false}');
    expect(hit.etag).toBe(strongEtag(hit.body));
    expect(kept.of({ value, cached: true, stale: false }, build)).toBe(hit);
    expect(kept.of({ value, cached: true, stale: true }, build).body).toBe('{"status":"ok","n":1,"cached":true,"stale":true}');
    expect(kept.of({ value, cached: true, stale: false }, build, ',"experimental":true').body).toBe(
      '{"status":"ok","n":1,"cached":true,"stale":false,"experimental":true}',
    );
    expect(builds).toBe(1);
  });

  it('builds again when the cache hands back another value', () => {
    const kept = new KeptAnswer();
    const build = (v: { n: number }) => ({ n: v.n });
    const a = kept.of({ value: { n: 1 }, cached: true, stale: false }, build);
    const b = kept.of({ value: { n: 2 }, cached: true, stale: false }, build);
    expect(b).not.toBe(a);
    expect(JSON.parse(b.body)).toEqual({ n: 2, cached: true, stale: false });
  });

  it('keeps an answer made from a text value while an equal text comes back (as from a shared store)', () => {
    const kept = new KeptAnswer();
    let heads = 0;
    const head = (fields: string) => (heads++, `{"status":"ok",${fields}`);
    const hit = kept.ofText({ value: '"count":2', cached: true, stale: false }, head);
    expect(hit.body).toBe('{"status":"ok","count":2,"cached":true,"stale":false}');
    expect(hit.etag).toBe(strongEtag(hit.body));
    expect(kept.ofText({ value: ['"count"', '2'].join(':'), cached: true, stale: false }, head)).toBe(hit);
    expect(heads).toBe(1);
    expect(kept.ofText({ value: '"count":3', cached: true, stale: false }, head).body).toBe('{"status":"ok","count":3,"cached":true,"stale":false}');
    expect(heads).toBe(2);
  });

  it('adds "cached" as the last key of a cached object text', () => {
    expect(withCached('{"a":1}', true)).toEqual(new RawJson('{"a":1,"cached":true}'));
  });

  it('sends a kept answer as its bytes, the same answer as its text with the right length, non-ASCII included', async () => {
    const body = '{"status":"ok","city":"Bengaluru","unit":"₹/litre","note":"पेट्रोल"}';
    const kept = RawJson.withEtag(body);
    expect(kept.bytes).toEqual(Buffer.from(body));
    expect(kept.etag).toBe(strongEtag(body));
    const app = Fastify();
    app.get('/kept', (_req, reply) => sendRaw(reply, kept));
    app.get('/text', (_req, reply) => sendRaw(reply, new RawJson(body)));
    for (const path of ['/kept', '/text']) {
      const res = await app.inject(path);
      expect(res.body).toBe(body);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect((await app.inject('/kept')).headers.etag).toBe(kept.etag);
    await app.close();
  });
});
