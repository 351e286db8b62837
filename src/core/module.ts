// What a module (one endpoint group) is, and what it is given. Modules register routes,
// migrations and jobs; app.ts wires them. Core never imports a module.

import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Cache } from './cache/index.js';
import type { AppMigration, Database } from './db/index.js';
import type { Lock, Scheduler } from './jobs/index.js';
import type { UpstreamFetch } from './upstream/index.js';
import type { Envelope } from './errors.js';

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
  /** The clock (tests pin it). */
  now(): Date;
}

export interface JankariModule {
  /** Short name, e.g. "numerology". */
  readonly name: string;
  /** Title and one line for the landing listing. */
  readonly title: string;
  readonly description: string;
  /** Migration names must start with the module name: "fuel_0001_init". */
  readonly migrations?: Record<string, AppMigration>;
  /** Registers the module's routes (and jobs, through ctx.scheduler). */
  register(app: App, ctx: AppContext): Promise<void> | void;
  /** Called once the server listens (a crawl at start, say). Must not throw. */
  onReady?(ctx: AppContext): Promise<void> | void;
  /** Frees what the module holds (pools, timers). */
  close?(): Promise<void> | void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error body style: the web endpoints use { success:false, error }. */
    envelope?: Envelope;
    /** One example URL shown on the landing listing. */
    example?: string;
    /** Needs x-api-key when API_KEYS is set. */
    apiKey?: boolean;
  }
}
