// The one schema for every setting, and the only file that reads process.env.
// Each setting is a row: its environment name, type, default and a line of docs.
// `npm run config:doc` prints the README table from these rows, so the two never drift.

type Kind = 'string' | 'int' | 'bool' | 'list' | 'url' | 'enum';

interface Setting {
  env: string;
  kind: Kind;
  default?: string; // as it would be written in the environment; absent = optional, no value
  doc: string;
  min?: number;
  max?: number;
  values?: readonly string[]; // for enum
  secret?: boolean; // never printed (API keys)
}

/** Every setting of the service. Modules add their rows in their own section. */
export const SETTINGS = [
  // --- server ---
  { env: 'PORT', kind: 'int', default: '8080', min: 0, max: 65535, doc: 'TCP port to listen on' },
  { env: 'HOST', kind: 'string', default: '0.0.0.0', doc: 'Interface to bind' },
  { env: 'LOG_LEVEL', kind: 'enum', default: 'info', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], doc: 'pino log level' },
  { env: 'PUBLIC_BASE_URL', kind: 'url', doc: 'Public address of this service, used in absolute links (liquor images); defaults to the request host' },
  { env: 'TRUST_PROXY', kind: 'string', default: 'false', doc: 'When X-Forwarded-For is believed: false, true, a hop count, or a comma list of proxy IPs/CIDRs' },
  { env: 'CORS_ORIGIN', kind: 'string', default: '*', doc: 'Access-Control-Allow-Origin value' },
  { env: 'SHUTDOWN_GRACE_MS', kind: 'int', default: '10000', min: 0, max: 600000, doc: 'How long in-flight requests may finish on SIGTERM' },
  { env: 'MAX_EVENT_LOOP_DELAY_MS', kind: 'int', default: '0', min: 0, max: 60000, doc: 'Answer 503 while the event loop lags more than this (0 = off)' },
  // --- storage and cache ---
  { env: 'DATABASE_URL', kind: 'string', default: 'sqlite:./data/jankari.db', doc: 'sqlite:<path> (or sqlite::memory:) or postgres://user@host:port/db' },
  { env: 'DATABASE_POOL_MAX', kind: 'int', default: '10', min: 1, max: 200, doc: 'PostgreSQL pool size' },
  { env: 'REDIS_URL', kind: 'url', doc: 'redis://host:port/db — shared cache, rate limits and locks across instances; unset = in-process' },
  { env: 'CACHE_PREFIX', kind: 'string', default: 'jankari:', doc: 'Key prefix in Redis (lets instances of different deployments share one Redis)' },
  { env: 'CACHE_MAX_ENTRIES', kind: 'int', default: '20000', min: 100, max: 10000000, doc: 'In-memory cache size (entries) when Redis is not used' },
  // --- access ---
  { env: 'API_KEYS', kind: 'list', secret: true, doc: 'Comma list of keys; when set, /search, /fetch, /crawl, /map and /v1/* require x-api-key' },
  { env: 'RATE_LIMIT_MAX', kind: 'int', default: '300', min: 0, max: 1000000, doc: 'Requests per client per window (0 = no limit)' },
  { env: 'RATE_LIMIT_WINDOW_MS', kind: 'int', default: '60000', min: 1000, max: 86400000, doc: 'Rate-limit window' },
  // --- upstreams (shared) ---
  { env: 'UPSTREAM_TIMEOUT_MS', kind: 'int', default: '8000', min: 100, max: 120000, doc: 'Default deadline of one upstream call' },
  { env: 'UPSTREAM_MAX_BYTES', kind: 'int', default: '10485760', min: 1024, max: 1073741824, doc: 'Largest upstream body read' },
  { env: 'USER_AGENT', kind: 'string', default: 'jankari/0.1 (+https://github.com/jankari; self-hosted API)', doc: 'User-Agent sent to upstreams' },
  // --- jobs ---
  { env: 'SCHEDULER_ENABLED', kind: 'bool', default: 'true', doc: 'Run scheduled crawls in this instance (one runner at a time across instances)' },
  // --- section: numerology --- (no settings)
  // --- section: astro ---
  // --- section: fetch ---
  // --- section: search ---
  // --- section: prices ---
  // --- section: lookups (gst, ip, weather, domain) ---
  // --- section: train ---
] as const satisfies readonly Setting[];

type Row = (typeof SETTINGS)[number];
type ValueOf<R extends Row> = R['kind'] extends 'int'
  ? number
  : R['kind'] extends 'bool'
    ? boolean
    : R['kind'] extends 'list'
      ? string[]
      : string;
type HasDefault<R extends Row> = R extends { default: string } ? true : R['kind'] extends 'list' ? true : false;

/** Settings keyed by environment name; optional ones are undefined when unset. */
export type Config = {
  [R in Row as R['env']]: HasDefault<R> extends true ? ValueOf<R> : ValueOf<R> | undefined;
};

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`invalid setting ${setting}: ${message}`);
    this.name = 'ConfigError';
  }
}

function parseValue(s: Setting, raw: string): unknown {
  switch (s.kind) {
    case 'string':
      return raw;
    case 'int': {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(s.env, `"${raw}" is not an integer`);
      const n = Number(raw);
      if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) {
        throw new ConfigError(s.env, `${n} is outside ${s.min} to ${s.max}`);
      }
      return n;
    }
    case 'bool': {
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new ConfigError(s.env, `"${raw}" is not a boolean (true/false)`);
    }
    case 'list':
      return raw
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    case 'url': {
      try {
        new URL(raw);
      } catch {
        throw new ConfigError(s.env, `"${raw}" is not a URL`);
      }
      return raw.replace(/\/+$/, '');
    }
    case 'enum':
      if (!s.values!.includes(raw)) throw new ConfigError(s.env, `"${raw}" is not one of ${s.values!.join(', ')}`);
      return raw;
  }
}

/**
 * Builds the config from an environment (process.env by default). Throws ConfigError
 * naming the first invalid setting; unknown variables are ignored.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS as readonly Setting[]) {
    const raw = env[s.env];
    if (raw !== undefined && raw !== '') out[s.env] = parseValue(s, raw);
    else if (s.default !== undefined) out[s.env] = parseValue(s, s.default);
    else out[s.env] = s.kind === 'list' ? [] : undefined;
  }
  const cfg = out as Config;
  validateCrossField(cfg);
  return Object.freeze(cfg);
}

function validateCrossField(cfg: Config): void {
  const db = cfg.DATABASE_URL;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(db)) {
    throw new ConfigError('DATABASE_URL', `"${db}" must start with sqlite: or postgres://`);
  }
  const tp = cfg.TRUST_PROXY.trim();
  if (!/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/.test(tp)) {
    throw new ConfigError('TRUST_PROXY', `"${tp}" must be true, false, a hop count or a list of IPs/CIDRs`);
  }
}

/** The README table of settings (secrets show no default). */
export function settingsTable(): string {
  const lines = ['| Setting | Default | Meaning |', '|---|---|---|'];
  for (const s of SETTINGS as readonly Setting[]) {
    const def = s.default !== undefined ? `\`${s.default}\`` : '(unset)';
    lines.push(`| \`${s.env}\` | ${def} | ${s.doc} |`);
  }
  return lines.join('\n');
}
