// The crawl report of /fuel/status and /commodities/latest, built from the recorded runs.

import type { CrawlRun, PageReport } from './repository.js';

export interface SourceStatus {
  name: string;
  last_success: string | null;
  last_failure: string | null;
  rows: number;
  /** The pages it answered in the last run it was part of, each with how many places it listed. */
  pages: PageReport[];
  /** The first errors it caused in that run ("diesel: Pune: …"), at most five. */
  errors: string[];
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
      pages: seen[0]?.s?.pages ?? [],
      errors: seen[0]?.s?.errors.slice(0, 5) ?? [],
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

/**
 * What a run says about one task (by its label): each source's error for it, as
 * "source: message". Empty when the run read it, or kept no error for it (a run keeps its first
 * 20 errors per source).
 */
export function taskErrors(run: CrawlRun, label: string): string[] {
  const prefix = `${label}: `;
  return run.sources.flatMap((s) => s.errors.filter((e) => e.startsWith(prefix)).map((e) => `${s.name}: ${e.slice(prefix.length)}`));
}
