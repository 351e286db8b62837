// Probes of the search engines (`npm run probe`): each configured engine asked once for a query
// every engine has results for; the parser must read at least one.

import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import type { ConfiguredEngine, EngineHit, EngineQuery } from './engines/index.js';

export const PROBE_QUERY = 'india gate';

export function searchProbes(engines: readonly ConfiguredEngine[], fetch: Parameters<typeof httpProvider>[1], now: () => Date): ProbeSpec[] {
  return engines.map(({ engine, opts }) => {
    const provider = httpProvider<EngineQuery, EngineHit[]>(
      {
        name: engine.name,
        request: (q) => engine.request(q, opts),
        parse: (res, q) => engine.parse({ body: res.text(), url: res.url, status: res.status }, q),
      },
      fetch,
    );
    return providerProbe(provider, `"${PROBE_QUERY}"`, { q: PROBE_QUERY, page: 1, region: 'in', lang: 'en', now: now() }, (hits) => hits.length);
  });
}
