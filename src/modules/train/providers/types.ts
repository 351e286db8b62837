// What every train upstream file exports: the operations it can serve, each written as pure
// request builders and parsers plus a small run() that wires them to an HTTP function, built
// from the upstream's own settings (its declaration names them; providers/index.ts lists them).
// The service wraps these with core's boundProvider, so the shared failover and health apply.

import type { BoundHttp } from '../../../core/upstream/index.js';
import type { BetweenQuery, PnrStatus, ProviderTrain, TrainInfo, TrainRoute } from '../types.js';

/** One HTTP call bound to the provider's name, deadline and the caller's signal (core's BoundHttp). */
export type Http = BoundHttp;

export interface TrainUpstream {
  readonly name: string;
  /** Whether the between-stations answer carries fares (used by /train/live). */
  readonly quotesFares?: boolean;
  /** Whether an operation can run with the upstream's settings (a missing key, say). */
  available?(op: TrainOp): boolean;
  between?(q: BetweenQuery, http: Http): Promise<ProviderTrain[]>;
  info?(number: string, http: Http): Promise<TrainInfo>;
  route?(number: string, http: Http): Promise<TrainRoute>;
  pnr?(pnr: string, http: Http): Promise<PnrStatus>;
}

export type TrainOp = 'between' | 'info' | 'route' | 'pnr';
