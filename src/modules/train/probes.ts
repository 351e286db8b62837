// Probes of the train providers (`npm run probe`): each configured provider that can list trains
// between stations is asked once for New Delhi → Mumbai Central a week ahead (dozens of trains
// run every day; the date is one a provider will answer for).

import type { AppContext } from '../../core/module.js';
import { boundProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { indiaDate } from '../../core/time.js';
import type { TrainUpstream } from './providers/types.js';
import type { BetweenQuery } from './types.js';

export function trainProbes(ctx: AppContext, upstreams: readonly TrainUpstream[]): ProbeSpec[] {
  return upstreams
    .filter((up) => up.between && (up.available?.('between') ?? true))
    .map((up) => {
      const provider = boundProvider<BetweenQuery, unknown[]>(up.name, ctx.fetch, (q, http) => up.between!(q, http));
      const date = indiaDate(new Date(ctx.now().getTime() + 7 * 86_400_000));
      return providerProbe(provider, `NDLS → MMCT on ${date}`, { from: 'NDLS', to: 'MMCT', date }, (trains) => trains.length);
    });
}
