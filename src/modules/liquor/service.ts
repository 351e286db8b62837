// /liquor use cases. Everything is answered from the stored lists (the importers fill them); a
// state with no list yet is a 503. List answers are cached 10 minutes under the newest list's
// version, so a new import is seen at once; cards are rendered once per product and version.

import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../core/module.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { invalidParam, notFound, notReady } from '../../core/errors.js';
import { jobNotReady } from '../../core/not-ready.js';
import { KeptAnswer, type RawJson } from '../../core/http/raw-json.js';
import { renderCard, type Card } from './card.js';
import { closest, wordsScore } from '../../lib/fuzzy/index.js';
import type { StateImporter } from './importers/types.js';
import type { LiquorRepository } from './repository.js';
import { describe, toItem, toSource, byPrice, pricePoint, availability } from './present.js';
import type { ListQuery } from './schemas.js';
import type { CatalogProduct, ListVersion } from './types.js';

export const LIST_TTL_MS = 10 * 60_000;
const SEARCH_LIMIT = 50;
// Another instance's import is seen within this long; this instance's own at once (forgetVersions).
const VERSION_CHECK_MS = 15_000;
const SEARCH_MIN_SCORE = 0.7;
const IMAGE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)_([1-9][0-9]{0,5})\.webp$/;

interface Current {
  importer: StateImporter;
  version: ListVersion;
  catalog: CatalogProduct[];
}

/** How many list answers keep their text; past that the kept ones are dropped and rebuilt on demand. */
const KEPT_ANSWERS = 512;

export const LIQUOR_IMPORT_JOB = 'liquor-import';
// The import downloads the list; a PDF someone has at hand is imported from the file.
const LIQUOR_COMMANDS = 'npm run crawl -- liquor-import` (downloads it) or `npm run import -- liquor --file <pdf>';
const LIQUOR_COMMAND = `\`${LIQUOR_COMMANDS}\` loads it now`;

export class LiquorService {
  private readonly answers: CacheNamespace;
  private readonly catalogs = new LRUCache<number, Promise<CatalogProduct[]>>({ max: 4 });
  /** Answer texts kept by cache key (see answer()). */
  private readonly kept = new Map<string, KeptAnswer>();
  private readonly cards = new LRUCache<string, Card>({ max: 2_000 });
  // The newest list of each state, asked of the database at most every VERSION_CHECK_MS: lists
  // change once a day, and asking on every request cost more than the rest of a cached answer.
  private readonly versions = new LRUCache<string, Promise<ListVersion | undefined>>({ max: 64, ttl: VERSION_CHECK_MS });

  constructor(
    readonly ctx: AppContext,
    private readonly repo: LiquorRepository,
    private readonly importers: readonly StateImporter[],
  ) {
    this.answers = ctx.cache.namespace('liquor', { ttlMs: LIST_TTL_MS });
  }

  // The brands and categories of a catalog, worked out once per catalog instead of per request.
  private readonly names = new WeakMap<CatalogProduct[], { brands: string[]; categories: string[] }>();

  private namesOf(catalog: CatalogProduct[]) {
    let n = this.names.get(catalog);
    if (!n) {
      n = { brands: [...new Set(catalog.map((p) => p.brand))], categories: [...new Set(catalog.map((p) => p.category))] };
      this.names.set(catalog, n);
    }
    return n;
  }

  /** After an import by this instance: the next answer reads the newest list again. */
  forgetVersions(): void {
    this.versions.clear();
  }

  private importerOf(state: string): StateImporter {
    const importer = this.importers.find((i) => i.state === state.toLowerCase());
    if (!importer)
      throw invalidParam('state', `state must be one whose price list is imported: ${this.importers.map((i) => i.state).join(', ')}`, {
        valid_values: this.importers.map((i) => i.state),
      });
    return importer;
  }

  private async current(state: string): Promise<Current> {
    const importer = this.importerOf(state);
    let pending = this.versions.get(importer.state);
    if (!pending) {
      pending = this.repo.latestVersion(importer.state);
      this.versions.set(importer.state, pending);
      pending.then(
        (v) => v ?? this.versions.delete(importer.state),
        () => this.versions.delete(importer.state),
      );
    }
    const version = await pending;
    if (!version)
      throw notReady(`no ${importer.stateName} price list has been imported yet: the catalog fills when the first import from ${importer.authority} succeeds`, {
        state: importer.state,
        job: LIQUOR_IMPORT_JOB,
        hint: LIQUOR_COMMAND,
      });
    let catalog = this.catalogs.get(version.id);
    if (!catalog) {
      catalog = this.repo.catalog(version.id);
      this.catalogs.set(version.id, catalog);
      catalog.catch(() => this.catalogs.delete(version.id));
    }
    return { importer, version, catalog: await catalog };
  }

  /**
   * A list answer, cached as JSON text under the newest version (and the image base its URLs
   * use), sent as is: a category of a 1,300-row list is about 23 KB.
   */
  private async answer<T extends object>(at: string | Current, what: string, build: (c: Current) => T | Promise<T>): Promise<RawJson> {
    // A caller that already read the current list passes it, so it is not read twice.
    const c = typeof at === 'string' ? await this.current(at) : at;
    const key = `${c.importer.state}:${c.version.id}:${what}`;
    const got = await this.answers.wrap(key, async () => {
      const json = JSON.stringify(await build(c));
      return `${json.slice(1, -1)},"state":${JSON.stringify(c.importer.state)},"source":${JSON.stringify(toSource(c.importer, c.version))}`;
    });
    // The answer's text and ETag are kept per list while its cached value stays the same: a
    // repeated request builds and hashes nothing (a category is about 23 KB).
    let kept = this.kept.get(key);
    if (!kept) {
      if (this.kept.size >= KEPT_ANSWERS) this.kept.clear();
      this.kept.set(key, (kept = new KeptAnswer()));
    }
    return kept.ofText(got, (fields) => `{"status":"ok",${fields}`);
  }

  async brands(state: string) {
    // The loaded states are read only when the answer is built, not on every cached request.
    return this.answer(state, 'brands', async ({ catalog }) => {
      const loaded = await this.statesLoaded();
      const byBrand = new Map<string, Set<string>>();
      const count = new Map<string, number>();
      for (const p of catalog) {
        if (!byBrand.has(p.brand)) byBrand.set(p.brand, new Set());
        byBrand.get(p.brand)!.add(p.category);
        count.set(p.brand, (count.get(p.brand) ?? 0) + 1);
      }
      const brands = [...byBrand]
        .map(([brand, cats]) => ({ brand, products: count.get(brand)!, categories: cats.size }))
        .sort((a, b) => a.brand.localeCompare(b.brand));
      return { count: brands.length, brands, states: loaded };
    });
  }

  private async statesLoaded() {
    const out = [];
    for (const v of await this.repo.latestVersions()) {
      const importer = this.importers.find((i) => i.state === v.state);
      if (importer) out.push({ state: v.state, authority: importer.authority, effective: v.effective, products: v.rows });
    }
    return out;
  }

  async categories(state: string) {
    return this.answer(state, 'categories', ({ catalog }) => {
      const count = new Map<string, number>();
      for (const p of catalog) count.set(p.category, (count.get(p.category) ?? 0) + 1);
      const categories = [...count].map(([category, products]) => ({ category, products })).sort((a, b) => a.category.localeCompare(b.category));
      return { count: categories.length, categories };
    });
  }

  async list(q: ListQuery, base: string) {
    if (q.brand && q.category) throw invalidParam('brand', 'give brand or category, not both');
    if (!q.brand && !q.category) throw invalidParam('brand', 'brand (a slug from /liquor/brands) or category (from /liquor/categories) is required');
    const c = await this.current(q.state);
    if (q.brand) {
      const brand = q.brand.trim().toLowerCase();
      const { brands } = this.namesOf(c.catalog);
      if (!brands.includes(brand))
        throw notFound(`no brand "${q.brand}" in the ${c.importer.stateName} list`, { param: 'brand', closest: closest(brand, brands) });
      return this.answer(c, `brand:${brand}:${base}`, ({ catalog }) => {
        const products = catalog
          .filter((p) => p.brand === brand)
          .sort(byPrice)
          .map((p) => toItem(p, base));
        return { brand, count: products.length, products };
      });
    }
    const { categories } = this.namesOf(c.catalog);
    const wanted = q.category!.trim().toLowerCase().replace(/[-_]+/g, ' ');
    const category = categories.find((x) => x.toLowerCase() === wanted);
    if (!category)
      throw notFound(`no category "${q.category}" in the ${c.importer.stateName} list`, { param: 'category', closest: closest(q.category!, categories) });
    return this.answer(c, `category:${category}:${base}`, ({ catalog }) => {
      const products = catalog
        .filter((p) => p.category === category)
        .sort(byPrice)
        .map((p) => toItem(p, base));
      return { category, count: products.length, products };
    });
  }

  async search(query: string, state: string, base: string) {
    const q = query.trim();
    if (q.length < 2) throw invalidParam('q', 'q must have 2 to 100 characters besides spaces');
    return this.answer(state, `search:${q.toLowerCase()}:${base}`, ({ catalog }) => {
      const products = catalog
        .map((p) => ({ p, s: wordsScore(q, p.name) }))
        .filter((x) => x.s >= SEARCH_MIN_SCORE)
        .sort((a, b) => b.s - a.s || byPrice(a.p, b.p))
        .slice(0, SEARCH_LIMIT)
        .map((x) => toItem(x.p, base));
      return { query: q, count: products.length, products };
    });
  }

  async product(rawId: string, base: string) {
    if (!/^[0-9]{1,9}$/.test(rawId) || Number(rawId) < 1) throw invalidParam('id', `id must be a positive integer; got "${rawId.slice(0, 40)}"`);
    await this.ready();
    const record = await this.repo.product(Number(rawId));
    if (!record) throw notFound(`no product with id ${rawId}`, { param: 'id' });
    const c = await this.current(record.state);
    const history = await this.repo.history(record.id);
    const last = history[history.length - 1];
    const inNewest = last.version_id === c.version.id;
    const p: CatalogProduct = { ...record, serial: 0, before_tax: last.before_tax, tax: last.tax, cess: last.cess, price: last.price };
    const product = {
      ...toItem(p, base),
      category: record.category,
      sku: record.code,
      rating: null,
      review_count: 0,
      availability: availability(c.importer, c.version, history, inNewest),
      description: describe(c.importer, p, last, inNewest ? null : c.version),
      reviews: [],
      supplier: record.supplier,
      in_newest_list: inNewest,
      listed_since: history[0].effective,
      price_history: history.map(pricePoint),
    };
    return { status: 'ok' as const, product, state: record.state, source: toSource(c.importer, c.version), cached: false, stale: false };
  }

  /** 503 until some list is stored (a product id or image name says nothing until then). */
  private async ready(): Promise<void> {
    if (!(await this.repo.loaded()))
      throw jobNotReady(this.ctx, {
        job: LIQUOR_IMPORT_JOB,
        what: 'the liquor catalog',
        command: LIQUOR_COMMANDS,
        meanwhile: 'no state price list has been imported yet',
      });
  }

  async image(file: string): Promise<Card> {
    await this.ready();
    const m = IMAGE_NAME.exec(file);
    if (!m) throw notFound(`no liquor image named "${file.slice(0, 80)}": names are {brand}_{index}.webp`, { param: 'file' });
    const record = await this.repo.productByImage(m[1], Number(m[2]));
    if (!record) throw notFound(`no liquor image ${file}`, { param: 'file' });
    const c = await this.current(record.state);
    const history = await this.repo.history(record.id);
    const last = history[history.length - 1];
    const key = `${record.id}:${last.version_id}:${record.name}`;
    const hit = this.cards.get(key);
    if (hit) return hit;
    const facts = {
      name: record.name,
      volume: `${record.volume_ml} ml`,
      category: record.category,
      price: String(Math.round(last.price)),
      state: c.importer.stateName,
      effective: last.effective,
    };
    const card = await this.ctx.raster.run(() => renderCard(facts));
    this.cards.set(key, card);
    return card;
  }
}
