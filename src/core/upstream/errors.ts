// How an upstream call failed. The kind decides how long a provider is suspended
// (failover.ts) and which status the caller answers with (toApiError).

import { ApiError, notFound, upstreamFailed, upstreamTimeout } from '../errors.js';

export const FAILURE_KINDS = [
  'timeout', // no answer within the deadline
  'network', // refused, reset, DNS failure
  'rate_limited', // 429, or the upstream says "slow down"
  'blocked', // 401/403, captcha, access denied
  'unavailable', // 5xx, maintenance page
  'bad_response', // an answer we cannot read (wrong format, too large, unexpected status)
  'parse', // the expected page or document arrived, but our parser found nothing where it shows there is something (the upstream changed its markup)
  'not_found', // the upstream says the thing does not exist
] as const;

export type FailureKind = (typeof FAILURE_KINDS)[number];

export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    readonly kind: FailureKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** One provider's outcome in a failover or fan-out, as reported to users. */
export interface Attempt {
  provider: string;
  kind: FailureKind | 'suspended';
  message: string;
}

/** Every provider failed. `attempts` says what each one did. */
export class AllProvidersFailed extends Error {
  constructor(
    readonly group: string,
    readonly attempts: Attempt[],
  ) {
    super(`${group}: every provider failed (${attempts.map((a) => `${a.provider}: ${a.kind}`).join('; ') || 'none enabled'})`);
    this.name = 'AllProvidersFailed';
  }
  /** not_found when every provider that answered said so. */
  get kind(): FailureKind {
    const answered = this.attempts.filter((a) => a.kind !== 'suspended');
    if (answered.length && answered.every((a) => a.kind === 'not_found')) return 'not_found';
    if (answered.length && answered.every((a) => a.kind === 'timeout')) return 'timeout';
    return 'unavailable';
  }
}

export function kindFromStatus(status: number): FailureKind {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'blocked';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 408 || status >= 500) return 'unavailable';
  return 'bad_response';
}

/** Retry-After as milliseconds (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/**
 * Maps an upstream failure to the API error users see: 404 when the upstreams agree the
 * thing does not exist, 504 when they only timed out, else 502. Never the raw upstream body.
 */
/**
 * A 502 that says no upstream was asked because none that can answer is configured, rather than
 * "every upstream failed". `hint` names the settings that would turn one on.
 */
export function noProviderConfigured(what: string, hint?: string): ApiError {
  return upstreamFailed(`${what}: no upstream that can answer this is configured`, { tried: [], ...(hint ? { hint } : {}) });
}

export function toApiError(err: unknown, what: string, notFoundMessage?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof AllProvidersFailed && err.attempts.length === 0) return noProviderConfigured(what);
  if (err instanceof AllProvidersFailed) {
    const tried = err.attempts.map((a) => ({ provider: a.provider, reason: a.kind }));
    if (err.kind === 'not_found') return notFound(notFoundMessage ?? `${what}: not found`);
    if (err.kind === 'timeout') return upstreamTimeout(`${what}: every upstream timed out`, { tried });
    return upstreamFailed(`${what}: every upstream failed`, { tried });
  }
  if (err instanceof UpstreamError) {
    if (err.kind === 'not_found') return notFound(notFoundMessage ?? `${what}: not found`);
    if (err.kind === 'timeout') return upstreamTimeout(`${what}: ${err.upstream} timed out`);
    return upstreamFailed(`${what}: ${err.upstream} failed (${err.kind})`);
  }
  throw err;
}
