import { describe, expect, it } from 'vitest';
import { crawlStatus, taskErrors } from './status.js';
import type { CrawlRun } from './repository.js';

const run = (at: string, ok: boolean, sources: CrawlRun['sources'], error: string | null = null): CrawlRun => ({
  started_at: at,
  finished_at: at,
  ok,
  rows: ok ? 10 : 0,
  error,
  sources,
});

describe('crawl status', () => {
  it('reports the last success, the last failure with its error, and each source', () => {
    const runs = [
      run(
        '2026-11-20T04:00:00Z',
        false,
        [
          { name: 'a', rows: 0, errors: ['p: 503'] },
          { name: 'b', rows: 4, errors: ['p: b answered, but its page did not list it'], pages: [{ page: '/p.html', places: 4 }] },
        ],
        'short',
      ),
      run('2026-11-20T01:00:00Z', true, [
        { name: 'a', rows: 10, errors: [] },
        { name: 'b', rows: 0, errors: [] },
      ]),
    ];
    const s = crawlStatus(runs, ['a', 'b', 'c'], new Date('2026-11-21T00:00:00Z'));
    expect(s).toEqual({
      status: 'ok',
      last_success: '2026-11-20T01:00:00Z',
      last_failure: '2026-11-20T04:00:00Z',
      last_error: 'short',
      next_run: '2026-11-21T00:00:00.000Z',
      sources: [
        { name: 'a', last_success: '2026-11-20T01:00:00Z', last_failure: '2026-11-20T04:00:00Z', rows: 0, pages: [], errors: ['p: 503'] },
        {
          name: 'b',
          last_success: '2026-11-20T04:00:00Z',
          last_failure: '2026-11-20T04:00:00Z',
          rows: 4,
          pages: [{ page: '/p.html', places: 4 }],
          errors: ['p: b answered, but its page did not list it'],
        },
        { name: 'c', last_success: null, last_failure: null, rows: 0, pages: [], errors: [] },
      ],
    });
  });

  it("tells what a run said of one task's page, source by source", () => {
    const r = run('2026-11-20T04:00:00Z', false, [
      { name: 'a', rows: 0, errors: ['diesel: Pune: a answered HTTP 503', 'diesel: Patna: a answered HTTP 503'] },
      { name: 'b', rows: 0, errors: ['diesel: Pune: not asked: b failed earlier in this run'] },
    ]);
    expect(taskErrors(r, 'diesel: Pune')).toEqual(['a: a answered HTTP 503', 'b: not asked: b failed earlier in this run']);
    expect(taskErrors(r, 'petrol: Pune')).toEqual([]);
  });
});
