// Who gets /health's full report (every upstream's record, the jobs' last errors) and who the
// summary (HEALTH_DETAILS; docs/decisions/health-details.md). The full report is for the
// operator: the same bearer token that opens /metrics opens it, and with no token set it is as
// open as /metrics is.

import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { secretMatcher } from '../../core/http/guards.js';

export interface HealthDetails {
  /** Whether this request gets the full report. */
  shows(req: Pick<FastifyRequest, 'headers'>): boolean;
  /** Whether the answer depends on the Authorization header (caches must then keep one per value). */
  readonly varies: boolean;
}

export function healthDetails(config: Pick<Config, 'HEALTH_DETAILS' | 'METRICS_TOKEN'>): HealthDetails {
  const mode = config.HEALTH_DETAILS;
  if (mode === 'off') return { shows: () => false, varies: false };
  if (mode === 'public' || !config.METRICS_TOKEN) return { shows: () => true, varies: false };
  const valid = secretMatcher([config.METRICS_TOKEN]);
  return {
    shows(req) {
      const given = req.headers.authorization;
      if (given === undefined) return false;
      const m = /^Bearer (.+)$/.exec(given);
      return m !== null && valid(m[1]!);
    },
    varies: true,
  };
}
