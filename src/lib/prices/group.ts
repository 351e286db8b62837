// The parts every price group builds once per app: its repository, its answer cache, and the
// ProviderHealth its crawls share. One service per app, created at register and kept for its
// life: suspensions outlive single crawls (a source blocked at 05:30 is not hammered at
// 06:30), and apps built side by side in one process (tests) do not share them.

import type { AppContext } from '../../core/module.js';
import { jobNotReady } from '../../core/not-ready.js';
import { ProviderHealth } from '../../core/upstream/index.js';
import { VersionedAnswers } from './answers.js';
import { indiaDay, runCrawl, type CrawlOutcome, type CrawlProgress, type CrawlTask } from './crawl.js';
import type { Registry } from './registry.js';
import { crawlStatus } from './status.js';
import type { PriceTables } from './migrations.js';
import { PriceRepository } from './repository.js';

export interface GroupParts {
  repo: PriceRepository;
  answers: VersionedAnswers;
  health: ProviderHealth;
}

/** `notYet` says what is missing and which job crawls it: the 503 before any crawl succeeded tells that job's real state. */
export function groupParts(ctx: AppContext, name: string, tables: PriceTables, notYet: { job: string; what: string; meanwhile?: string }): GroupParts {
  const repo = new PriceRepository(ctx.db, tables);
  const cache = ctx.cache.namespace(name, { ttlMs: ctx.config.PRICES_CACHE_TTL_MS });
  return {
    repo,
    answers: new VersionedAnswers(repo, cache, ctx.config.PRICES_VERSION_CHECK_MS, () => jobNotReady(ctx, notYet)),
    health: ctx.providerHealth.track(name, new ProviderHealth()),
  };
}

/** Runs one crawl of a group with the service's settings, then lets the answers see it. */
export async function crawlGroup<I, O>(
  ctx: AppContext,
  parts: GroupParts,
  group: string,
  tasks: readonly CrawlTask<I, O>[],
  expected: number,
  onProgress?: CrawlProgress,
  signal?: AbortSignal,
): Promise<CrawlOutcome> {
  const out = await runCrawl(parts.repo, tasks, {
    group,
    health: parts.health,
    concurrency: ctx.config.PRICES_CRAWL_CONCURRENCY,
    pageDeadlineMs: ctx.config.PRICES_PAGE_DEADLINE_MS,
    expected,
    minPercent: ctx.config.PRICES_MIN_ROWS_PERCENT,
    day: indiaDay(ctx.now()),
    now: () => ctx.now(),
    onProgress,
    signal,
  });
  parts.answers.invalidate();
  ctx.metrics.crawl(group, out.stored, out.rows);
  // A crawl not stored is logged once, by whoever ran it: the scheduler's job line, or npm run crawl's summary.
  return out;
}

/** The crawl report of a group (/fuel/status, /commodities/latest). */
export async function groupStatus(ctx: AppContext, repo: PriceRepository, sourceNames: readonly string[], job: string) {
  return crawlStatus(await repo.runs(), sourceNames, ctx.scheduler.nextRun(job, ctx.now()));
}

/** At most this many search results (the documented maximum). */
export const SEARCH_LIMIT = 20;

/** The search answer both groups give: `{status, query, count, results:[{name, type}]}`. */
export function searchAnswer(registry: Registry, q: string) {
  const results = registry.search(q, SEARCH_LIMIT).map((h) => ({ name: h.place.name, type: h.place.type }));
  return { status: 'ok' as const, query: q, count: results.length, results };
}
