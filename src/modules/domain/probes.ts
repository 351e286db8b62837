// Probes of the domain sources (`npm run probe`): IANA's RDAP bootstrap file (a row per
// service), and the .com registry's RDAP answer for example.com (found: one row), at RDAP_URL
// when it is set.

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { serversFor } from './bootstrap.js';
import { ianaBootstrap } from './providers/iana-bootstrap.js';
import { domainUpstreams } from './providers/index.js';
import { rdapRegistry } from './providers/rdap.js';
import { shippedBootstrap } from './service.js';

export function domainProbes(ctx: AppContext): ProbeSpec[] {
  const { bootstrapUrl, registry } = domainUpstreams(ctx.config);
  const probes = [providerProbe(httpProvider(ianaBootstrap(bootstrapUrl), ctx.fetch), 'the RDAP bootstrap file', undefined, (f) => f.services.length)];
  const bootstrap = serversFor(shippedBootstrap(), 'example.com');
  const com = bootstrap && registry.servers(bootstrap)[0];
  if (com) probes.push(providerProbe(httpProvider(rdapRegistry(com), ctx.fetch), 'example.com', 'example.com', (a) => (a.found ? 1 : 0)));
  return probes;
}
