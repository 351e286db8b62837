// /pincode use cases: a PIN's post offices from the stored data set; a PIN it lacks is asked
// of api.postalpincode.in (cached a day). /lab/pincode asks that API directly.
// Answers are sent as JSON text; a PIN's answer from the data set is kept a while in this
// process, so a PIN asked again costs no database read, serialization or ETag hash.

import type { AppContext } from '../../core/module.js';
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { jobNotReady } from '../../core/not-ready.js';
import { ProviderHealth, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { AnswerCache } from '../../core/http/answer-cache.js';
import { RawJson } from '../../core/http/raw-json.js';
import type { Office, OfficeRepository } from './repository.js';
import { postalPincode } from './providers/postalpincode.js';
import type { PincodeResponse, SearchResponse } from './schemas.js';

export const PINCODE_LOAD_JOB = 'pincode-load';

const TTL_MS = 24 * 3_600_000;
// Room for every PIN's answer (19,159 of about 1.6 KB each): even requests spread evenly over
// all PINs are answered from here once asked (with 16 MB, half of them missed and cost 51 µs
// instead of 30). A load here clears them; one made by another instance shows within the TTL.
const KEPT_BYTES = 32 * 1024 * 1024;
const KEPT_TTL_MS = 10 * 60_000;

type Answer = Omit<PincodeResponse, 'cached'>;
const json = (answer: PincodeResponse) => new RawJson(JSON.stringify(answer));

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
  private readonly kept = new AnswerCache({ maxBytes: KEPT_BYTES, ttlMs: KEPT_TTL_MS });
  private readonly providers: Provider<string, Office[]>[];
  readonly health = new ProviderHealth();

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: OfficeRepository,
  ) {
    this.cache = ctx.cache.namespace('pincode', { ttlMs: TTL_MS });
    this.providers = [httpProvider(postalPincode(ctx.config.POSTALPINCODE_URL), ctx.fetch)];
    ctx.providerHealth.track(
      'pincode',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  async lookup(raw: string): Promise<RawJson> {
    const pin = normalisePin(raw);
    const kept = this.kept.get(pin);
    if (kept) return kept;
    const offices = await this.repo.byPin(pin);
    if (offices.length) return this.kept.keep(pin, this.answer(pin, offices, 'dataset'));
    try {
      return await this.online(pin);
    } catch (err) {
      throw await this.notInDirectory(pin, err);
    }
  }

  /**
   * A PIN the stored directory lacks and the online one did not give: a 404 naming the stored
   * directory and its date once it is loaded (the online failure does not make the PIN exist),
   * and while it is not loaded yet, the 503 of its load (the PIN may well be in it).
   */
  private async notInDirectory(pin: string, err: unknown): Promise<unknown> {
    if (!(err instanceof ApiError) || (err.statusCode !== 404 && err.statusCode < 500)) return err;
    const last = await this.repo.lastLoad();
    if (last) {
      const online = err.statusCode === 404 ? 'nor in the online directory' : `and the online directory could not be asked (${err.message})`;
      return notFound(
        `no post office has the PIN ${pin}: it is not in the stored directory (${last.source}, loaded ${last.loaded_at.slice(0, 10)}) ${online}`,
        {
          param: 'pin',
          pin,
          directory: { source: last.source, loaded_at: last.loaded_at, offices: last.rows },
        },
      );
    }
    if (err.statusCode === 404) return err;
    return jobNotReady(this.ctx, {
      job: PINCODE_LOAD_JOB,
      what: 'the PIN directory',
      meanwhile: `the online directory could not answer either (${err.message})`,
    });
  }

  /** The online directory only (the experimental /lab/pincode). */
  async lab(raw: string): Promise<RawJson> {
    return this.online(normalisePin(raw));
  }

  /** The stored offices were replaced: answers kept from the old ones go. */
  officesReplaced(): void {
    this.kept.clear();
  }

  private async online(pin: string): Promise<RawJson> {
    let got;
    try {
      got = await this.cache.wrap(
        pin,
        async () => (await failover('pincode', this.providers, pin, this.health, { deadlineMs: this.ctx.config.PINCODE_TIMEOUT_MS })).value,
        {
          shouldCache: (v) => v.length > 0,
        },
      );
    } catch (err) {
      throw toApiError(err, 'pincode');
    }
    if (!got.value.length) throw notFound(`no post office has the PIN ${pin}`, { param: 'pin', pin });
    return json({ ...this.answer(pin, got.value, 'postalpincode'), cached: got.cached });
  }

  private answer(pin: string, offices: Office[], source: string): Answer {
    return {
      status: 'ok',
      pin,
      district: mostCommon(offices.map((o) => o.district)),
      state: mostCommon(offices.map((o) => o.state)),
      count: offices.length,
      // Fields named, not a rest pattern: its copies take half again as long to make and serialize.
      offices: offices.map((o) => ({
        name: o.name,
        branch_type: o.branch_type,
        delivery: o.delivery,
        division: o.division,
        region: o.region,
        circle: o.circle,
        district: o.district,
        state: o.state,
      })),
      source,
    };
  }

  async search(q: string, limit: number): Promise<SearchResponse> {
    if (!(await this.repo.loaded()))
      throw jobNotReady(this.ctx, { job: PINCODE_LOAD_JOB, what: 'the PIN directory', meanwhile: '/pincode/{pin} still answers from the online directory' });
    const found = await this.repo.search(q, limit);
    return { status: 'ok', query: q, count: found.length, results: found.map((o) => ({ pin: o.pin, name: o.name, district: o.district, state: o.state })) };
  }
}
