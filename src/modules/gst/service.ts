// /gst and /gst/pan use cases. Input is validated locally first (gstin.ts), so a malformed
// number never reaches an upstream. Each part of a taxpayer record has its own ordered
// provider list behind the shared failover; parts are fetched at once and cached 24 hours.
// Provider order: the captcha-free GST portal first where it can answer (free, authoritative),
// then the keyed providers (GSTN Public API through a GSP, Cashfree) when configured.

import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../core/module.js';
import { type ApiError, invalidParam } from '../../core/errors.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import {
  AllProvidersFailed,
  ProviderHealth,
  buildUpstreams,
  failover,
  httpProvider,
  noProviderConfigured,
  toApiError,
  type Provider,
} from '../../core/upstream/index.js';
import { decodeGstin } from './decode.js';
import { checkGstin, checkPan, type ValidGstin } from './gstin.js';
import { fyLabel, type FilingYear, type HsnEntry, type ReturnEntry, type ReturnsQuery, type TaxpayerProfile } from './model.js';
import type { PanQuery } from './providers/cashfree.js';
import { GST_UPSTREAMS, type GstParts } from './providers/index.js';
import type { GstPanResponse, GstProfileResponse, GstRegistry, GstReturnsResponse, RegistryError } from './schemas.js';

const DAY_MS = 86_400_000;

/** The settings that turn on a keyed GST provider (named by NOT_CONFIGURED answers). */
const PROFILE_SETTINGS = ['GST_PORTAL_ENABLED', 'GST_GSP_URL', 'GST_CASHFREE_CLIENT_ID'] as const;
const PAN_SETTINGS = ['GST_CASHFREE_CLIENT_ID', 'GST_CASHFREE_CLIENT_SECRET'] as const;

/** The provider lists, built from the settings (an unconfigured provider is simply absent). */
export interface GstProviders {
  profile: Provider<string, TaxpayerProfile>[];
  goods: Provider<string, HsnEntry[]>[];
  years: Provider<string, FilingYear[]>[];
  returns: Provider<ReturnsQuery, ReturnEntry[]>[];
  pan: Provider<PanQuery, string[]>[];
}

export function gstProviders(ctx: AppContext): GstProviders {
  const built = buildUpstreams(GST_UPSTREAMS, ctx.config);
  const part = <K extends keyof GstParts>(k: K) => built.flatMap((parts) => (parts[k] ? [parts[k]] : []));
  const http = <I, O>(specs: Parameters<typeof httpProvider<I, O>>[0][]) => specs.map((spec) => httpProvider(spec, ctx.fetch));
  return { profile: http(part('profile')), goods: http(part('goods')), years: http(part('years')), returns: http(part('returns')), pan: http(part('pan')) };
}

type Part<T> = { ok: true; value: T; provider: string } | { ok: false; error: unknown };

/** What one part of the record failed with, in words users can act on. */
function reason(part: string, err: unknown): string {
  if (err instanceof AllProvidersFailed) {
    if (err.attempts.length === 0) return `no upstream for the ${part} is configured`;
    return err.attempts.map((a) => `${a.provider}: ${a.kind}`).join('; ');
  }
  return err instanceof Error ? err.message : String(err);
}

interface StoredRecord {
  profile: TaxpayerProfile | null;
  hsn_goods: HsnEntry[];
  filing_years: FilingYear[];
  filing_status: { financial_year: string; returns: ReturnEntry[] } | null;
  sources: Record<string, string>;
  missing: { part: string; reason: string }[];
  /** Set when no part answered: why the registry gave nothing (the answer is then the local decoding). */
  unreached: RegistryError | null;
}

const EMPTY_PROFILE: TaxpayerProfile = {
  trade_name: null,
  legal_name: null,
  registration_status: null,
  registration_date: null,
  constitution: null,
  taxpayer_type: null,
  nature_of_business: [],
  state: null,
  address: null,
  lat: null,
  lon: null,
};

const emptyRecord = () => ({ profile: null, hsn_goods: [], filing_years: [], filing_status: null, sources: {} });

/** How far the registry answered: every part, some, or none (and then why, as the error it would have been). */
function registryOf(r: StoredRecord): { registry: GstRegistry } {
  if (r.unreached) return { registry: { status: r.unreached.code === 'NOT_CONFIGURED' ? 'not_configured' : 'unreachable', error: r.unreached } };
  return { registry: { status: r.missing.length ? 'partial' : 'answered', error: null } };
}

export class GstService {
  private readonly records: CacheNamespace;
  private readonly years: CacheNamespace;
  private readonly returns: CacheNamespace;
  private readonly pans: CacheNamespace;
  /** One health record per module instance: a failing provider is skipped for a while by every request. */
  private readonly health = new ProviderHealth();

  constructor(
    private readonly ctx: AppContext,
    private readonly providers: GstProviders = gstProviders(ctx),
  ) {
    this.records = ctx.cache.namespace('gst:record', { ttlMs: DAY_MS });
    this.years = ctx.cache.namespace('gst:years', { ttlMs: DAY_MS });
    this.returns = ctx.cache.namespace('gst:returns', { ttlMs: DAY_MS });
    this.pans = ctx.cache.namespace('gst:pan', { ttlMs: DAY_MS });
    ctx.providerHealth.track('gst', this.health, [...new Set(Object.values(providers).flatMap((list: { name: string }[]) => list.map((p) => p.name)))]);
  }

  /** Failover under the request's budget (what is left of it when parts run one after another). */
  private run<I, O>(group: string, list: Provider<I, O>[], input: I, deadlineMs = this.ctx.config.GST_TIMEOUT_MS) {
    return failover(group, list, input, this.health, { deadlineMs: Math.max(1, deadlineMs) });
  }

  private async part<I, O>(group: string, list: Provider<I, O>[], input: I): Promise<Part<O>> {
    try {
      const r = await this.run(group, list, input);
      return { ok: true, value: r.value, provider: r.provider };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private validGstin(number: string): ValidGstin {
    const c = checkGstin(number);
    if (!c.ok) throw invalidParam('number', `number is not a valid GSTIN: ${c.problem}`);
    return c.value;
  }

  /** GET /gst without fy: profile, goods, years and the latest year's returns. */
  async taxpayer(number: string): Promise<GstProfileResponse> {
    const g = this.validGstin(number);
    let got;
    try {
      got = await this.records.wrap(g.gstin, () => this.loadRecord(g.gstin), { shouldCache: (r) => r.missing.length === 0 });
    } catch (err) {
      throw toApiError(err, 'GST lookup', `no taxpayer is registered with GSTIN ${g.gstin}`);
    }
    const r = got.value;
    const p = r.profile ?? EMPTY_PROFILE;
    return {
      status: 'ok',
      gstin: g.gstin,
      ...p,
      // The state code is part of the number, so the state is known even without a profile.
      state: p.state ?? g.state,
      hsn_goods: r.hsn_goods,
      filing_years: r.filing_years,
      filing_status: r.filing_status,
      registration_kind: g.layout,
      decoded: decodeGstin(g),
      sources: r.sources,
      missing: r.missing,
      ...registryOf(r),
      cached: got.cached,
      stale: got.stale,
    };
  }

  private async loadRecord(gstin: string): Promise<StoredRecord> {
    const started = Date.now();
    const [profile, goods, years] = await Promise.all([
      this.part('gst profile', this.providers.profile, gstin),
      this.part('gst goods', this.providers.goods, gstin),
      this.yearsPart(gstin),
    ]);
    const latest = years.ok ? years.value[0] : undefined;
    // The latest year's returns need the year list first: they get what is left of the budget.
    const filing = latest ? await this.returnsPart(gstin, latest.value, this.ctx.config.GST_TIMEOUT_MS - (Date.now() - started)) : undefined;

    const parts: [string, Part<unknown> | undefined][] = [
      ['profile', profile],
      ['hsn_goods', goods],
      ['filing_years', years],
      ['filing_status', filing],
    ];
    const failed = parts.filter((p): p is [string, { ok: false; error: unknown }] => p[1] !== undefined && !p[1].ok);
    if (failed.length === parts.filter((p) => p[1] !== undefined).length) {
      // Nothing answered: 404 when an upstream said the GSTIN does not exist, else 502/504.
      const all = failed.flatMap(([, f]) => (f.error instanceof AllProvidersFailed ? f.error.attempts : []));
      // One upstream serves several parts; report each way it failed once.
      const attempts = all.filter((a, i) => all.findIndex((b) => b.provider === a.provider && b.kind === a.kind) === i);
      if (attempts.some((a) => a.kind === 'not_found'))
        throw new AllProvidersFailed(
          'gst',
          attempts.filter((a) => a.kind === 'not_found'),
        );
      // No registry answered: what the number itself says is still worth answering (200, with
      // `registry` saying why nothing more came; docs/decisions/gst-offline-answer.md).
      const e =
        attempts.length === 0
          ? noProviderConfigured('GST lookup', `set one of ${PROFILE_SETTINGS.join(', ')}`, PROFILE_SETTINGS)
          : toApiError(new AllProvidersFailed('gst', attempts), 'GST lookup');
      const unreached = { code: e.code, message: e.message, ...e.extra };
      return { ...emptyRecord(), missing: failed.map(([name, f]) => ({ part: name, reason: reason(name.replace('_', ' '), f.error) })), unreached };
    }
    const sources: Record<string, string> = {};
    for (const [name, p] of parts) if (p?.ok) sources[name] = p.provider;
    return {
      profile: profile.ok ? profile.value : null,
      hsn_goods: goods.ok ? goods.value : [],
      filing_years: years.ok ? years.value : [],
      filing_status: latest && filing?.ok ? { financial_year: latest.year, returns: filing.value } : null,
      sources,
      missing: failed.map(([name, f]) => ({ part: name, reason: reason(name.replace('_', ' '), f.error) })),
      unreached: null,
    };
  }

  private async yearsPart(gstin: string): Promise<Part<FilingYear[]>> {
    try {
      const got = await this.years.wrap(gstin, () => this.run('gst filing years', this.providers.years, gstin));
      return { ok: true, value: got.value.value, provider: got.value.provider };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private async returnsPart(gstin: string, fy: string, deadlineMs?: number): Promise<Part<ReturnEntry[]>> {
    try {
      const got = await this.returns.wrap(`${gstin}:${fy}`, () => this.run('gst returns', this.providers.returns, { gstin, fy }, deadlineMs));
      return { ok: true, value: got.value.value, provider: got.value.provider };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** GET /gst?fy=YYYY: the returns filed in one financial year. */
  async returnsOf(number: string, fy: string): Promise<GstReturnsResponse> {
    const g = this.validGstin(number);
    const years = await this.yearsPart(g.gstin);
    if (years.ok && !years.value.some((y) => y.value === fy)) {
      const available = years.value.map((y) => y.value);
      throw invalidParam('fy', `fy ${fy} is not available for ${g.gstin}; available years: ${available.join(', ') || 'none'}`, {
        available_years: available,
      });
    }
    // When the year list itself is unavailable, the returns upstreams still get asked.
    let got;
    try {
      got = await this.returns.wrap(`${g.gstin}:${fy}`, () => this.run('gst returns', this.providers.returns, { gstin: g.gstin, fy }));
    } catch (err) {
      throw this.failure(err, 'GST returns', `no returns are on record for ${g.gstin} in ${fyLabel(fy)}`);
    }
    return {
      status: 'ok',
      api: 'gst',
      gstin: g.gstin,
      financial_year: fyLabel(fy),
      returns: got.value.value,
      cached: got.cached,
      stale: got.stale,
    };
  }

  /** GET /gst/pan: the GSTINs registered against a PAN. */
  async gstinsOfPan(input: string): Promise<GstPanResponse> {
    const c = checkPan(input);
    if (!c.ok) throw invalidParam('pan', `pan is not a valid PAN: ${c.problem}`);
    const pan = c.value;
    let got;
    try {
      got = await this.pans.wrap(pan, () => this.run('gst pan', this.providers.pan, { pan, verificationId: `jankari-${randomUUID()}` }));
    } catch (err) {
      throw this.failure(err, 'GSTINs of a PAN', `no GSTIN is registered against PAN ${pan}`);
    }
    const gstins = got.value.value;
    return { status: 'ok', api: 'gst/pan', pan, count: gstins.length, gstins, cached: got.cached, stale: got.stale };
  }

  /** 503 NOT_CONFIGURED that says no provider is configured, rather than "every provider failed" when none was asked. */
  private failure(err: unknown, what: string, notFound: string): ApiError {
    if (err instanceof AllProvidersFailed && err.attempts.length === 0) {
      return noProviderConfigured(what, 'set GST_CASHFREE_CLIENT_ID and GST_CASHFREE_CLIENT_SECRET (or GST_GSP_URL for returns)', PAN_SETTINGS);
    }
    return toApiError(err, what, notFound);
  }
}
