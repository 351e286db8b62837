// Every train upstream, the one list the service and the probes build from; TRAIN_PROVIDERS picks
// from it by name and sets the failover order. A new upstream is its file, one line here and
// its settings' rows in src/config.ts.

import type { Config } from '../../../config.js';
import { settingsFor, type Upstream } from '../../../core/upstream/index.js';
import { confirmtktUpstream } from './confirmtkt.js';
import { erailUpstream } from './erail.js';
import { railyatriUpstream } from './railyatri.js';
import type { TrainUpstream } from './types.js';

export const TRAIN_UPSTREAMS: readonly Upstream<TrainUpstream>[] = [erailUpstream, confirmtktUpstream, railyatriUpstream];

/**
 * The upstreams TRAIN_PROVIDERS names, in its order, each built from its own settings. Unknown
 * names are a start-up error (a typo would otherwise silently drop a provider).
 */
export function chosenTrainUpstreams(config: Config): TrainUpstream[] {
  const byName = new Map(TRAIN_UPSTREAMS.map((u) => [u.name, u]));
  const unknown = config.TRAIN_PROVIDERS.filter((n) => !byName.has(n));
  if (unknown.length) throw new Error(`TRAIN_PROVIDERS names unknown providers: ${unknown.join(', ')} (known: ${[...byName.keys()].join(', ')})`);
  return config.TRAIN_PROVIDERS.map((n) => {
    const u = byName.get(n)!;
    return u.build(settingsFor(config, u.settings));
  });
}
