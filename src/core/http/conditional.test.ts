// Conditional GET through the whole app: every successful answer carries a strong ETag and a
// Cache-Control line, a client that holds the version gets 304 without a body, and errors are
// never made cacheable.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { numerologyModule } from '../../modules/numerology/index.js';
import { matches, strongEtag } from './conditional.js';

const URL_ = '/numerology?name=Asha+Rao&dob=03-07-1990';

describe('conditional GET', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({}, { modules: [numerologyModule], now: () => new Date('2025-01-01T06:00:00Z') });
  });
  afterAll(() => t.close());

  it('sends a strong ETag of the answer and the max-age the route declares', async () => {
    const r = await t.app.inject(URL_);
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).toBe(strongEtag(r.body));
    expect(r.headers['cache-control']).toBe('public, max-age=600');
  });

  it('answers 304 with no body to a client holding that version, in any of its spellings', async () => {
    const { headers } = await t.app.inject(URL_);
    const etag = String(headers.etag);
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const r = await t.app.inject({ url: URL_, headers: { 'if-none-match': held } });
      expect(r.statusCode, held).toBe(304);
      expect(r.body, held).toBe('');
      expect(r.headers.etag).toBe(etag);
    }
    const changed = await t.app.inject({ url: URL_, headers: { 'if-none-match': '"not-it"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('makes routes without a declared lifetime revalidate every time', async () => {
    const r = await t.app.inject('/health');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('never gives an error an ETag or a lifetime', async () => {
    const r = await t.app.inject('/numerology?name=Asha&dob=31-02-1990');
    expect(r.statusCode).toBe(400);
    expect(r.headers.etag).toBeUndefined();
    expect(r.headers['cache-control']).toBeUndefined();
  });

  it("gives a compressed answer the plain one's hash with its coding added, and 304 for that coding", async () => {
    const plain = await t.app.inject('/openapi.json');
    const br = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(br.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The plain answer's tag is another representation's: the Brotli one is sent.
    const other = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) } });
    expect(other.statusCode).toBe(200);
  });
});

describe('If-None-Match matching (RFC 9110 §13.1.2, weak comparison)', () => {
  it('matches the tag itself, its weak form, one of a list and the wildcard, and nothing else', () => {
    expect(matches('"a"', '"a"')).toBe(true);
    expect(matches('W/"a"', '"a"')).toBe(true);
    expect(matches('"b" , "a"', '"a"')).toBe(true);
    expect(matches(' * ', '"a"')).toBe(true);
    expect(matches('"ab"', '"a"')).toBe(false);
    expect(matches(undefined, '"a"')).toBe(false);
  });
});
