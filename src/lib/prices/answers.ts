// Built answers cached per data version: the version is when the last successful crawl
// finished, read from the database at most every PRICES_VERSION_CHECK_MS (so an instance
// sees another instance's crawl soon) and at once after a crawl in this one. A new crawl
// therefore never serves an old list for the full cache TTL.

import type { CacheNamespace } from '../../core/cache/index.js';
import type { ApiError } from '../../core/errors.js';
import type { PriceRepository } from './repository.js';

export class VersionedAnswers {
  private version: string | null = null;
  private checkedAt = 0;
  private checking?: Promise<string | null>;

  constructor(
    private readonly repo: PriceRepository,
    private readonly cache: CacheNamespace,
    private readonly checkEveryMs: number,
    /** The 503 before any crawl succeeded (the crawl job's state). */
    private readonly notYet: () => ApiError,
  ) {}

  async currentVersion(): Promise<string | null> {
    if (this.version && Date.now() - this.checkedAt < this.checkEveryMs) return this.version;
    this.checking ??= this.repo
      .lastSuccess()
      .then((v) => {
        this.version = v;
        this.checkedAt = Date.now();
        return v;
      })
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Forget the version (after a crawl here) so the next answer is built from the new data. */
  invalidate(): void {
    this.checkedAt = 0;
    this.version = null;
  }

  /**
   * Like get(), but caches the answer's JSON text, so a cached answer costs no
   * serialization at all (the lists run to 36 kB). `build` returns the object.
   */
  async getJson(key: string, build: (version: string) => Promise<unknown>): Promise<{ json: string; cached: boolean }> {
    const r = await this.get(key, async (v) => JSON.stringify(await build(v)));
    return { json: r.value, cached: r.cached };
  }

  /**
   * The cached answer for `key` in the current data version (`build` gets the version: when
   * the data was crawled); 503 before any crawl succeeded.
   */
  async get<T>(key: string, build: (version: string) => Promise<T>): Promise<{ value: T; cached: boolean }> {
    const v = await this.currentVersion();
    if (!v) throw this.notYet();
    const r = await this.cache.wrap(`${v}:${key}`, () => build(v));
    return { value: r.value, cached: r.cached };
  }
}

// Pre-serialized answers are core machinery now; re-exported for the price groups' routes.
export { RawJson, sendRaw, withCached } from '../../core/http/raw-json.js';
