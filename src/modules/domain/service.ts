// /domain use cases: find the TLD's RDAP server in the IANA bootstrap (RDAP_URL instead, when
// set), ask the registry, and when its answer lacks the registrar, dates or the like, ask the
// registrar's RDAP server through the registry's rel="related" link. Answers are cached 24 hours
// (README: Domain); a registry 404 means the name is not registered. The bootstrap file is
// refreshed daily into the database; the snapshot in data/ is used until a download succeeds.

import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound } from '../../core/errors.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { ProviderHealth, dataSource, failover, httpProvider, namingSettings, toApiError, type UpstreamFetch } from '../../core/upstream/index.js';
import { UrlGuard } from '../../core/net/index.js';
import { buildTable, readBootstrap, serversFor, type BootstrapTable } from './bootstrap.js';
import { parseDomainName } from './name.js';
import { domainUpstreams } from './providers/index.js';
import { ianaBootstrap } from './providers/iana-bootstrap.js';
import { rdapDocument, rdapRegistry, type RegistryRoute } from './providers/rdap.js';
import { lacksData, mergeDomain, type RdapDomainData } from './rdap-record.js';
import { DomainRepository } from './repository.js';
import type { DomainQuery, DomainRecord, DomainResponse } from './schemas.js';

const TTL_MS = 24 * 3600_000;
/** How often an instance re-reads the stored bootstrap (another instance may have refreshed it). */
const RECHECK_MS = 3600_000;
const BOOTSTRAP_DEADLINE_MS = 30_000;
/** A downloaded file with fewer services than this share of the current one is refused. */
const MIN_SERVICE_SHARE = 0.5;

let shipped: BootstrapTable | undefined;
/** The snapshot shipped in data/ (see data/SOURCES.md), parsed once per process. */
export function shippedBootstrap(): BootstrapTable {
  shipped ??= buildTable(readBootstrap(JSON.parse(readFileSync(new URL('./data/iana-rdap-dns.json', import.meta.url), 'utf8'))));
  return shipped;
}

const olderThan = (a: string | null, b: string | null) => !!a && !!b && Date.parse(a) < Date.parse(b);

export class DomainService {
  private readonly cache: CacheNamespace;
  private readonly health = new ProviderHealth();
  readonly repo: DomainRepository;
  private current?: { table: BootstrapTable; checkedAt: number };
  private loading?: Promise<BootstrapTable>;
  /**
   * The registrar's URL comes from a registry's answer, not from IANA: it could point
   * anywhere, so that hop goes through the web fetcher's SSRF guard (every hop and the
   * resolved address checked; FETCH_ALLOW_HOSTS lets test hosts through).
   */
  private readonly guardedFetch: UpstreamFetch;
  private readonly route: RegistryRoute;
  private readonly bootstrapUrl: string;

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('domain', { ttlMs: TTL_MS });
    this.repo = new DomainRepository(ctx.db);
    const guard = new UrlGuard({ allowHosts: ctx.config.FETCH_ALLOW_HOSTS });
    // Made by the first lookup (its library loads then: core/lazy.ts).
    let dispatcher: Dispatcher | undefined;
    this.guardedFetch = (name, req) => ctx.fetch(name, { ...req, dispatcher: (dispatcher ??= guard.agent({ connections: 4 })), beforeHop: guard.beforeHop });
    ctx.providerHealth.track('domain', this.health);
    ({ registry: this.route, bootstrapUrl: this.bootstrapUrl } = domainUpstreams(ctx.config));
  }

  async lookup(q: DomainQuery): Promise<DomainResponse> {
    const param = q.name !== undefined ? 'name' : q.domain !== undefined ? 'domain' : 'q';
    const raw = q.name ?? q.domain ?? q.q;
    if (raw === undefined || !raw.trim()) throw invalidParam('name', 'name (or domain, q) is required: a domain name such as example.com');
    const { domain, tld } = parseDomainName(raw, param);
    const table = await this.bootstrap();
    const servers = serversFor(table, domain);
    if (!servers) {
      throw notFound(
        `.${tld} has no RDAP service in IANA's bootstrap file (published ${table.publication ?? 'at an unknown date'}), so ${domain} cannot be looked up`,
        { tld },
      );
    }
    try {
      const got = await this.cache.wrap(domain, () => this.load(domain, tld, servers));
      return { status: 'ok', api: 'domain', ...got.value, cached: got.cached, stale: got.stale } as DomainResponse;
    } catch (err) {
      throw toApiError(err, `domain lookup of ${domain}`);
    }
  }

  private async load(domain: string, tld: string, servers: string[]): Promise<DomainRecord> {
    const started = Date.now();
    const budget = this.ctx.config.DOMAIN_TIMEOUT_MS;
    const asked = this.route.servers(servers);
    // A bootstrap server no setting names still gets a hint naming the one that moves it.
    const fetch = namingSettings(this.ctx.fetch, new Map(asked.map((s) => [hostOf(s), ['RDAP_URL']])));
    const registries = asked.map((s) => httpProvider(rdapRegistry(s), fetch));
    const reg = await failover('domain-registry', registries, domain, this.health, { deadlineMs: budget });
    if (!reg.value.found) {
      return { domain, available: true, message: `${domain} is not registered: the .${tld} registry's RDAP service has no record of it` };
    }
    let data = reg.value.data;
    const hop = data.related ? this.registrarHop(data.related, asked) : null;
    const left = budget - (Date.now() - started);
    if (lacksData(data) && hop && left > 250) {
      try {
        const r = await failover('domain-registrar', [httpProvider(rdapDocument(hop.url), hop.fetch)], undefined, this.health, { deadlineMs: left });
        if (r.value.found) data = mergeDomain(data, r.value.data);
      } catch (err) {
        // The registrar only adds detail; the registry's answer stands without it.
        this.ctx.log.debug({ err: (err as Error).message, domain }, 'registrar RDAP failed');
      }
    }
    return registeredRecord(domain, data);
  }

  /**
   * The registrar link to follow, and how. Without RDAP_URL: a followable link, through the SSRF
   * guard. With it: only a link on RDAP_URL's own origin (a mirror that serves registrars' answers
   * too), asked like the registry; any other host is left alone, since the setting's promise is
   * that /domain asks that server and no other (docs/decisions/domain-rdap-url.md).
   */
  private registrarHop(link: string, asked: string[]): { url: string; fetch: UpstreamFetch } | null {
    const url = followable(link, asked);
    if (!url) return null;
    if (this.route.fixed === undefined) return { url, fetch: this.guardedFetch };
    return new URL(url).origin === new URL(this.route.fixed).origin ? { url, fetch: this.ctx.fetch } : null;
  }

  /** The bootstrap table in use: the stored download when there is one, else the snapshot. */
  async bootstrap(): Promise<BootstrapTable> {
    if (this.current && Date.now() - this.current.checkedAt < RECHECK_MS) return this.current.table;
    this.loading ??= this.loadBootstrap().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadBootstrap(): Promise<BootstrapTable> {
    const snapshot = shippedBootstrap();
    let table = snapshot;
    try {
      const stored = await this.repo.getBootstrap();
      if (stored && !olderThan(stored.publication, snapshot.publication)) table = buildTable(readBootstrap(stored.file));
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'stored RDAP bootstrap unreadable; using the shipped snapshot');
    }
    this.current = { table, checkedAt: Date.now() };
    return table;
  }

  /**
   * Downloads IANA's bootstrap file and keeps it when it is at least as new as the one in use
   * and not suspiciously short (a truncated download never replaces a good file). `seed` is a
   * saved copy of the file on disk, read instead of the download.
   */
  async refreshBootstrap(seed?: string): Promise<{ updated: boolean; publication: string | null; services: number }> {
    const { fetch, url } = dataSource(this.ctx.fetch, this.bootstrapUrl, seed);
    const { value: file } = await failover('rdap-bootstrap', [httpProvider(ianaBootstrap(url), fetch)], undefined, this.health, {
      deadlineMs: BOOTSTRAP_DEADLINE_MS,
    });
    const fresh = buildTable(file);
    const inUse = await this.bootstrap();
    if (fresh.serviceCount < inUse.serviceCount * MIN_SERVICE_SHARE) {
      throw new Error(`refusing an RDAP bootstrap file with ${fresh.serviceCount} services (the one in use has ${inUse.serviceCount})`);
    }
    if (olderThan(fresh.publication, inUse.publication)) return { updated: false, publication: inUse.publication, services: inUse.serviceCount };
    await this.repo.saveBootstrap({ publication: fresh.publication, source: url, fetched_at: this.ctx.now().toISOString(), file });
    this.current = { table: fresh, checkedAt: Date.now() };
    return { updated: true, publication: fresh.publication, services: fresh.serviceCount };
  }

  /** True when the stored download is missing or older than a day (checked at start). */
  async bootstrapOutOfDate(): Promise<boolean> {
    const stored = await this.repo.getBootstrap();
    return !stored || this.ctx.now().getTime() - Date.parse(stored.fetched_at) > TTL_MS;
  }
}

/**
 * The registrar link as a URL the service will follow: https, or the registry's own scheme
 * (a registry served over http links to http). Anything else is not fetched.
 */
export function followable(link: string, registryServers: string[]): string | null {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return null;
  }
  const schemes = new Set(registryServers.map((s) => s.slice(0, s.indexOf(':') + 1).toLowerCase()));
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && schemes.has('http:'))) return null;
  return u.href;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function registeredRecord(domain: string, d: RdapDomainData): DomainRecord {
  return {
    domain,
    available: false,
    registered: d.registered,
    expiration: d.expiration,
    last_changed: d.last_changed,
    registrar: d.registrar ?? d.registrar_handle,
    status_codes: d.status_codes,
    nameservers: d.nameservers,
    secure_dns: d.secure_dns ?? false,
  };
}
