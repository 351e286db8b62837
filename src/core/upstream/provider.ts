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
      run(input, (req) => fetch(name, { ...req, signal: ctx.signal, timeoutMs: Math.min(req.timeoutMs ?? opts.callTimeoutMs ?? ctx.timeoutMs, ctx.timeoutMs) })),
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
  rate_limited: 120_000,
  blocked: 600_000,
  not_found: 0,
};

const MAX_SUSPENSION_MS = 3_600_000;

interface State {
  failures: number;
  until: number;
  lastKind?: FailureKind;
}

/** Per-process health of named providers. */
export class ProviderHealth {
  private readonly state = new Map<string, State>();
  constructor(
    private readonly suspension: Partial<Record<FailureKind, number>> = {},
    private readonly now: () => number = Date.now,
  ) {}

  suspendedUntil(name: string): number {
    const s = this.state.get(name);
    return s && s.until > this.now() ? s.until : 0;
  }

  ok(name: string): void {
    this.state.delete(name);
  }

  failed(name: string, err: UpstreamError): void {
    const base = this.suspension[err.kind] ?? DEFAULT_SUSPENSION[err.kind];
    if (base <= 0) return;
    const s = this.state.get(name) ?? { failures: 0, until: 0 };
    s.failures += 1;
    s.lastKind = err.kind;
    const backoff = Math.min(base * 2 ** (s.failures - 1), MAX_SUSPENSION_MS);
    s.until = this.now() + (err.details.retryAfterMs ?? backoff);
    this.state.set(name, s);
  }

  snapshot(): Record<string, { suspended_until: string | null; failures: number; last_kind: string | null }> {
    const out: ReturnType<ProviderHealth['snapshot']> = {};
    for (const [name, s] of this.state) {
      out[name] = {
        suspended_until: s.until > this.now() ? new Date(s.until).toISOString() : null,
        failures: s.failures,
        last_kind: s.lastKind ?? null,
      };
    }
    return out;
  }
}

/** Any error from a provider, as an UpstreamError (a parser's TypeError is a bad response). */
export function asUpstreamError(provider: string, err: unknown): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new UpstreamError(provider, 'bad_response', `${provider}: ${msg}`);
}
