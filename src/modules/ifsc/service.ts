// /ifsc use cases. A code is checked offline first (the rule, then the `ifsc` package's list of
// every code): a malformed code is a 400, an unknown bank or branch a 404, without asking anyone.
// Branch details come from the imported data set; a code it lacks is asked of Razorpay's API
// (cached a day); when neither has it, the bank is still answered with the branch fields null.
// Answers are sent as JSON text: a branch from the data set is kept a while in this process,
// so a code asked again costs no database read, serialization or ETag hash.

import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound } from '../../core/errors.js';
import { AllProvidersFailed, ProviderHealth, failover, httpProvider, type Provider } from '../../core/upstream/index.js';
import { jobDataState, jobNotReady } from '../../core/not-ready.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { AnswerCache } from '../../core/http/answer-cache.js';
import { RawJson } from '../../core/http/raw-json.js';
import { IFSC_RULE, type BankInfo, type IfscDirectory } from './directory.js';
import type { Branch, BranchRepository } from './repository.js';
import { razorpayApi } from './providers/razorpay-api.js';
import { BRANCH_FIELDS, type IfscResponse, type SearchQuery, type SearchResponse } from './schemas.js';

const API_TTL_MS = 24 * 3_600_000;
// About 14,000 branch answers. An import here clears them; one made by another instance shows
// within the TTL.
const KEPT_BYTES = 8 * 1024 * 1024;
const KEPT_TTL_MS = 10 * 60_000;

type Answer = Omit<IfscResponse, 'cached'>;

/** The code as people write it ("sbin 0000 001") in the form the rule checks. */
export function normaliseIfsc(raw: string): string {
  const code = raw.replace(/[\s-]+/g, '').toUpperCase();
  if (!IFSC_RULE.test(code)) {
    throw invalidParam('code', `code must be an IFSC: 4 letters, a zero, then 6 letters or digits (e.g. SBIN0000001); got "${raw.slice(0, 40)}"`, {
      rule: '^[A-Z]{4}0[A-Z0-9]{6}$',
    });
  }
  return code;
}

const json = (answer: IfscResponse) => new RawJson(JSON.stringify(answer));

export const IFSC_IMPORT_JOB = 'ifsc-import';

export class IfscService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<string, Branch | null>[];
  private readonly kept = new AnswerCache({ maxBytes: KEPT_BYTES, ttlMs: KEPT_TTL_MS });
  readonly health = new ProviderHealth();

  constructor(
    private readonly ctx: AppContext,
    readonly directory: IfscDirectory,
    private readonly repo: BranchRepository,
  ) {
    this.cache = ctx.cache.namespace('ifsc', { ttlMs: API_TTL_MS });
    this.providers = [httpProvider(razorpayApi(ctx.config.IFSC_API_URL), ctx.fetch)];
    ctx.providerHealth.track(
      'ifsc',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  async lookup(raw: string): Promise<RawJson> {
    const code = normaliseIfsc(raw);
    const kept = this.kept.get(code);
    if (kept) return kept;
    const verdict = this.directory.check(code);
    if (!verdict.ok) {
      if (verdict.reason === 'unknown_bank')
        throw notFound(`no bank has the IFSC prefix ${verdict.bank_code}`, { param: 'code', bank_code: verdict.bank_code });
      throw notFound(`${verdict.bank.name} (${verdict.bank.code}) has no branch ${verdict.branch_code}; the code ${code} is not in RBI's list`, {
        param: 'code',
        bank_code: verdict.bank.code,
      });
    }
    const stored = await this.repo.byIfsc(code);
    if (stored) return this.kept.keep(code, this.answer(code, verdict.bank, stored, 'dataset'));
    let got;
    try {
      got = await this.cache.wrap(
        code,
        async () => (await failover('ifsc', this.providers, code, this.health, { deadlineMs: this.ctx.config.IFSC_TIMEOUT_MS })).value,
        { shouldCache: (v) => v !== null },
      );
    } catch (err) {
      // The code is valid and its bank known: that answer is worth more than a 502, and it says
      // why the branch fields are empty. An upstream failure is expected (offline): no stack.
      const online = err instanceof AllProvidersFailed ? err.attempts.map((a) => a.message).join('; ') : (err as Error).message;
      this.ctx.log.warn({ ifsc: code, err: online }, 'ifsc api failed; answering from the code list only');
      return json({
        ...this.answer(code, verdict.bank, null, 'offline', await this.whyNoBranch(`the online API could not be asked (${online})`)),
        cached: false,
      });
    }
    const answer = got.value
      ? this.answer(code, verdict.bank, got.value, 'razorpay-api')
      : this.answer(code, verdict.bank, null, 'offline', await this.whyNoBranch(`the online API has no details of ${code}`));
    return json({ ...answer, cached: got.cached });
  }

  /** Why a valid code's branch fields are empty: the import's state, then the online API's. */
  private async whyNoBranch(online: string): Promise<string> {
    if (await this.repo.loaded()) return `the imported data set has no such branch, and ${online}`;
    const d = jobDataState(this.ctx, IFSC_IMPORT_JOB);
    const state =
      d.state === 'loading'
        ? 'is being imported now'
        : d.last_error
          ? `has not been imported yet (the last try failed at ${d.last_failure_at}: ${d.last_error})`
          : 'has not been imported yet';
    return `the branch data set ${state} (\`npm run crawl -- ${IFSC_IMPORT_JOB}\` imports it), and ${online}`;
  }

  /** The stored branches were replaced: answers kept from the old ones go. */
  branchesReplaced(): void {
    this.kept.clear();
  }

  private answer(code: string, bank: BankInfo, b: Branch | null, source: IfscResponse['source'], missingReason: string | null = null): Answer {
    const out: Answer = {
      status: 'ok',
      ifsc: code,
      // The directory's name is RBI's; the data set's is kept when the directory has none.
      bank: bank.name !== bank.code ? bank.name : (b?.bank ?? bank.name),
      bank_code: bank.code,
      bank_type: bank.type,
      branch: b?.branch ?? null,
      address: b?.address ?? null,
      city: b?.city ?? null,
      centre: b?.centre ?? null,
      district: b?.district ?? null,
      state: b?.state ?? null,
      contact: b?.contact ?? null,
      micr: b?.micr ?? null,
      swift: b?.swift ?? null,
      neft: b?.neft ?? null,
      rtgs: b?.rtgs ?? null,
      imps: b?.imps ?? null,
      upi: b?.upi ?? null,
      source,
      missing: [],
      missing_reason: missingReason,
    };
    out.missing = BRANCH_FIELDS.filter((f) => out[f] === null);
    return out;
  }

  banks(q?: string) {
    const all = this.directory.banks();
    const needle = q?.trim().toLowerCase();
    const banks = needle ? all.filter((b) => b.code.toLowerCase() === needle || b.name.toLowerCase().includes(needle)) : all;
    return { status: 'ok' as const, count: banks.length, data_version: this.directory.version, banks };
  }

  async search(q: SearchQuery): Promise<SearchResponse> {
    if (!q.bank && !q.q && !q.city && !q.state) throw invalidParam('q', 'give at least one of bank, q, city or state');
    const bank = q.bank?.toUpperCase();
    if (bank && !this.directory.bank(bank)) throw notFound(`no bank has the code ${bank}`, { param: 'bank', bank_code: bank });
    if (!(await this.repo.loaded()))
      throw jobNotReady(this.ctx, { job: IFSC_IMPORT_JOB, what: 'the branch data set', seedable: true, meanwhile: '/ifsc/{code} still answers the bank' });
    const { total, branches } = await this.repo.search({ bank, q: q.q, city: q.city, state: q.state, limit: q.limit, offset: (q.page - 1) * q.limit });
    return {
      status: 'ok',
      total,
      page: q.page,
      limit: q.limit,
      count: branches.length,
      branches: branches.map((b) => ({
        ifsc: b.ifsc,
        bank: b.bank,
        bank_code: b.bank_code,
        branch: b.branch,
        address: b.address,
        city: b.city,
        district: b.district,
        state: b.state,
        micr: b.micr,
      })),
    };
  }
}
