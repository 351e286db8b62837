// /pincode use cases: a PIN's post offices from the stored data set; a PIN it lacks is asked
// of api.postalpincode.in (cached a day). /lab/pincode asks that API directly.

import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound, notReady } from '../../core/errors.js';
import { ProviderHealth, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import type { Office, OfficeRepository } from './repository.js';
import { postalPincode } from './providers/postalpincode.js';
import type { PincodeResponse, SearchResponse } from './schemas.js';

const TTL_MS = 24 * 3_600_000;
// An import replaces the offices of every PIN at once; answers may lag it by this much.
const STORED_TTL_MS = 10 * 60_000;

export function normalisePin(raw: string): string {
  const pin = raw.replace(/\s+/g, '');
  if (!/^[1-9]\d{5}$/.test(pin)) throw invalidParam('pin', `pin must be six digits, the first 1 to 9 (e.g. 110001); got "${raw.slice(0, 20)}"`);
  return pin;
}

/** The value most offices share (ties: the first seen). */
function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}

export class PincodeService {
  private readonly cache: CacheNamespace;
  /** Offices read from the database, kept a few minutes: a PIN's offices change with an import only. */
  private readonly stored: CacheNamespace;
  private readonly providers: Provider<string, Office[]>[];
  readonly health = new ProviderHealth();

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: OfficeRepository,
  ) {
    this.cache = ctx.cache.namespace('pincode', { ttlMs: TTL_MS });
    this.stored = ctx.cache.namespace('pincode-stored', { ttlMs: STORED_TTL_MS });
    this.providers = [httpProvider(postalPincode(ctx.config.POSTALPINCODE_URL), ctx.fetch)];
    ctx.providerHealth.track('pincode', this.health, this.providers.map((p) => p.name));
  }

  async lookup(raw: string): Promise<PincodeResponse> {
    const pin = normalisePin(raw);
    const got = await this.stored.wrap(pin, () => this.repo.byPin(pin), { shouldCache: (v) => v.length > 0 });
    if (got.value.length) return this.answer(pin, got.value, 'dataset', got.cached);
    return this.online(pin);
  }

  /** The online directory only (the experimental /lab/pincode). */
  async lab(raw: string): Promise<PincodeResponse> {
    return this.online(normalisePin(raw));
  }

  private async online(pin: string): Promise<PincodeResponse> {
    let got;
    try {
      got = await this.cache.wrap(pin, async () => (await failover('pincode', this.providers, pin, this.health, { deadlineMs: this.ctx.config.PINCODE_TIMEOUT_MS })).value, {
        shouldCache: (v) => v.length > 0,
      });
    } catch (err) {
      throw toApiError(err, 'pincode');
    }
    if (!got.value.length) throw notFound(`no post office has the PIN ${pin}`, { param: 'pin', pin });
    return this.answer(pin, got.value, 'postalpincode', got.cached);
  }

  private answer(pin: string, offices: Office[], source: string, cached: boolean): PincodeResponse {
    return {
      status: 'ok',
      pin,
      district: mostCommon(offices.map((o) => o.district)),
      state: mostCommon(offices.map((o) => o.state)),
      count: offices.length,
      offices: offices.map(({ pin: _pin, ...o }) => o),
      source,
      cached,
    };
  }

  async search(q: string, limit: number): Promise<SearchResponse> {
    if (!(await this.repo.loaded())) throw notReady('the PIN data set has not been loaded yet; /pincode/{pin} still answers from the online directory');
    const found = await this.repo.search(q, limit);
    return { status: 'ok', query: q, count: found.length, results: found.map((o) => ({ pin: o.pin, name: o.name, district: o.district, state: o.state })) };
  }
}
