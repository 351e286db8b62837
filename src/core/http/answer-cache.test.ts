import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';
import { strongEtag } from './conditional.js';

describe('AnswerCache', () => {
  it('sends an answer as kept, then repeats say cached: true with the ETag of their body, hashed once', () => {
    const kept = new AnswerCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    expect(kept.get('110001')).toBeUndefined();
    const first = kept.keep('110001', { status: 'ok', pin: '110001' });
    expect(JSON.parse(first.body)).toEqual({ status: 'ok', pin: '110001', cached: false });
    expect(first.etag).toBeUndefined();
    const again = kept.get('110001')!;
    expect(JSON.parse(again.body)).toEqual({ status: 'ok', pin: '110001', cached: true });
    expect(again.etag).toBe(strongEtag(again.body));
    expect(kept.get('110001')).toBe(again);
  });

  it('forgets every answer when cleared', () => {
    const kept = new AnswerCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    kept.keep('a', { x: 1 });
    kept.clear();
    expect(kept.get('a')).toBeUndefined();
  });

  it('holds no more than its bytes, dropping the least recently asked', () => {
    // Each answer counts twice its 110 characters of JSON (with "cached":true): its text and its bytes.
    const kept = new AnswerCache({ maxBytes: 3 * (2 * 110 + 64), ttlMs: 60_000 });
    const answer = (k: string) => ({ k, pad: 'x'.repeat(78) });
    for (const k of ['a', 'b', 'c']) kept.keep(k, answer(k));
    kept.get('a');
    kept.keep('d', answer('d'));
    expect(['a', 'b', 'c', 'd'].filter((k) => kept.get(k))).toEqual(['a', 'c', 'd']);
  });

  it('lets an answer go after its time', async () => {
    const kept = new AnswerCache({ maxBytes: 1_000_000, ttlMs: 20 });
    kept.keep('a', { x: 1 });
    await new Promise((r) => setTimeout(r, 40));
    expect(kept.get('a')).toBeUndefined();
  });
});
