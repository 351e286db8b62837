// A state's importer: where its corporation publishes the current price list, and how that
// list reads. One file per state; the job runs each of them (Kerala first).

import type { BoundHttp } from '../../../core/upstream/index.js';
import type { ParsedList } from '../types.js';

/** The list file as fetched, with where it came from. */
export interface FetchedList {
  url: string;
  body: Buffer;
}

export interface StateImporter {
  /** The `state` parameter's value, e.g. "kerala". */
  readonly state: string;
  /** Display name of the state. */
  readonly stateName: string;
  /** Who publishes the list (shown as the source). */
  readonly authority: string;
  /** Upstream name (health, metrics, logs). */
  readonly upstream: string;
  /** Finds and downloads the current list. */
  fetchList(http: BoundHttp): Promise<FetchedList>;
  /** Reads a list file into its printed rows (no checks beyond the layout: the gates do those). */
  parse(file: Uint8Array): Promise<ParsedList>;
}
