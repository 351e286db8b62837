// One crawl of a price group: pages asked through the shared failover (sources in the
// module's order), a few at a time; every source's rows and errors counted; the result
// written only when it covers enough of what the registry expects. A crawl that fails or
// comes back short never overwrites stored data — it is recorded and reported instead.

import { failover, AllProvidersFailed, type Attempt, type Provider, type ProviderHealth } from '../../core/upstream/index.js';
import type { CrawlRun, PriceRepository, PriceRow, SourceReport } from './repository.js';
import { mapLimit } from '../../core/async.js';

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

export type CrawlProgress = (event: { task: string; source?: string; rows: number; error?: string; done: number; total: number }) => void;

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
  /** Stops the crawl (lock lost, shutting down): no page is started after it, nothing is stored. */
  signal?: AbortSignal;
}

export interface CrawlOutcome extends CrawlRun {
  stored: boolean;
}

/** Each source's share of a crawl: rows it gave, errors it caused. */
class SourceLog {
  private readonly byName = new Map<string, SourceReport>();
  get(name: string): SourceReport {
    let s = this.byName.get(name);
    if (!s) this.byName.set(name, (s = { name, rows: 0, errors: [] }));
    return s;
  }
  failed(attempts: readonly Attempt[], label: string): void {
    for (const a of attempts) if (a.kind !== 'suspended') this.get(a.provider).errors.push(`${label}: ${a.message}`);
  }
  /** Kept readable: the first errors of each source are enough to act on. */
  report(): SourceReport[] {
    return [...this.byName.values()].map((s) => ({ ...s, errors: s.errors.slice(0, 20) }));
  }
}

interface Collected {
  /** One row per location and product: the first source to give it wins. */
  rows: Map<string, CrawledRow>;
  past: (CrawledRow & { day: string })[];
}

/** Asks every task's sources (in failover order) at most `concurrency` pages at a time. */
async function collect<I, O>(tasks: readonly CrawlTask<I, O>[], o: CrawlOptions, sources: SourceLog): Promise<Collected> {
  const out: Collected = { rows: new Map(), past: [] };
  let done = 0;
  // Sources that failed in this run and are suspended for it: not asked again in this run (the
  // failover would give one of them a probe on every page once all are suspended).
  const gaveUp = new Set<string>();
  const giveUp = (attempts: readonly Attempt[]) => {
    for (const a of attempts) if (a.kind !== 'suspended' && o.health.suspendedUntil(a.provider)) gaveUp.add(a.provider);
  };
  await mapLimit(tasks, o.concurrency, async (task) => {
    if (o.signal?.aborted) return;
    const providers = task.providers.filter((p) => !(gaveUp.has(p.name) && o.health.suspendedUntil(p.name)));
    if (providers.length === 0) {
      const msg = `${o.group}: not asked: every source failed earlier in this run and is suspended`;
      o.onProgress?.({ task: task.label, rows: 0, error: msg, done: ++done, total: tasks.length });
      return;
    }
    try {
      const res = await failover(o.group, providers, task.input, o.health, { deadlineMs: o.pageDeadlineMs, signal: o.signal });
      giveUp(res.attempts);
      sources.failed(res.attempts, task.label);
      if (task.pastRows) out.past.push(...task.pastRows(res.value, res.provider).filter((r) => r.day < o.day));
      let added = 0;
      for (const r of task.toRows(res.value, res.provider)) {
        const k = `${r.location}|${r.product}`;
        if (!out.rows.has(k)) {
          out.rows.set(k, r);
          added++;
        }
      }
      sources.get(res.provider).rows += added;
      o.onProgress?.({ task: task.label, source: res.provider, rows: added, done: ++done, total: tasks.length });
    } catch (err) {
      const attempts = err instanceof AllProvidersFailed ? err.attempts : [];
      giveUp(attempts);
      sources.failed(attempts, task.label);
      const msg = err instanceof Error ? err.message : String(err);
      if (!attempts.length) for (const p of task.providers) sources.get(p.name).errors.push(`${task.label}: ${msg}`);
      o.onProgress?.({ task: task.label, rows: 0, error: msg, done: ++done, total: tasks.length });
    }
  });
  return out;
}

/** Stores the crawl only when it is whole enough and was not stopped; says why not otherwise. */
async function storeIfComplete(repo: PriceRepository, got: Collected, o: CrawlOptions): Promise<{ stored: boolean; error: string | null }> {
  const needed = Math.ceil((o.expected * o.minPercent) / 100);
  if (o.signal?.aborted)
    return { stored: false, error: `${o.group}: crawl stopped (${o.signal.reason instanceof Error ? o.signal.reason.message : 'aborted'}); stored data kept` };
  if (got.rows.size < needed)
    return { stored: false, error: `${o.group}: got ${got.rows.size} of ${o.expected} expected prices (at least ${needed} needed); stored data kept` };
  const updatedAt = o.now().toISOString();
  let stored = false;
  try {
    await repo.upsert([...got.rows.values()].map((r) => ({ ...r, day: o.day, updated_at: updatedAt })));
    stored = true;
    if (got.past.length) await repo.insertMissing(got.past.map((r) => ({ ...r, updated_at: updatedAt })));
    return { stored, error: null };
  } catch (err) {
    return { stored, error: `${o.group}: storing failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export async function runCrawl<I, O>(repo: PriceRepository, tasks: readonly CrawlTask<I, O>[], o: CrawlOptions): Promise<CrawlOutcome> {
  const started = o.now().toISOString();
  const sources = new SourceLog();
  for (const t of tasks) for (const p of t.providers) sources.get(p.name);
  const got = await collect(tasks, o, sources);
  const { stored, error } = await storeIfComplete(repo, got, o);
  const run: CrawlRun = {
    started_at: started,
    finished_at: o.now().toISOString(),
    ok: stored,
    rows: stored ? got.rows.size : 0,
    error,
    sources: sources.report(),
  };
  await repo.recordRun(run);
  return { ...run, stored };
}

/** Today's date in India (the day a crawled price applies to). */
export { indiaDate as indiaDay } from '../../core/time.js';
