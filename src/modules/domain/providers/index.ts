// The domain module's upstreams, by role: the bootstrap file (which TLDs have RDAP, and where)
// and the registry servers. The service and the probes build from this record; a registrar's
// server is not configured, it is the link a registry's answer gives (service.ts).

import type { Config } from '../../../config.js';
import { settingsFor, type Upstream } from '../../../core/upstream/index.js';
import { ianaBootstrapUpstream } from './iana-bootstrap.js';
import { rdapRegistryUpstream, type RegistryRoute } from './rdap.js';

export const DOMAIN_UPSTREAMS = { bootstrap: ianaBootstrapUpstream, registry: rdapRegistryUpstream } as const satisfies {
  bootstrap: Upstream<string>;
  registry: Upstream<RegistryRoute>;
};

/** Both, each built from its own settings: the bootstrap file's URL and the registry route. */
export function domainUpstreams(config: Config): { bootstrapUrl: string; registry: RegistryRoute } {
  const { bootstrap, registry } = DOMAIN_UPSTREAMS;
  return { bootstrapUrl: bootstrap.build(settingsFor(config, bootstrap.settings)), registry: registry.build(settingsFor(config, registry.settings)) };
}
