// Probes of the fuel sources (`npm run probe`): each asked once for its all-state petrol listing.

import { providerProbe, type ProbeSpec, type Provider } from '../../core/upstream/index.js';
import type { FuelPage, FuelRow } from './providers/types.js';

export function fuelProbes(providers: readonly Provider<FuelPage, FuelRow[]>[]): ProbeSpec[] {
  return providers.map((p) => providerProbe(p, 'petrol, all states', { fuel: 'petrol' }, (rows) => rows.length));
}
