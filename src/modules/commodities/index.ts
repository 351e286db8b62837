// /commodities: gold, silver and platinum prices by city (and the national IBJA price),
// crawled 5 times a day with the fuel machinery (../prices), one row per location, metal and day.

import type { AppContext, JankariModule, ModuleInstance } from '../../core/module.js';
import { settingsFor, type Upstream } from '../../core/upstream/index.js';
import { crawlJob, groupParts, priceTables, priceTablesMigration, Registry, type GroupParts } from '../../lib/prices/index.js';
import { METALS_UPSTREAMS } from './providers/index.js';
import { metalProvider } from './metal-provider.js';
import type { MetalSourceSpec } from './providers/types.js';
import { commoditiesRoutes } from './routes.js';
import { metalsProbes } from './probes.js';
import { COMMODITIES_JOB, CommoditiesService } from './service.js';

const TABLES = priceTables('commodities');
/** 167 gold locations, 135 for silver and platinum (data/SOURCES.md). */
export const COMMODITIES_REGISTRY = Registry.fromFile(new URL('./data/locations.json', import.meta.url));

export interface CommoditiesInstance extends ModuleInstance {
  /** The crawl tests drive it directly. */
  readonly service: CommoditiesService;
}

function metalSources(ctx: AppContext) {
  const build = (u: Upstream<MetalSourceSpec>) => metalProvider(u.build(settingsFor(ctx.config, u.settings)), ctx.fetch);
  return { ib: build(METALS_UPSTREAMS.ibja), gr: build(METALS_UPSTREAMS.goodreturns), bb: build(METALS_UPSTREAMS.bankbazaar) };
}

function commoditiesService(ctx: AppContext, parts: GroupParts, { ib, gr, bb }: ReturnType<typeof metalSources>): CommoditiesService {
  ctx.providerHealth.track('commodities', parts.health, [ib.name, gr.name, bb.name]);
  return new CommoditiesService({
    ctx,
    registry: COMMODITIES_REGISTRY,
    sources: { national: [ib, gr], city: { gold: [gr, bb], silver: [gr, bb], platinum: [gr] }, international: [gr] },
    sourceNames: [ib.name, gr.name, bb.name],
    ...parts,
  });
}

export const commoditiesModule: JankariModule<CommoditiesInstance> = {
  name: 'commodities',
  title: 'Commodities',
  description: 'Gold (24K/22K/18K), silver and platinum prices in 167 locations, the national IBJA price (city=india), with history.',
  migrations: { commodities_0001_init: priceTablesMigration(TABLES) },
  create(ctx) {
    const parts = groupParts(ctx, 'commodities', TABLES, { job: COMMODITIES_JOB, what: 'metal prices', meanwhile: '/commodities/latest shows each crawl' });
    const sources = metalSources(ctx);
    const service = commoditiesService(ctx, parts, sources);
    return {
      service,
      routes: (app) => commoditiesRoutes(app, service),
      probes: metalsProbes(COMMODITIES_REGISTRY, { ibja: sources.ib, city: [sources.gr, sources.bb] }),
      jobs: [crawlJob(ctx, COMMODITIES_JOB, 'commodities', parts.repo, (progress, signal) => service.crawl(progress, signal))],
    };
  },
};

export { COMMODITIES_JOB, CommoditiesService };
export { METALS, UNITS, type Metal } from './providers/types.js';
