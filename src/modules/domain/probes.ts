// Probes of the domain sources (`npm run probe`): IANA's RDAP bootstrap file (a row per
// service), and the .com registry's RDAP answer for example.com (found: one row).

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { serversFor } from './bootstrap.js';
import { ianaBootstrap } from './providers/iana-bootstrap.js';
import { rdapRegistry } from './providers/rdap.js';
import { shippedBootstrap } from './service.js';

export function domainProbes(ctx: AppContext): ProbeSpec[] {
  const probes = [
    providerProbe(httpProvider(ianaBootstrap(ctx.config.RDAP_BOOTSTRAP_URL), ctx.fetch), 'the RDAP bootstrap file', undefined, (f) => f.services.length),
  ];
  const com = serversFor(shippedBootstrap(), 'example.com')?.[0];
  if (com) probes.push(providerProbe(httpProvider(rdapRegistry(com), ctx.fetch), 'example.com', 'example.com', (a) => (a.found ? 1 : 0)));
  return probes;
}
