// The data loads of one app (offline data files opened, catch-up crawls and imports): each runs
// after the server listens, never inside a framework hook with a fixed timeout, and each reports
// its state here, so /health/ready can say what is still loading and a route whose data is not
// there yet can answer 503 "loading" with Retry-After instead of waiting or failing.

import { ApiError } from './errors.js';

/** `stopped`: the server began shutting down before the load ended (it never loaded). */
export type LoadState = 'waiting' | 'loading' | 'ready' | 'failed' | 'stopped';

/** Thrown by a load that gave up because the server is stopping: it did not fail, and did not load. */
export class LoadStopped extends Error {
  constructor(name: string) {
    super(`${name}: the server stopped before it loaded`);
    this.name = 'LoadStopped';
  }
}

export interface LoadStatus {
  name: string;
  /** What is loaded, for a person ("the IP location data (DB-IP City Lite, ASN)"). */
  what: string;
  state: LoadState;
  /** When the current state began (ISO 8601); null while waiting. */
  since: string | null;
  /** How long the load took, once it ended. */
  took_ms: number | null;
  /** Why it failed, in the service's words. */
  error: string | null;
}

/** A load a module declares: run once the server listens. */
export interface DataLoad {
  /** Unique across modules, e.g. "ip-data". */
  readonly name: string;
  readonly what: string;
  run(): Promise<void>;
}

/** Seconds a client is told to wait while something loads: most loads end within seconds. */
export const LOADING_RETRY_AFTER_S = 5;

interface Entry {
  status: LoadStatus;
  started?: number;
  done?: Promise<void>;
}

export class Loads {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: ((s: LoadStatus) => void)[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Declares a load (state `waiting`) so it is listed before it starts. */
  declare(name: string, what: string): void {
    if (!this.entries.has(name)) this.entries.set(name, { status: { name, what, state: 'waiting', since: null, took_ms: null, error: null } });
  }

  /** Called with a load's status each time it ends (ready, failed or stopped). */
  onEnd(listener: (s: LoadStatus) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Runs `load` once: a second call while it runs, or after it succeeded, returns the same
   * promise. A failed load may be run again. Never rejects: the failure is its state.
   */
  run(load: DataLoad): Promise<void> {
    this.declare(load.name, load.what);
    const entry = this.entries.get(load.name)!;
    if (entry.done && entry.status.state !== 'failed') return entry.done;
    entry.started = performance.now();
    entry.status = { ...entry.status, state: 'loading', since: this.now().toISOString(), took_ms: null, error: null };
    entry.done = load.run().then(
      () => this.end(entry, 'ready', null),
      (err: unknown) => this.end(entry, err instanceof LoadStopped ? 'stopped' : 'failed', err instanceof Error ? err.message : String(err)),
    );
    return entry.done;
  }

  private end(entry: Entry, state: 'ready' | 'failed' | 'stopped', error: string | null): void {
    entry.status = { ...entry.status, state, since: this.now().toISOString(), took_ms: Math.round(performance.now() - (entry.started ?? 0)), error };
    for (const l of this.listeners) l(entry.status);
  }

  state(name: string): LoadState | undefined {
    return this.entries.get(name)?.status.state;
  }

  list(): LoadStatus[] {
    return [...this.entries.values()].map((e) => e.status);
  }

  /** Names of the loads not ended yet (waiting or loading). */
  pending(): string[] {
    return this.list()
      .filter((s) => s.state === 'waiting' || s.state === 'loading')
      .map((s) => s.name);
  }

  /**
   * The 503 a route answers while its data is not there: what is happening, since when, and
   * when to ask again. `name` must be declared.
   */
  notReadyError(name: string): ApiError {
    const s = this.entries.get(name)?.status;
    const what = s?.what ?? name;
    const retry = { 'retry-after': String(LOADING_RETRY_AFTER_S) };
    if (s?.state === 'failed') {
      return new ApiError(
        'NOT_READY',
        `${what} could not be loaded (${s.error}); it is tried again on the next request`,
        { state: 'failed', load: name, since: s.since },
        retry,
      );
    }
    const since = s?.since ? ` since ${s.since}` : '';
    return new ApiError(
      'NOT_READY',
      `${what} is loading${since}; this server started moments ago: retry in ${LOADING_RETRY_AFTER_S} s`,
      { state: s?.state ?? 'waiting', load: name, since: s?.since ?? null },
      retry,
    );
  }
}
