// The search module: /search and /v1/search. Deep mode reads pages through the pageReader
// port, which the web module provides (same SSRF rules as /fetch). Engine health lives here, one per module instance,
// so a blocked engine stays suspended across requests.

import type { JankariModule } from '../../core/module.js';
import { ProviderHealth } from '../../core/upstream/index.js';
import type { PageReader } from '../../core/ports.js';
import { configuredEngines, warmUp } from './engines/index.js';
import { SearchService } from './service.js';
import { searchProbes } from './probes.js';
import { searchRoutes } from './routes.js';

/**
 * How long an engine sits out after a failure, doubling while it keeps failing (core caps it
 * at an hour). As SearXNG: a block or captcha costs far more than a timeout or a 5xx, which
 * are often one-off (SearXNG bans those for 5 s doubling to 120 s; blocks for hours).
 */
const SUSPENSION = {
  timeout: 10_000,
  network: 10_000,
  unavailable: 10_000,
  bad_response: 30_000,
  parse: 60_000,
  rate_limited: 300_000,
  blocked: 1_800_000,
};

export const searchModule: JankariModule = {
  name: 'search',
  title: 'Web search',
  description: 'Metasearch across several engines, deduplicated and ranked by how many agree; deep=1 reads the top pages.',
  create(ctx, ports) {
    const engines = configuredEngines(ctx.config);
    const health = ctx.providerHealth.track(
      'search',
      new ProviderHealth(SUSPENSION),
      engines.map((e) => e.engine.name),
    );
    // Looked up at request time: the web module may be created after this one. Without it (an
    // app serving search alone) each deep read fails and the results come back unread.
    const reader: PageReader = { read: async (url, opts) => ports.get('pageReader').read(url, opts) };
    const service = new SearchService(ctx, engines, health, reader);
    return {
      routes: (app) => searchRoutes(app, service),
      probes: searchProbes(engines, ctx.fetch, () => ctx.now()),
      // The first parse pays for loading and compiling the HTML parser; pay it before the
      // first user (a cold burst of searches otherwise misses the engine deadline).
      loads: [{ name: 'search-parsers', what: 'the search result parsers (compiled on a warm-up page)', run: async () => warmUp() }],
    };
  },
};

export { SearchService, type SearchParams, type SearchAnswer } from './service.js';
