// Every ProviderHealth of one app, by the group that owns it, so /health can list each
// upstream without the meta module importing the others (core holds the registry; each
// module hands its health over in create()). It also says when a parser has gone stale:
// a `parse` failure is logged at warn, once an hour per provider, not once per request.

import type { UpstreamError } from './errors.js';
import type { ProviderHealth, ProviderStatus } from './provider.js';

/** How often a stale parser is logged, per provider. */
export const PARSE_WARN_EVERY_MS = 3_600_000;

export interface UpstreamStatus extends ProviderStatus {
  /** The group (module, or price group) whose health this is. */
  group: string;
}

/** How many upstreams answered lately, how many fail, are rested, or were never asked. */
export interface UpstreamSummary {
  total: number;
  /** Their last call succeeded. */
  reachable: number;
  /** Their last call failed, and they are asked again. */
  failing: number;
  /** Failed and rested until their suspension ends. */
  suspended: number;
  /** Not asked since this process started. */
  unknown: number;
}

/** Counts a list of upstream records (each group's provider once). */
export function summarise(list: readonly ProviderStatus[]): UpstreamSummary {
  const out: UpstreamSummary = { total: list.length, reachable: 0, failing: 0, suspended: 0, unknown: 0 };
  for (const s of list) {
    if (s.suspended_until) out.suspended++;
    else if (s.consecutive_failures > 0) out.failing++;
    else if (s.last_success) out.reachable++;
    else out.unknown++;
  }
  return out;
}

/** The summary in a sentence, saying plainly when none of them answers. */
export function summaryText(u: UpstreamSummary): string {
  const rest = [u.failing && `${u.failing} failing`, u.suspended && `${u.suspended} suspended after failing`, u.unknown && `${u.unknown} not asked yet`]
    .filter(Boolean)
    .join(', ');
  const counted = `${u.reachable} of ${u.total} upstreams reachable${rest ? ` (${rest})` : ''}`;
  if (u.total > 0 && u.reachable === 0 && u.failing + u.suspended > 0) {
    return `${counted}: this machine may have no network access; answers that need an upstream fail until it has (npm run probe asks each one now)`;
  }
  return counted;
}

export type WarnLog = (fields: Record<string, unknown>, msg: string) => void;
/** Counts one failure (a metric). */
export type FailureCount = (group: string, provider: string, kind: string) => void;

export class ProviderHealthRegistry {
  private readonly tracked: { group: string; health: ProviderHealth }[] = [];
  private readonly warnedAt = new Map<string, number>();
  constructor(
    private readonly warn: WarnLog,
    private readonly now: () => number = Date.now,
    private readonly count: FailureCount = () => {},
  ) {}

  /**
   * Lists `health` under `group` (providers named in `expected` appear before their first
   * call) and logs its parse failures. Returns the health, so a field can be set in one line.
   */
  track(group: string, health: ProviderHealth, expected: readonly string[] = []): ProviderHealth {
    health.expect(expected);
    if (!this.tracked.some((t) => t.health === health)) {
      this.tracked.push({ group, health });
      health.onFailure((provider, err) => this.failed(group, provider, err));
    }
    return health;
  }

  /** Every tracked provider, grouped in the order the groups were tracked. */
  list(): UpstreamStatus[] {
    return this.tracked.flatMap(({ group, health }) => health.snapshot().map((s) => ({ group, ...s })));
  }

  private failed(group: string, provider: string, err: UpstreamError): void {
    this.count(group, provider, err.kind);
    if (err.kind !== 'parse') return;
    const last = this.warnedAt.get(provider);
    const now = this.now();
    if (last !== undefined && now - last < PARSE_WARN_EVERY_MS) return;
    this.warnedAt.set(provider, now);
    this.warn(
      { group, upstream: provider, err: err.message },
      `${provider}: the parser found nothing on a page that should have rows (the upstream may have changed its markup); run npm run probe`,
    );
  }
}
