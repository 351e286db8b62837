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
