// /fuel: petrol and diesel prices of the states and cities of data/locations.json, crawled 5 times a day
// (goodreturns first, NDTV second), stored one row per location, fuel and day, with the
// earlier days a city's page lists.

import type { JankariModule, ModuleInstance } from '../../core/module.js';
import { buildUpstreams, httpProvider } from '../../core/upstream/index.js';
import { crawlJob, groupParts, priceTables, priceTablesMigration, Registry } from '../../lib/prices/index.js';
import { FUEL_UPSTREAMS } from './providers/index.js';
import type { FuelPage } from './providers/types.js';
import { fuelRoutes } from './routes.js';
import { fuelProbes } from './probes.js';
import { FUEL_JOB, FuelService } from './service.js';

const TABLES = priceTables('fuel');
/** The locations (data/SOURCES.md says where the list comes from). */
export const FUEL_REGISTRY = Registry.fromFile(new URL('./data/locations.json', import.meta.url));

const counted = (type: string) => FUEL_REGISTRY.places.filter((p) => p.type === type).length;
/**
 * What /fuel covers, counted from locations.json: the one source the module description (and so
 * the landing page and /docs) and the README's fuel row state (fuel.test.ts holds the README to it).
 */
export const FUEL_COVERAGE = `${counted('state')} states and union territories and ${counted('city')} cities (${FUEL_REGISTRY.places.length} locations)`;

export interface FuelInstance extends ModuleInstance {
  /** The crawl tests drive it directly. */
  readonly service: FuelService;
}

export const fuelModule: JankariModule<FuelInstance> = {
  name: 'fuel',
  title: 'Fuel prices',
  description: `Petrol and diesel prices for ${FUEL_COVERAGE}, with history; crawled 5 times a day between 05:30 and 10:30 IST.`,
  migrations: { fuel_0001_init: priceTablesMigration(TABLES) },
  create(ctx) {
    const parts = groupParts(ctx, 'fuel', TABLES, { job: FUEL_JOB, what: 'fuel prices', meanwhile: '/fuel/status shows each crawl' });
    const specs = buildUpstreams(FUEL_UPSTREAMS, ctx.config);
    const providers = specs.map((spec) => httpProvider(spec, ctx.fetch));
    // A page is known by the URL its source would ask: the crawl asks each once per run.
    const pageOf = (source: string, page: FuelPage) => specs.find((s) => s.name === source)?.request(page).url;
    ctx.providerHealth.track(
      'fuel',
      parts.health,
      providers.map((p) => p.name),
    );
    const service = new FuelService({ ctx, registry: FUEL_REGISTRY, providers, pageOf, ...parts });
    return {
      service,
      routes: (app) => fuelRoutes(app, service),
      probes: fuelProbes(providers, FUEL_REGISTRY),
      jobs: [crawlJob(ctx, FUEL_JOB, 'fuel', parts.repo, (progress, signal) => service.crawl(progress, signal))],
    };
  },
};

export { FUEL_JOB, FuelService };
export { FUELS, type Fuel } from './providers/types.js';
