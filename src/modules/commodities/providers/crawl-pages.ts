// Pages one crawl shares among its tasks. A crawl asks one task per metal and place; some
// answers serve several tasks: IBJA's one page holds all three metals, and goodreturns'
// all-India gold page prices ten cities in a table. The service makes one CrawlPages per crawl
// (nothing outlives it) and hands it to every task in its input; a provider run outside a crawl
// (a probe, a test) has none and fetches as always (../metal-provider.ts).

export class CrawlPages {
  private readonly memo = new Map<string, Promise<unknown>>();

  /**
   * The value `load` gives, loaded once per key. A failed load is forgotten, so the next task
   * tries again (the first may have failed on its own budget, not the upstream's fault).
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.memo.set(key, p);
      p.catch(() => this.memo.delete(key));
    }
    return p;
  }
}
