// The /search use case: ask every enabled engine at once under one deadline, merge and rank
// what came back, optionally read the top pages, and cache the answer for 15 minutes.
// Cache keys: "base:<web|news>:<query>" (the merged list) and "deep:<n>:<web|news>:<query>" (with page
// text). An engine that fails is suspended by the shared ProviderHealth and reported.

import type { AppContext } from '../../core/module.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { fanOut, httpProvider, retryAfterSeconds, upstreamHint, type Attempt, type Provider, type ProviderHealth } from '../../core/upstream/index.js';
import { upstreamFailed } from '../../core/errors.js';
import type { PageReader } from '../../core/ports.js';
import type { ConfiguredEngine, EngineHit, EngineQuery } from './engines/index.js';
import { lowValueMatcher, mergeResults, type MergedResult } from './merge.js';
import { raceAbort } from '../../core/async.js';

/**
 * The largest result page read from an engine. Result pages are parsed on the event loop
 * (cheerio on htmlparser2): the largest seen are 300–500 KB, and a page of 10 MB (the upstream
 * client's cap) took 9.7 s to parse at a load average of 26 (2 MB: 0.7 s). A larger answer is
 * that engine's failure (`bad_response`), which the failover answers.
 */
export const RESULT_PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** How many merged results are kept (the largest `limit` /search takes). */
export const MAX_RESULTS = 30;
/** Deep-mode page text per result (about 5,000 characters). */
export const DEEP_CHARS = 5000;
const DAY_MS = 86_400_000;

export interface SearchParams {
  q: string;
  limit: number;
  deep: boolean;
  pages: number;
  news: boolean;
}

export interface Unresponsive {
  engine: string;
  reason: string;
}

export interface RankedResult extends MergedResult {
  content?: string;
}

export interface SearchAnswer {
  query: string;
  results: RankedResult[];
  unresponsive: Unresponsive[];
  sources_read: number;
  deep: boolean;
  cached: boolean;
  stale: boolean;
  took_ms: number;
}

interface Gathered {
  results: RankedResult[];
  unresponsive: Unresponsive[];
  sources_read: number;
}

export class SearchService {
  private readonly providers: Provider<EngineQuery, EngineHit[]>[];
  private readonly weights: Map<string, number>;
  private readonly lowValue: (url: string) => boolean;
  private readonly cache: CacheNamespace;

  constructor(
    private readonly ctx: AppContext,
    engines: readonly ConfiguredEngine[],
    private readonly health: ProviderHealth,
    private readonly reader?: PageReader,
  ) {
    this.providers = engines.map(({ engine, opts }) =>
      httpProvider<EngineQuery, EngineHit[]>(
        {
          name: engine.name,
          // At most RESULT_PAGE_MAX_BYTES read: the page is parsed on the event loop.
          request: (q) => ({ maxBytes: RESULT_PAGE_MAX_BYTES, ...engine.request(q, opts) }),
          parse: (res, q) => engine.parse({ body: res.text(), url: res.url, status: res.status }, q),
        },
        ctx.fetch,
      ),
    );
    this.weights = new Map(engines.map((e) => [e.engine.name, e.weight]));
    this.lowValue = lowValueMatcher(ctx.config.SEARCH_LOW_VALUE_DOMAINS);
    this.cache = ctx.cache.namespace('search', { ttlMs: Math.max(1, ctx.config.SEARCH_CACHE_TTL_MS) });
  }

  async search(p: SearchParams): Promise<SearchAnswer> {
    const started = performance.now();
    const query = p.q.replace(/\s+/g, ' ').trim();
    const key = `${p.news ? 'news' : 'web'}:${query.toLowerCase()}`;
    const n = p.deep ? Math.min(p.pages, p.limit) : 0;
    const shouldCache = (g: Gathered) => g.results.length > 0 && this.ctx.config.SEARCH_CACHE_TTL_MS > 0;
    const got = p.deep
      ? await this.cache.wrap(`deep:${n}:${key}`, () => this.readTop(query, p.news, key, n), { shouldCache })
      : await this.cache.wrap(`base:${key}`, () => this.gather(query, p.news), { shouldCache });
    return {
      query,
      results: got.value.results.slice(0, p.limit),
      unresponsive: got.value.unresponsive,
      sources_read: got.value.sources_read,
      deep: p.deep,
      cached: got.cached,
      stale: got.stale,
      took_ms: Math.round(performance.now() - started),
    };
  }

  /** Every engine at once; what arrives before the deadline is merged and ranked. */
  private async gather(q: string, news: boolean): Promise<Gathered> {
    const now = this.ctx.now();
    const input: EngineQuery = {
      q,
      page: 1,
      region: this.ctx.config.SEARCH_REGION.toLowerCase(),
      lang: this.ctx.config.SEARCH_LANGUAGE.toLowerCase(),
      now,
      ...(news ? { time: 'day' as const } : {}),
    };
    const { results, failures } = await fanOut(this.providers, input, this.health, { deadlineMs: this.ctx.config.SEARCH_DEADLINE_MS, spareWhenAllLate: true });
    const unresponsive = failures.map(toUnresponsive);
    if (results.length === 0) {
      if (!this.providers.length)
        throw upstreamFailed('no search engine is enabled (SEARCH_ENGINES)', { unresponsive_engines: [], hint: 'set SEARCH_ENGINES' });
      throw upstreamFailed(
        `no search engine answered (${failures.map((f) => `${f.provider}: ${f.message}`).join('; ')})`,
        { unresponsive_engines: unresponsive, hint: upstreamHint(failures) },
        { 'retry-after': String(retryAfterSeconds(failures)) },
      );
    }
    let merged = mergeResults(
      results.map((r) => ({ engine: r.provider, weight: this.weights.get(r.provider) ?? 1, hits: r.value })),
      this.lowValue,
    );
    if (news) {
      // Engines' day filters are loose (Bing's "past 24 hours" includes older pages it
      // re-crawled); results with a known date older than a day are dropped here.
      const cutoff = now.getTime() - DAY_MS;
      merged = merged.filter((r) => !r.published || Date.parse(r.published) >= cutoff);
    }
    return { results: merged.slice(0, MAX_RESULTS), unresponsive, sources_read: 0 };
  }

  /** The ranked list, plus the text of the top n pages read at once through the web module. */
  private async readTop(q: string, news: boolean, key: string, n: number): Promise<Gathered> {
    const base = (
      await this.cache.wrap(`base:${key}`, () => this.gather(q, news), { shouldCache: (g) => g.results.length > 0 && this.ctx.config.SEARCH_CACHE_TTL_MS > 0 })
    ).value;
    const results: RankedResult[] = base.results.map((r) => ({ ...r }));
    if (!this.reader || n === 0) return { ...base, results };
    const reader = this.reader;
    const deadline = AbortSignal.timeout(this.ctx.config.SEARCH_DEEP_DEADLINE_MS);
    const top = results.slice(0, n);
    const texts = await Promise.all(
      top.map((r) =>
        raceAbort(
          reader.read(r.url, { format: 'text', main: true, maxChars: DEEP_CHARS, signal: deadline }),
          deadline,
          () => new Error('deep-read deadline passed'),
        ).then(
          (page) => page.content.slice(0, DEEP_CHARS),
          (err: unknown) => {
            this.ctx.log.debug({ url: r.url, err: err instanceof Error ? err.message : String(err) }, 'deep read failed');
            return undefined;
          },
        ),
      ),
    );
    let read = 0;
    texts.forEach((t, i) => {
      if (t !== undefined && t.trim() !== '') {
        top[i].content = t;
        read += 1;
      }
    });
    return { results, unresponsive: base.unresponsive, sources_read: read };
  }
}

function toUnresponsive(a: Attempt): Unresponsive {
  return { engine: a.provider, reason: a.kind };
}
