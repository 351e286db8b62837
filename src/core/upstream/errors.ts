// How an upstream call failed. The kind decides how long a provider is suspended
// (failover.ts) and which status the caller answers with (toApiError).

import { ApiError, notConfigured, notFound, upstreamFailed, upstreamTimeout } from '../errors.js';

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

export interface UpstreamErrorDetails {
  status?: number;
  retryAfterMs?: number;
  /** The host that failed (from the URL asked), e.g. `api.open-meteo.com`. */
  host?: string;
  /** The settings whose URL points at that host (OPEN_METEO_URL), to name in a hint. */
  settings?: string[];
}

export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    readonly kind: FailureKind,
    message: string,
    readonly details: UpstreamErrorDetails = {},
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
  /** The host that failed, when a call reached the network layer. */
  host?: string;
  /** Settings that point this provider elsewhere (for the hint). */
  settings?: string[];
  /** When the provider will be asked again (epoch ms; its suspension's end). */
  retryAt?: number;
}

/** Every provider failed. `attempts` says what each one did. */
export class AllProvidersFailed extends Error {
  constructor(
    readonly group: string,
    readonly attempts: Attempt[],
  ) {
    // Each attempt in its own words ("api.coingecko.com could not be resolved (ENOTFOUND)"): the host and the reason, not an id and a kind.
    super(`${group}: every provider failed (${attempts.map((a) => a.message).join('; ') || 'none enabled'})`);
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
 * A 503 NOT_CONFIGURED that says no upstream was asked because none that can answer is
 * configured, rather than "every upstream failed" (nothing failed). `hint` names the settings
 * that would turn one on; `settings` lists them when the caller knows them.
 */
export function noProviderConfigured(what: string, hint?: string, settings?: readonly string[]): ApiError {
  return notConfigured(`${what}: no upstream that can answer this is configured`, {
    tried: [],
    ...(hint ? { hint } : {}),
    ...(settings ? { settings: [...settings] } : {}),
  });
}

/** Seconds a client is told to wait when no provider said when it will be asked again. */
export const UPSTREAM_RETRY_AFTER_S = 30;

/**
 * Maps an upstream failure to the API error users see: 404 when the upstreams agree the
 * thing does not exist, 504 when they only timed out, else 502. Never the raw upstream body.
 * A 502/504 names each host and what it did, carries a `hint` (the next step: which host to
 * check, which setting points elsewhere) and a Retry-After from the providers' suspensions.
 */
export function toApiError(err: unknown, what: string, notFoundMessage?: string, now = Date.now()): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof AllProvidersFailed && err.attempts.length === 0) return noProviderConfigured(what);
  if (err instanceof AllProvidersFailed) {
    if (err.kind === 'not_found') return notFound(notFoundMessage ?? `${what}: not found`);
    const tried = err.attempts.map(triedEntry);
    const extra = { tried, hint: upstreamHint(err.attempts) };
    const headers = { 'retry-after': String(retryAfterSeconds(err.attempts, now)) };
    const reasons = err.attempts.map((a) => a.message).join('; ');
    if (err.kind === 'timeout') return upstreamTimeout(`${what}: every upstream timed out (${reasons})`, extra, headers);
    return upstreamFailed(`${what}: every upstream failed (${reasons})`, extra, headers);
  }
  if (err instanceof UpstreamError) {
    if (err.kind === 'not_found') return notFound(notFoundMessage ?? `${what}: not found`);
    const a = attemptOf(err);
    const extra = { tried: [triedEntry(a)], hint: upstreamHint([a]) };
    const headers = { 'retry-after': String(retryAfterSeconds([a], now)) };
    if (err.kind === 'timeout') return upstreamTimeout(`${what}: ${err.message}`, extra, headers);
    return upstreamFailed(`${what}: ${err.message}`, extra, headers);
  }
  throw err;
}

/** An UpstreamError as an attempt (its retry time from the upstream's own Retry-After). */
export function attemptOf(err: UpstreamError, retryAt?: number, provider = err.upstream): Attempt {
  return {
    provider,
    kind: err.kind,
    message: err.message,
    ...(err.details.host ? { host: err.details.host } : {}),
    ...(err.details.settings?.length ? { settings: err.details.settings } : {}),
    ...(retryAt ? { retryAt } : err.details.retryAfterMs !== undefined ? { retryAt: Date.now() + err.details.retryAfterMs } : {}),
  };
}

/** One `tried` row of an error answer: the provider, the host it asked, the kind and the reason in words. */
export function triedEntry(a: Attempt) {
  return { provider: a.provider, ...(a.host ? { host: a.host } : {}), reason: a.kind, message: a.message.slice(0, 200) };
}

/** Seconds until the first provider is asked again; UPSTREAM_RETRY_AFTER_S when none said. */
export function retryAfterSeconds(attempts: readonly Attempt[], now = Date.now()): number {
  const times = attempts.map((a) => a.retryAt).filter((t): t is number => t !== undefined && t > now);
  if (times.length === 0) return UPSTREAM_RETRY_AFTER_S;
  return Math.max(1, Math.ceil((Math.min(...times) - now) / 1000));
}

/**
 * The next step for a person reading a failure, by what went wrong: a host this machine cannot
 * reach is checked (and may be pointed elsewhere with its setting); a host that refuses or is
 * down is waited for; a page whose markup changed is probed and reported.
 */
export function upstreamHint(attempts: readonly Attempt[]): string {
  const hosts = (list: readonly Attempt[]) => [...new Set(list.map((a) => a.host ?? a.provider))].join(', ');
  const settings = [...new Set(attempts.flatMap((a) => a.settings ?? []))];
  const elsewhere = settings.length ? `; set ${settings.join(' or ')} to use another host` : '';
  const of = (...kinds: Attempt['kind'][]) => attempts.filter((a) => kinds.includes(a.kind));
  const parts: string[] = [];
  const unreachable = of('network', 'timeout');
  if (unreachable.length) parts.push(`check that this machine can reach ${hosts(unreachable)} (npm run probe tries every upstream)${elsewhere}`);
  const refusing = of('blocked', 'rate_limited');
  if (refusing.length) parts.push(`${hosts(refusing)} refused or limited this server's requests; retry after the Retry-After time`);
  const down = of('unavailable');
  if (down.length) parts.push(`${hosts(down)} is failing on its side; retry after the Retry-After time`);
  const changed = of('parse', 'bad_response');
  if (changed.length) parts.push(`${hosts(changed)} answered something this service cannot read (it may have changed); run npm run probe and report it`);
  const suspended = of('suspended');
  if (suspended.length && parts.length === 0)
    parts.push(`${hosts(suspended)} failed recently and is rested until the Retry-After time; npm run probe checks it now`);
  return parts.join('. ') || 'retry after the Retry-After time';
}

// Codes of failures that are the network's, not this service's: DNS, refused, reset, timeouts, TLS.
const NETWORK_FAILURE =
  /^(ENOTFOUND|EAI_|ENODATA|ESERVFAIL|ECONNREFUSED|ECONNRESET|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|ENETDOWN|EPIPE|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|CERT_|ERR_TLS|ERR_SSL|DEPTH_ZERO|UNABLE_TO|SELF_SIGNED)/;

/** A failure a job reports as its outcome (a crawl that stored nothing), not a bug. */
export class ReportedFailure extends Error {
  constructor(message: string) {
    // Its stack says only where the report was turned into an error: never worth a log line.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ReportedFailure';
  }
}

/**
 * The failure in one line when it is one the world causes (an upstream down, no network, a TLS
 * error, a timeout, a job reporting it stored nothing), else undefined: such a failure is logged
 * as one warn line without a stack, a bug at error level with its stack.
 */
export function expectedFailure(err: unknown): string | undefined {
  for (
    let e = err as { name?: string; code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e instanceof UpstreamError || e instanceof AllProvidersFailed || e instanceof ReportedFailure) return (err as Error).message ?? e.message;
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || (typeof e.code === 'string' && NETWORK_FAILURE.test(e.code))) {
      const msg = (err as Error).message ?? String(err);
      return e.code && !msg.includes(e.code) ? `${msg} (${e.code})` : msg;
    }
  }
  return undefined;
}
