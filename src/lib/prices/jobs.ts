// The crawl schedule both price groups share: the PRICES_CRAWL_CRON runs through the
// scheduler (and so through the single-runner lock), plus a catch-up crawl at start when
// the stored data is older than the last scheduled run (the job's catchUp).

import type { AppContext, JobSpec } from '../../core/module.js';
import type { CrawlOutcome, CrawlProgress } from './crawl.js';
import type { PriceRepository } from './repository.js';

/** The longest a crawl may hold its lock: a crawl still running then is told to stop. */
export const CRAWL_MAX_MS = 30 * 60_000;

/**
 * A group's crawl as a job: on PRICES_CRAWL_CRON, through the lock, and on demand (`npm run
 * crawl`, with its progress). A run that stored nothing is a failed job (shown by /health).
 */
export function crawlJob(
  ctx: AppContext,
  name: string,
  group: string,
  repo: PriceRepository,
  crawl: (onProgress: CrawlProgress | undefined, signal: AbortSignal) => Promise<CrawlOutcome>,
): JobSpec {
  return {
    name,
    schedule: ctx.config.PRICES_CRAWL_CRON,
    maxMs: CRAWL_MAX_MS,
    onDemand: true,
    // A restart after 05:30 must not leave yesterday's prices up until tomorrow.
    catchUp: { needed: async () => ctx.config.PRICES_CRAWL_AT_START && (await isStale(ctx, name, repo)) },
    async run({ signal, progress }) {
      const out = await crawl(progress ? progressLines(group, progress) : undefined, signal);
      return { ok: out.stored, lines: crawlSummary(group, out) };
    },
  };
}

/**
 * A crawl's events as a few lines, at each quarter of its pages: "[fuel  14/28] 9 prices, 5
 * pages failed". Which source failed and why is in the summary, one line per source: a line
 * per failed page buried it (437 lines for an offline run).
 */
export function progressLines(group: string, say: (line: string) => void): CrawlProgress {
  let prices = 0;
  let failed = 0;
  let shown = 0;
  return (e) => {
    prices += e.rows;
    if (e.error) failed++;
    const quarter = Math.floor((e.done * 4) / e.total);
    if (quarter <= shown && e.done < e.total) return;
    shown = quarter;
    say(`[${group} ${String(e.done).padStart(3)}/${e.total}] ${prices} price(s)${failed ? `, ${failed} page(s) failed` : ''}`);
  };
}

/** What a crawl did, for a person: stored or not, and each source's share. */
export function crawlSummary(group: string, out: CrawlOutcome): string[] {
  const secs = ((Date.parse(out.finished_at) - Date.parse(out.started_at)) / 1000).toFixed(1);
  return [
    `${group}: ${out.stored ? `stored ${out.rows} prices` : 'NOT stored'} in ${secs} s${out.error ? ` — ${out.error}` : ''}`,
    ...out.sources.map(
      (s) => `  ${s.name.padEnd(20)} ${String(s.rows).padStart(4)} prices, ${s.errors.length} error(s)${s.errors[0] ? ` (first: ${s.errors[0]})` : ''}`,
    ),
  ];
}

/** Whether the stored data predates the last scheduled run (or there is none). */
export async function isStale(ctx: AppContext, job: string, repo: PriceRepository): Promise<boolean> {
  const due = ctx.scheduler.previousRun(job, ctx.now());
  const last = await repo.lastSuccess();
  if (!last) return true;
  return due !== null && Date.parse(last) < due.getTime();
}
