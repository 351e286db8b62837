// What a module (one endpoint group) is, and what it is given: a factory that makes one
// instance per app from the shared context and the ports other modules provide. Modules
// declare routes, migrations and jobs; app.ts wires them. Core never imports a module.

import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Cache } from './cache/index.js';
import type { AppMigration, Database } from './db/index.js';
import type { Lock, Scheduler } from './jobs/index.js';
import type { ProbeSpec, ProviderHealthRegistry, UpstreamFetch } from './upstream/index.js';
import type { Envelope } from './errors.js';
import type { Ports } from './ports.js';
import type { Metrics } from './metrics.js';
import type { DataLoad, Loads } from './loads.js';
import type { WorkPool } from './work/index.js';
import type { Slots } from './slots.js';

/** The Fastify instance modules get: TypeBox schemas give validation and types. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface AppContext {
  readonly config: Config;
  readonly db: Database;
  readonly cache: Cache;
  /** Present when REDIS_URL is set. */
  readonly redis?: Redis;
  readonly lock: Lock;
  readonly scheduler: Scheduler;
  /** Upstream HTTP bound to the service's User-Agent, deadline and size cap. */
  readonly fetch: UpstreamFetch;
  readonly log: FastifyBaseLogger;
  /** Prometheus counters of this app (GET /metrics). */
  readonly metrics: Metrics;
  /** Every module's ProviderHealth, tracked here so /health lists each upstream. */
  readonly providerHealth: ProviderHealthRegistry;
  /** The data loads of this app and their state (/health/ready lists those still loading). */
  readonly loads: Loads;
  /** Worker threads for CPU-heavy work on outside input (pages, festival years): never on the event loop. */
  readonly work: WorkPool;
  /** The clock (tests pin it). */
  now(): Date;
  /**
   * Slots for rasterising (RASTER_CONCURRENCY at once, RASTER_QUEUE_MAX waiting): run every
   * image through `raster.run`; a full queue or a long wait throws a 503 with Retry-After.
   */
  readonly raster: Slots;
}

/** What a job reports when it ends: `ok` false is a failed run (shown by /health). */
export interface JobReport {
  ok: boolean;
  /** A few lines for a person (`npm run crawl` prints them). */
  lines: readonly string[];
}

/** How one run of a job is told to stop, and where it may say what it is doing. */
export interface JobRun {
  /** Aborts when the lock is lost or the process stops: stop soon, store nothing half-done. */
  signal: AbortSignal;
  /** A line of progress, for a person watching (`npm run crawl`); absent when scheduled. */
  progress?(line: string): void;
  /** A local file to import instead of fetching (`npm run import -- liquor --file list.pdf`); only for jobs with `takesFile`. */
  file?: string;
  /** Further `--name value` options given on the command line (e.g. `--state kerala`). */
  options?: Readonly<Record<string, string>>;
}

/** A job a module declares; the app schedules it through the single-runner lock. */
export interface JobSpec {
  /** Unique across modules, e.g. "fuel-crawl". */
  readonly name: string;
  /** Cron pattern in Asia/Kolkata. */
  readonly schedule: string;
  /** The longest a run may hold its lock (its signal aborts then). */
  readonly maxMs?: number;
  /** `npm run crawl` runs it (crawls and data imports; not housekeeping such as reference refreshes). */
  readonly onDemand?: boolean;
  /** It can import a local file instead of fetching; says what file (shown by `npm run import -- --help`). */
  readonly takesFile?: string;
  run(run: JobRun): Promise<JobReport>;
  /**
   * Run at start, after the server listens, while the stored data is missing or out of date
   * (only on instances that run jobs): a restart must not leave yesterday's data up until the
   * next scheduled run. Retried with backoff; another instance holding the lock is waited for.
   */
  readonly catchUp?: CatchUp;
}

export interface CatchUp {
  /** Whether the stored data is missing or out of date; asked before each try. */
  needed(): Promise<boolean>;
  /** When another instance holds the lock, how long before asking again (default JOB_LOCK_LEASE_MS). */
  readonly lockRetryMs?: number;
}

/** One module made for one app: everything it holds lives here, not in module-level state. */
export interface ModuleInstance {
  /** Registers the module's routes. */
  routes(app: App): void | Promise<void>;
  /** Scheduled work (crawls, imports, reference refreshes). */
  readonly jobs?: readonly JobSpec[];
  /** Live checks of each upstream's parser, run by `npm run probe` (never by the server). */
  readonly probes?: readonly ProbeSpec[];
  /**
   * Data the module opens or warms once the server listens (large files, parsers): run in the
   * background, each reporting its state in ctx.loads. A route whose load has not ended answers
   * 503 "loading" (ctx.loads.notReadyError) rather than waiting for it.
   */
  readonly loads?: readonly DataLoad[];
  /** Frees what the instance holds (pools, timers). */
  close?(): void | Promise<void>;
}

/**
 * An endpoint group: its description, its migrations, and the factory of its instance.
 * `I` lets a module expose more than the routes (fuel exposes its service to the crawl tests).
 */
export interface JankariModule<I extends ModuleInstance = ModuleInstance> {
  /** Short name, e.g. "numerology". */
  readonly name: string;
  /** Title and one line for the landing listing. */
  readonly title: string;
  readonly description: string;
  /** Migration names must start with the module name: "fuel_0001_init". */
  readonly migrations?: Record<string, AppMigration>;
  /** Builds the module for one app. No I/O here: the database is migrated after every create. */
  create(ctx: AppContext, ports: Ports): I;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error body style: the web endpoints use { success:false, error }. */
    envelope?: Envelope;
    /** One example URL shown on the landing listing. */
    example?: string;
    /** Needs x-api-key when API_KEYS is set. */
    apiKey?: boolean;
    /** Clients may keep a successful answer this long (Cache-Control max-age); unset = revalidate each time. */
    maxAgeS?: number;
    /** The API this route mirrors (Firecrawl's): what of it this service lacks answers 501 NOT_SUPPORTED, which the API document lists. */
    mirrors?: string;
    /** The group (module title) the route belongs to; set by the app, read by the API documents. */
    group?: string;
  }
}
