// Probes of the metals sources (`npm run probe`): IBJA for the national gold rate, goodreturns
// and BankBazaar for Mumbai's gold page; a row is one price read (24K, 22K, 18K).

import { providerProbe, type ProbeSpec, type Provider } from '../../core/upstream/index.js';
import type { Registry } from '../../lib/prices/index.js';
import type { MetalPage, MetalQuote } from './providers/types.js';

const prices = (q: MetalQuote) => 1 + Object.keys(q.details ?? {}).length;

export function metalsProbes(
  registry: Registry,
  sources: { ibja: Provider<MetalPage, MetalQuote>; city: readonly Provider<MetalPage, MetalQuote>[] },
): ProbeSpec[] {
  const india = registry.find('india');
  const mumbai = registry.find('mumbai');
  if (!india || !mumbai) throw new Error('the metals registry lacks india or mumbai');
  return [
    providerProbe(sources.ibja, 'gold, national (IBJA)', { metal: 'gold', place: india }, prices),
    ...sources.city.map((p) => providerProbe(p, 'gold, Mumbai', { metal: 'gold', place: mumbai }, prices)),
  ];
}
