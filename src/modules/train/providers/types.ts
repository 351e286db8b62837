// What every train upstream file exports: the operations it can serve, each written as pure
// request builders and parsers plus a small run() that wires them to an HTTP function.
// The service wraps these with core's boundProvider, so the shared failover and health apply.

import type { Config } from '../../../config.js';
import type { BoundHttp } from '../../../core/upstream/index.js';
import type { BetweenQuery, PnrStatus, ProviderTrain, TrainInfo, TrainRoute } from '../types.js';

/** One HTTP call bound to the provider's name, deadline and the caller's signal (core's BoundHttp). */
export type Http = BoundHttp;

export interface TrainUpstream {
  readonly name: string;
  /** Whether the between-stations answer carries fares (used by /train/live). */
  readonly quotesFares?: boolean;
  /** Whether an operation can run with this configuration (a missing key, say). */
  available?(op: TrainOp, cfg: Config): boolean;
  between?(q: BetweenQuery, http: Http, cfg: Config): Promise<ProviderTrain[]>;
  info?(number: string, http: Http, cfg: Config): Promise<TrainInfo>;
  route?(number: string, http: Http, cfg: Config): Promise<TrainRoute>;
  pnr?(pnr: string, http: Http, cfg: Config): Promise<PnrStatus>;
}

export type TrainOp = 'between' | 'info' | 'route' | 'pnr';
