// Probes of the fuel sources (`npm run probe`): each asked once for its all-state petrol listing
// and once for Bengaluru's petrol (goodreturns' city page, NDTV's Karnataka page), so
// `npm run probe -- --save` brings back both kinds of page.

import { providerProbe, type ProbeSpec, type Provider } from '../../core/upstream/index.js';
import type { Registry } from '../../lib/prices/index.js';
import type { FuelPage, FuelReading } from './providers/types.js';

export function fuelProbes(providers: readonly Provider<FuelPage, FuelReading>[], registry: Registry): ProbeSpec[] {
  const city = registry.find('Bengaluru', (p) => p.type === 'city');
  return providers.flatMap((p) => [
    providerProbe(p, 'petrol, all states', { fuel: 'petrol' }, (r) => r.rows.filter((x) => x.type !== 'city').length),
    ...(city ? [providerProbe(p, `petrol, ${city.name}`, { fuel: 'petrol', place: city }, (r) => r.rows.filter((x) => x.type === 'city').length)] : []),
  ]);
}
