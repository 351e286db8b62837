// Response schemas of the service group: the listing (/), /health and its two probes. /health is
// sent as text already serialized (health.ts), so its schema only documents it; the others also
// drive the serializer, so every field the routes return is listed.

import { FAILURE_KINDS } from '../../core/upstream/index.js';
import { ContentTypes, Ok, StringOf, Type, type Static } from '../../core/schema.js';
import { LANGS } from '../../core/langs.js';

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const Param = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'its JSON Schema type: string, integer, number, boolean' }),
  required: Type.Boolean(),
  default: Type.Optional(Type.Unknown({ description: 'the value used when it is not given' })),
  rule: Type.Optional(Type.String({ description: 'what a valid value is, in words' })),
});

const Endpoint = Type.Object({
  path: Type.String({ description: 'the route as registered, with :name for a path parameter' }),
  summary: Type.String(),
  params: Type.Array(Param, { description: 'path and query parameters' }),
  example: Type.Optional(Type.String({ description: 'a request to try' })),
});

export const ListingResponse = Type.Object({
  status: Ok,
  name: Type.String(),
  version: Type.String(),
  auth: Type.String({ description: 'whether and where this server requires an API key' }),
  docs: Type.String({ description: 'path of the interactive documentation' }),
  openapi: Type.String({ description: 'path of the OpenAPI document' }),
  groups: Type.Array(Type.Object({ name: Type.String(), title: Type.String(), description: Type.String(), endpoints: Type.Array(Endpoint) }), {
    description: 'every endpoint group this server serves, with its endpoints',
  }),
});

/** / answers the listing as JSON, or as a page for a browser (Accept: text/html). */
export const ListingAnswers = ContentTypes('The listing as JSON; browsers (Accept: text/html) get it as a page with a form per endpoint', {
  'application/json': ListingResponse,
  'text/html': Type.String({ description: 'the same listing as an HTML page' }),
});

const DependencyStatus = StringOf(['up', 'down'] as const);
const LatencyMs = Type.Number({ description: 'how long the check took, ms' });
const CacheStatus = StringOf(['up', 'degraded', 'down'] as const, 'degraded: the shared cache is away and the in-process one stands in');

export const HealthResponse = Type.Object(
  {
    status: StringOf(['ok', 'error'] as const, 'error (with status 503) when a required dependency is down'),
    message: Type.String({
      description:
        'the state in a sentence: a required dependency down, and how many upstreams answer (it says so when none does; upstreams never turn status to error)',
    }),
    upstream_summary: Type.Object(
      {
        total: Type.Integer(),
        reachable: Type.Integer({ description: 'their last call succeeded' }),
        failing: Type.Integer({ description: 'their last call failed; asked again on the next request' }),
        suspended: Type.Integer({ description: 'failed and rested until their suspension ends' }),
        unknown: Type.Integer({ description: 'not asked since this process started' }),
      },
      { description: "the upstreams (each group's provider once) by their recent record; the list itself is in the full report" },
    ),
    version: Type.String(),
    uptime_s: Type.Integer(),
    started_at: Type.String({ description: 'ISO 8601' }),
    checked_at: Type.String({ description: 'when the dependencies were last checked (at most a second ago), ISO 8601' }),
    dependencies: Type.Object({
      database: Type.Object({ status: DependencyStatus, kind: StringOf(['sqlite', 'postgres'] as const), latency_ms: LatencyMs, required: Type.Literal(true) }),
      cache: Type.Object({
        status: CacheStatus,
        kind: StringOf(['memory', 'redis'] as const),
        latency_ms: LatencyMs,
        required: Type.Literal(true),
        reason: Type.Optional(Type.String({ description: 'why the cache is degraded, when it is' })),
      }),
      scheduler: Type.Object({
        status: StringOf(['enabled', 'disabled'] as const, 'whether this instance runs the scheduled jobs'),
        lock: StringOf(['memory', 'redis', 'postgres'] as const, 'where the single-runner lock lives'),
        jobs: Type.Array(
          Type.Object({
            name: Type.String(),
            running: Type.Boolean(),
            last_end: NullableString('when its last run ended, ISO 8601'),
            last_error: Type.Optional(NullableString('the error of its last run, when it failed (in the full report only: HEALTH_DETAILS)')),
            next_run: NullableString('when it runs next, ISO 8601 (null when the scheduler is off)'),
          }),
        ),
        required: Type.Literal(false),
      }),
      browser: Type.Optional(
        Type.Object(
          {
            status: StringOf(
              ['up', 'idle', 'down'] as const,
              'up: connected; idle: not started yet, and it could be (the binary is there, the remote tier answers); down: it could not',
            ),
            tier: StringOf(['local', 'remote'] as const, 'launched by this instance (BROWSER_PATH), or a browser tier reached over the network'),
            kind: StringOf(['local', 'playwright', 'cdp'] as const, 'playwright: BROWSER_WS_ENDPOINT; cdp: BROWSER_CDP_URL'),
            address: Type.Optional(Type.String({ description: 'the binary, or the remote address without its path and query (in the full report only)' })),
            connected: Type.Boolean(),
            reachable: Type.Boolean({ description: 'connected, or the binary is there / the remote address takes connections' }),
            contexts_in_use: Type.Integer({ description: 'pages being rendered now' }),
            contexts_max: Type.Integer({ description: 'BROWSER_CONTEXTS' }),
            waiting: Type.Integer({ description: 'requests queued for a context' }),
            required: Type.Literal(false),
          },
          { description: 'the browser of /screenshot and render=1, when this server runs that module; never makes the service unhealthy' },
        ),
      ),
    }),
    loads: Type.Array(
      Type.Object({
        name: Type.String(),
        what: Type.String(),
        state: StringOf(['waiting', 'loading', 'retrying', 'ready', 'failed', 'stopped'] as const),
        since: NullableString('when the current state began, ISO 8601'),
        took_ms: Type.Union([Type.Integer(), Type.Null()], { description: 'how long the load took, once it ended' }),
        error: NullableString('why it failed (with retrying: why the last try failed)'),
        next_try: NullableString('with retrying: when the next try is due, ISO 8601'),
      }),
      { description: 'the data this instance loads after it starts listening (offline data files, catch-up crawls and imports) and the state of each' },
    ),
    upstreams: Type.Optional(
      Type.Array(
        Type.Object({
          group: Type.String(),
          provider: Type.String(),
          last_success: NullableString('ISO 8601'),
          last_failure: NullableString('ISO 8601'),
          last_failure_kind: Type.Union([StringOf(FAILURE_KINDS), Type.Null()]),
          consecutive_failures: Type.Integer(),
          suspended_until: NullableString('until when the provider is skipped after failures, ISO 8601'),
        }),
        {
          description:
            'every upstream this process has asked (or will ask), with its recent record; an upstream never makes the service unhealthy. In the full report only: to requests with Authorization: Bearer <METRICS_TOKEN>, or to anyone as HEALTH_DETAILS allows',
        },
      ),
    ),
  },
  { description: 'The report; the same body answers 503 when a required dependency (database, cache) is down' },
);
export type HealthResponse = Static<typeof HealthResponse>;

export const LiveResponse = Type.Object({ status: Ok }, { description: 'The process answers' });

export const ReadyResponse = Type.Object(
  {
    status: StringOf(['ok', 'error'] as const),
    database: DependencyStatus,
    cache: CacheStatus,
    loading: Type.Array(Type.String(), {
      description: 'data loads not ended yet (see loads in /health); their routes answer 503 "loading" meanwhile, the rest serve',
    }),
  },
  { description: 'The database and the cache answer; the same body with status error answers 503 when one does not' },
);
export type ReadyResponse = Static<typeof ReadyResponse>;

/** `/`'s query: the language of the landing page calendar's names (the JSON listing ignores it). */
export const ListingQuery = Type.Object(
  {
    lang: Type.Optional(
      StringOf(
        LANGS,
        "the language of the landing page calendar's names (tithi, weekday, observances; English where no cited table has one), as /panchang/month's lang",
      ),
    ),
  },
  { additionalProperties: false },
);
