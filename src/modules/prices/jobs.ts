// The crawl schedule both price groups share: the PRICES_CRAWL_CRON runs through the
// scheduler (and so through the single-runner lock), plus one catch-up crawl at start when
// the stored data is older than the last scheduled run (a restart after 05:30 must not
// leave yesterday's prices up until tomorrow).

import type { AppContext } from '../../core/module.js';
import type { CrawlOutcome } from './crawl.js';
import type { PriceRepository } from './repository.js';

export const CRAWL_LOCK_TTL_MS = 30 * 60_000;

/** Registers the crawl; a run that stored nothing counts as a failed job (shown by /health). */
export function scheduleCrawl(ctx: AppContext, job: string, crawl: () => Promise<CrawlOutcome>): void {
  const run = async () => {
    const out = await crawl();
    if (!out.stored) throw new Error(out.error ?? `${job}: nothing stored`);
  };
  ctx.scheduler.add(job, ctx.config.PRICES_CRAWL_CRON, run, { lockTtlMs: CRAWL_LOCK_TTL_MS });
}

/** Whether the stored data predates the last scheduled run (or there is none). */
export async function isStale(ctx: AppContext, job: string, repo: PriceRepository): Promise<boolean> {
  const due = ctx.scheduler.previousRun(job, ctx.now());
  const last = await repo.lastSuccess();
  if (!last) return true;
  return due !== null && Date.parse(last) < due.getTime();
}

/** Starts the catch-up crawl without holding up the server's start. */
export async function crawlAtStartIfStale(ctx: AppContext, job: string, repo: PriceRepository): Promise<void> {
  if (!ctx.scheduler.enabled || !ctx.config.PRICES_CRAWL_AT_START) return;
  try {
    if (!(await isStale(ctx, job, repo))) return;
    ctx.log.info({ job }, 'stored prices are older than the last scheduled crawl; crawling now');
    void ctx.scheduler.runNow(job).catch((err) => ctx.log.error({ err, job }, 'start-up crawl failed'));
  } catch (err) {
    ctx.log.error({ err, job }, 'could not check whether stored prices are current');
  }
}
