// One crawl of a price group: pages asked through the shared failover (sources in the
// module's order), a few at a time; every source's rows and errors counted; the result
// written only when it covers enough of what the registry expects. A crawl that fails or
// comes back short never overwrites stored data — it is recorded and reported instead.

import { failover, AllProvidersFailed, type Provider, type ProviderHealth } from '../../core/upstream/index.js';
import type { CrawlRun, PriceRepository, PriceRow, SourceReport } from './repository.js';

/** One page to crawl, with the sources that can answer it, best first. */
export interface CrawlTask<I, O> {
  /** Shown in progress lines and errors ("petrol", "gold: Mumbai"). */
  label: string;
  input: I;
  providers: readonly Provider<I, O>[];
  /** Turns what a source answered into today's rows (price, location key, product). */
  toRows(value: O, source: string): CrawledRow[];
  /**
   * Earlier days the page also lists (a source's own recent history): stored only for days
   * that have no row yet, never replacing one, and not counted towards the expected rows.
   */
  pastRows?(value: O, source: string): (CrawledRow & { day: string })[];
}

export type CrawledRow = Omit<PriceRow, 'day' | 'updated_at'>;

export interface CrawlProgress {
  (event: { task: string; source?: string; rows: number; error?: string; done: number; total: number }): void;
}

export interface CrawlOptions {
  group: string;
  health: ProviderHealth;
  concurrency: number;
  /** Budget of one page across its sources. */
  pageDeadlineMs: number;
  /** How many (location, product) pairs a complete crawl yields. */
  expected: number;
  /** Least share of `expected` (percent) for the result to be stored. */
  minPercent: number;
  /** The day (Asia/Kolkata) the rows are stored under, and the clock. */
  day: string;
  now: () => Date;
  onProgress?: CrawlProgress;
}

export interface CrawlOutcome extends CrawlRun {
  stored: boolean;
}

/** Runs tasks with at most `n` at a time. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
}

export async function runCrawl<I, O>(repo: PriceRepository, tasks: readonly CrawlTask<I, O>[], o: CrawlOptions): Promise<CrawlOutcome> {
  const started = o.now().toISOString();
  const sources = new Map<string, SourceReport>();
  const source = (name: string) => {
    let s = sources.get(name);
    if (!s) sources.set(name, (s = { name, rows: 0, errors: [] }));
    return s;
  };
  for (const t of tasks) for (const p of t.providers) source(p.name);

  const byKey = new Map<string, CrawledRow>();
  const past: (CrawledRow & { day: string })[] = [];
  let done = 0;
  await pool(tasks, o.concurrency, async (task) => {
    try {
      const res = await failover(o.group, task.providers, task.input, o.health, { deadlineMs: o.pageDeadlineMs });
      for (const a of res.attempts) if (a.kind !== 'suspended') source(a.provider).errors.push(`${task.label}: ${a.message}`);
      const rows = task.toRows(res.value, res.provider);
      if (task.pastRows) past.push(...task.pastRows(res.value, res.provider).filter((r) => r.day < o.day));
      let added = 0;
      for (const r of rows) {
        const k = `${r.location}|${r.product}`;
        if (!byKey.has(k)) {
          byKey.set(k, r);
          added++;
        }
      }
      source(res.provider).rows += added;
      o.onProgress?.({ task: task.label, source: res.provider, rows: added, done: ++done, total: tasks.length });
    } catch (err) {
      const attempts = err instanceof AllProvidersFailed ? err.attempts : [];
      for (const a of attempts) if (a.kind !== 'suspended') source(a.provider).errors.push(`${task.label}: ${a.message}`);
      const msg = err instanceof Error ? err.message : String(err);
      if (!attempts.length) for (const p of task.providers) source(p.name).errors.push(`${task.label}: ${msg}`);
      o.onProgress?.({ task: task.label, rows: 0, error: msg, done: ++done, total: tasks.length });
    }
  });

  const got = byKey.size;
  const needed = Math.ceil((o.expected * o.minPercent) / 100);
  const updatedAt = o.now().toISOString();
  let error: string | null = null;
  let stored = false;
  if (got < needed) {
    error = `${o.group}: got ${got} of ${o.expected} expected prices (at least ${needed} needed); stored data kept`;
  } else {
    try {
      await repo.upsert([...byKey.values()].map((r) => ({ ...r, day: o.day, updated_at: updatedAt })));
      stored = true;
      if (past.length) await repo.insertMissing(past.map((r) => ({ ...r, updated_at: updatedAt })));
    } catch (err) {
      error = `${o.group}: storing failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  const run: CrawlRun = {
    started_at: started,
    finished_at: o.now().toISOString(),
    ok: stored,
    rows: stored ? got : 0,
    error,
    // Keep the record readable: the first errors of each source are enough to act on.
    sources: [...sources.values()].map((s) => ({ ...s, errors: s.errors.slice(0, 20) })),
  };
  await repo.recordRun(run);
  return { ...run, stored };
}

/** Today's date in India (the day a crawled price applies to). */
export { indiaDate as indiaDay } from '../../core/time.js';
