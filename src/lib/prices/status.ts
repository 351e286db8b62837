// The crawl report of /fuel/status and /commodities/latest, built from the recorded runs.

import type { CrawlRun } from './repository.js';

export interface SourceStatus {
  name: string;
  last_success: string | null;
  last_failure: string | null;
  rows: number;
}

export interface CrawlStatus {
  status: 'ok';
  last_success: string | null;
  last_failure: string | null;
  last_error: string | null;
  next_run: string | null;
  sources: SourceStatus[];
}

/** `runs` newest first; `sourceNames` lists every configured source, in order. */
export function crawlStatus(runs: readonly CrawlRun[], sourceNames: readonly string[], nextRun: Date | null): CrawlStatus {
  const lastOk = runs.find((r) => r.ok);
  const lastFailed = runs.find((r) => !r.ok);
  const sources = sourceNames.map((name) => {
    const seen = runs.map((r) => ({ run: r, s: r.sources.find((s) => s.name === name) })).filter((x) => x.s);
    return {
      name,
      last_success: seen.find((x) => x.s!.rows > 0)?.run.finished_at ?? null,
      last_failure: seen.find((x) => x.s!.errors.length > 0)?.run.finished_at ?? null,
      rows: seen[0]?.s?.rows ?? 0,
    };
  });
  return {
    status: 'ok',
    last_success: lastOk?.finished_at ?? null,
    last_failure: lastFailed?.finished_at ?? null,
    last_error: lastFailed?.error ?? null,
    next_run: nextRun ? nextRun.toISOString() : null,
    sources,
  };
}
