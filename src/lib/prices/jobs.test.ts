// What `npm run crawl` prints for a price group: a few progress lines, then one line per source.

import { describe, expect, it } from 'vitest';
import { crawlSummary, progressLines } from './jobs.js';

describe('crawl output', () => {
  it('prints progress at each quarter of the pages, not a line per failed page', () => {
    const lines: string[] = [];
    const say = progressLines('fuel', (l) => void lines.push(l));
    for (let done = 1; done <= 28; done++)
      say({
        task: `page ${done}`,
        rows: done % 2 ? 0 : 3,
        error: done % 2 ? 'fuel: every provider failed' : undefined,
        done,
        total: 28,
        source: done % 2 ? undefined : 'ndtv',
      });
    expect(lines).toEqual([
      '[fuel   7/28] 9 price(s), 4 page(s) failed',
      '[fuel  14/28] 21 price(s), 7 page(s) failed',
      '[fuel  21/28] 30 price(s), 11 page(s) failed',
      '[fuel  28/28] 42 price(s), 14 page(s) failed',
    ]);
  });

  it('prints a one-page crawl once', () => {
    const lines: string[] = [];
    progressLines('gold', (l) => void lines.push(l))({ task: 'gold', rows: 2, done: 1, total: 1, source: 'ibja' });
    expect(lines).toEqual(['[gold   1/1] 2 price(s)']);
  });

  it('sums the run up with one line per source and its first error', () => {
    const lines = crawlSummary('fuel', {
      started_at: '2026-11-24T00:00:00.000Z',
      finished_at: '2026-11-24T00:00:02.500Z',
      ok: false,
      stored: false,
      rows: 0,
      error: 'fuel: got 0 of 92 expected prices (at least 83 needed); stored data kept',
      sources: [
        { name: 'goodreturns-fuel', rows: 0, errors: ['petrol: goodreturns-fuel: network', 'diesel: goodreturns-fuel: network'] },
        { name: 'ndtv-fuel', rows: 0, errors: [] },
      ],
    });
    expect(lines).toEqual([
      'fuel: NOT stored in 2.5 s — fuel: got 0 of 92 expected prices (at least 83 needed); stored data kept',
      '  goodreturns-fuel        0 prices, 2 error(s) (first: petrol: goodreturns-fuel: network)',
      '  ndtv-fuel               0 prices, 0 error(s)',
    ]);
  });
});
