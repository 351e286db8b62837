// The provider interface and its health: a provider that fails is suspended for a time
// set by the kind of failure (longer for a block than for a timeout), doubling while it
// keeps failing, as SearXNG suspends engines. Retry-After, when sent, wins.

import type { FailureKind } from './errors.js';
import { UpstreamError } from './errors.js';
import type { UpstreamFetch, UpstreamRequest, UpstreamResponse } from './http.js';

export interface ProviderContext {
  /** Aborts when the caller's budget runs out. */
  signal: AbortSignal;
  /** Milliseconds this provider may take. */
  timeoutMs: number;
}

export interface Provider<I, O> {
  readonly name: string;
  run(input: I, ctx: ProviderContext): Promise<O>;
}

/** One upstream described as a pure request builder and a pure parser. */
export interface HttpProviderSpec<I, O> {
  name: string;
  request(input: I): UpstreamRequest;
  parse(res: UpstreamResponse, input: I): O;
}

/** One HTTP call bound to a provider's name, the caller's signal and what is left of its budget. */
export type BoundHttp = (req: UpstreamRequest) => Promise<UpstreamResponse>;

/**
 * A provider whose work may take several calls (a search, then a detail page): `run` gets an
 * HTTP function already bound to the provider. `callTimeoutMs` caps one call (default: the
 * whole budget left).
 */
export function boundProvider<I, O>(
  name: string,
  fetch: UpstreamFetch,
  run: (input: I, http: BoundHttp) => Promise<O>,
  opts: { callTimeoutMs?: number } = {},
): Provider<I, O> {
  return {
    name,
    run: (input, ctx) =>
      run(input, (req) =>
        fetch(name, { ...req, signal: ctx.signal, timeoutMs: Math.min(req.timeoutMs ?? opts.callTimeoutMs ?? ctx.timeoutMs, ctx.timeoutMs) }),
      ),
  };
}

/** Wires a pure request/parse pair to the fetch client: one call, one parse. */
export function httpProvider<I, O>(spec: HttpProviderSpec<I, O>, fetch: UpstreamFetch): Provider<I, O> {
  return boundProvider(spec.name, fetch, async (input, http) => spec.parse(await http(spec.request(input)), input));
}

/** Base suspension per failure kind, in ms. not_found is an answer, not a failure. */
export const DEFAULT_SUSPENSION: Record<FailureKind, number> = {
  timeout: 30_000,
  network: 30_000,
  unavailable: 30_000,
  bad_response: 60_000,
  // A parser gone stale does not mend in a minute, but a page served from an A/B test or a
  // half-deployed site may: sit out two minutes, doubling while it keeps failing.
  parse: 120_000,
  rate_limited: 120_000,
  blocked: 600_000,
  not_found: 0,
};

const MAX_SUSPENSION_MS = 3_600_000;

interface State {
  /** Consecutive failures since the last success (the back-off doubles with each). */
  failures: number;
  until: number;
  lastKind?: FailureKind;
  lastFailureAt?: number;
  /** The host of the last failure, and the settings that point there (for a suspended provider's message). */
  lastHost?: string;
  lastSettings?: string[];
  lastOkAt?: number;
}

/** One provider's record, as /health shows it. */
export interface ProviderStatus {
  provider: string;
  last_success: string | null;
  last_failure: string | null;
  last_failure_kind: FailureKind | null;
  consecutive_failures: number;
  suspended_until: string | null;
}

/** Told of every failure that counts (the registry logs parse failures from it). */
export type FailureListener = (provider: string, err: UpstreamError) => void;

/** Per-process health of named providers. */
export class ProviderHealth {
  private readonly state = new Map<string, State>();
  private readonly listeners: FailureListener[] = [];
  constructor(
    private readonly suspension: Partial<Record<FailureKind, number>> = {},
    private readonly now: () => number = Date.now,
  ) {}

  suspendedUntil(name: string): number {
    const s = this.state.get(name);
    return s && s.until > this.now() ? s.until : 0;
  }

  /** The host a provider last failed on, and the settings naming it (undefined before a failure). */
  lastFailedHost(name: string): { host?: string; settings?: string[] } {
    const s = this.state.get(name);
    return { host: s?.lastHost, settings: s?.lastSettings };
  }

  /** Names providers before they are first asked, so a status lists them from the start. */
  expect(names: readonly string[]): this {
    for (const n of names) if (!this.state.has(n)) this.state.set(n, { failures: 0, until: 0 });
    return this;
  }

  onFailure(listener: FailureListener): void {
    this.listeners.push(listener);
  }

  ok(name: string): void {
    const s = this.state.get(name) ?? { failures: 0, until: 0 };
    s.failures = 0;
    s.until = 0;
    s.lastOkAt = this.now();
    this.state.set(name, s);
  }

  failed(name: string, err: UpstreamError): void {
    const base = this.suspension[err.kind] ?? DEFAULT_SUSPENSION[err.kind];
    if (base <= 0) return;
    const s = this.state.get(name) ?? { failures: 0, until: 0 };
    s.failures += 1;
    s.lastKind = err.kind;
    s.lastFailureAt = this.now();
    s.lastHost = err.details.host;
    s.lastSettings = err.details.settings;
    const backoff = Math.min(base * 2 ** (s.failures - 1), MAX_SUSPENSION_MS);
    s.until = this.now() + (err.details.retryAfterMs ?? backoff);
    this.state.set(name, s);
    // A listener (a log line) must never turn a provider failure into a failed failover.
    for (const l of this.listeners) {
      try {
        l(name, err);
      } catch {
        /* ignored */
      }
    }
  }

  /** Every provider this health has seen or was told to expect, in the order it met them. */
  snapshot(): ProviderStatus[] {
    const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());
    return [...this.state].map(([provider, s]) => ({
      provider,
      last_success: iso(s.lastOkAt),
      last_failure: iso(s.lastFailureAt),
      last_failure_kind: s.lastKind ?? null,
      consecutive_failures: s.failures,
      suspended_until: s.until > this.now() ? iso(s.until) : null,
    }));
  }
}

/** Any error from a provider, as an UpstreamError (a parser's TypeError is a bad response). */
export function asUpstreamError(provider: string, err: unknown): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new UpstreamError(provider, 'bad_response', `${provider}: ${msg}`);
}
