import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../core/upstream/index.js';
import { agreed, confirmedBy } from './witness.js';

describe('two witnesses of a price', () => {
  it('takes the first when every other agrees to the paisa, and says who confirmed it', () => {
    const ws = [
      { where: 'the price block', value: 111.11 },
      { where: 'the title', value: 111.11 },
      { where: 'the JSON-LD WebPage name', value: 111.110001 },
    ];
    expect(agreed('src', 'petrol', ws)).toEqual(ws[0]);
    expect(confirmedBy(ws)).toBe(' confirmed by the title and the JSON-LD WebPage name');
    expect(confirmedBy(ws.slice(0, 1))).toBe('');
  });

  it('is a parse failure naming both places and what each said when they disagree', () => {
    try {
      agreed('src', 'petrol on the Bengaluru page', [
        { where: 'the price block', value: 111.11 },
        { where: 'the title', value: 111.11 },
        { where: 'the meta description', value: 112 },
      ]);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as UpstreamError).kind).toBe('parse');
      expect((err as Error).message).toBe('petrol on the Bengaluru page: the price block says 111.11 but the meta description says 112.00');
    }
  });
});
