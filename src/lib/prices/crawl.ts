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
  /**
   * Turns what a source answered into today's rows (price, location key, product): every place the
   * page lists, not only the ones the task is for (see `wants`).
   */
  toRows(value: O, source: string): CrawledRow[];
  /**
   * The `location|product` keys this task is for. Rows for other keys are what its page also lists:
   * kept only where no task gives its own row for them, so a place's own page always wins. Without
   * it every row counts as the task's own.
   */
  wants?: readonly string[];
  /**
   * The page a source reads for this task (its URL), or undefined when it cannot be told. Tasks
   * naming the same page of the same source share one request in a run (a state's page listing
   * the two cities asked for); the answer must depend on the page alone.
   */
  pageOf?(source: string): string | undefined;
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

/** Each source's share of a crawl: rows it gave, pages it read, errors it caused. */
class SourceLog {
  private readonly byName = new Map<string, SourceReport>();
  get(name: string): SourceReport {
    let s = this.byName.get(name);
    if (!s) this.byName.set(name, (s = { name, rows: 0, errors: [], pages: [] }));
    return s;
  }
  failed(attempts: readonly Attempt[], label: string): void {
    for (const a of attempts) if (a.kind !== 'suspended') this.get(a.provider).errors.push(`${label}: ${a.message}`);
  }
  /** Kept readable: the first errors and pages of each source are enough to act on. `rows` are the rows kept. */
  report(rows: Iterable<CrawledRow>): SourceReport[] {
    const given = new Map<string, number>();
    for (const r of rows) given.set(r.source, (given.get(r.source) ?? 0) + 1);
    return [...this.byName.values()].map((s) => ({ ...s, rows: given.get(s.name) ?? 0, errors: s.errors.slice(0, 20), pages: s.pages?.slice(0, 100) }));
  }
}

/** A page as a report names it: a URL's path and query (the base URL is configuration), else as given. */
function pageName(page: string): string {
  if (!/^https?:\/\//i.test(page)) return page;
  try {
    const u = new URL(page);
    return u.pathname + u.search;
  } catch {
    return page;
  }
}

/**
 * The task's sources, each asking a page at most once per run: a task naming a page another task
 * already asked of that source gets that answer (or failure). `fresh` collects the sources this
 * task itself asked.
 */
function sharing<I, O>(task: CrawlTask<I, O>, providers: readonly Provider<I, O>[], pages: Map<string, Promise<O>>, fresh: Set<string>): Provider<I, O>[] {
  const pageOf = task.pageOf?.bind(task);
  if (!pageOf) return providers.map((p) => ({ name: p.name, run: (input, ctx) => (fresh.add(p.name), p.run(input, ctx)) }));
  return providers.map((p) => ({
    name: p.name,
    run: (input, ctx) => {
      const page = pageOf(p.name);
      const key = page === undefined ? undefined : `${p.name}\n${page}`;
      let answer = key === undefined ? undefined : pages.get(key);
      if (!answer) {
        fresh.add(p.name);
        answer = p.run(input, ctx);
        if (key !== undefined) pages.set(key, answer);
      }
      return answer;
    },
  }));
}

interface Collected {
  /**
   * One row per location and product: the first task to give it as its own wins; a row a page
   * gave besides (not in its task's `wants`) fills in only until an own row comes.
   */
  rows: Map<string, { row: CrawledRow; own: boolean }>;
  past: (CrawledRow & { day: string })[];
}

const keyOf = (r: CrawledRow) => `${r.location}|${r.product}`;

/** Asks every task's sources (in failover order) at most `concurrency` pages at a time. */
async function collect<I, O>(tasks: readonly CrawlTask<I, O>[], o: CrawlOptions, sources: SourceLog): Promise<Collected> {
  const out: Collected = { rows: new Map(), past: [] };
  const pages = new Map<string, Promise<O>>();
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
      // Said per source and task, so why a place is missing can be told from the run.
      for (const p of task.providers) sources.get(p.name).errors.push(`${task.label}: not asked: ${p.name} failed earlier in this run`);
      o.onProgress?.({ task: task.label, rows: 0, error: msg, done: ++done, total: tasks.length });
      return;
    }
    const fresh = new Set<string>();
    try {
      const res = await failover(o.group, sharing(task, providers, pages, fresh), task.input, o.health, { deadlineMs: o.pageDeadlineMs, signal: o.signal });
      giveUp(res.attempts);
      sources.failed(res.attempts, task.label);
      if (task.pastRows) out.past.push(...task.pastRows(res.value, res.provider).filter((r) => r.day < o.day));
      const wants = task.wants ? new Set(task.wants) : undefined;
      const rows = task.toRows(res.value, res.provider);
      let added = 0;
      for (const r of rows) {
        const k = keyOf(r);
        const own = !wants || wants.has(k);
        const had = out.rows.get(k);
        if (!had || (own && !had.own)) {
          out.rows.set(k, { row: r, own });
          if (own) added++;
        }
      }
      const log = sources.get(res.provider);
      if (fresh.has(res.provider))
        log.pages?.push({ page: pageName(task.pageOf?.(res.provider) ?? task.label), places: new Set(rows.map((r) => r.location)).size });
      if (wants && !rows.some((r) => wants.has(keyOf(r)))) log.errors.push(`${task.label}: ${res.provider} answered, but its page did not list it`);
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

/** What a crawl that stored nothing leaves: the earlier prices, or (on a fresh instance) none at all. */
async function keptWords(repo: PriceRepository): Promise<string> {
  const day = await repo.latestDay().catch(() => undefined);
  if (day === undefined) return 'nothing stored';
  return day ? `stored data kept (latest day ${day})` : 'nothing stored yet: no crawl has succeeded on this instance';
}

/** Stores the crawl only when it is whole enough and was not stopped; says why not otherwise. */
async function storeIfComplete(repo: PriceRepository, got: Collected, o: CrawlOptions): Promise<{ stored: boolean; error: string | null }> {
  const needed = Math.ceil((o.expected * o.minPercent) / 100);
  if (o.signal?.aborted)
    return {
      stored: false,
      error: `${o.group}: crawl stopped (${o.signal.reason instanceof Error ? o.signal.reason.message : 'aborted'}); ${await keptWords(repo)}`,
    };
  if (got.rows.size < needed)
    return { stored: false, error: `${o.group}: got ${got.rows.size} of ${o.expected} expected prices (at least ${needed} needed); ${await keptWords(repo)}` };
  const updatedAt = o.now().toISOString();
  let stored = false;
  try {
    await repo.upsert([...got.rows.values()].map(({ row }) => ({ ...row, day: o.day, updated_at: updatedAt })));
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
    sources: sources.report([...got.rows.values()].map((r) => r.row)),
  };
  await repo.recordRun(run);
  return { ...run, stored };
}

/** Today's date in India (the day a crawled price applies to). */
export { indiaDate as indiaDay } from '../../core/time.js';
