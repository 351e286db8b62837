// The soak's traffic: request paths built from the running server's own index (GET /), so an
// endpoint added later is soaked without anyone editing this file. Each request picks an
// endpoint at random, then one of: its documented example (mostly cache hits), a variant with
// fresh random values (cache misses, so upstream calls and database reads), or a variant that
// is wrong on purpose (a bad value, a missing required parameter, an unknown thing).

import { randomBytes, randomInt } from 'node:crypto';

export interface Param {
  name: string;
  type: string;
  required: boolean;
  rule?: string;
}
export interface Endpoint {
  path: string;
  example?: string;
  params: Param[];
}
interface Index {
  groups: { name: string; endpoints: Endpoint[] }[];
}

/** Answers other than JSON are expected only from these, and only on success. */
export const IMAGE_ROUTES = /^\/(qr|liquor-img|screenshot|astro\/chart)(\/|\?|$)/;
/**
 * Text by design when they succeed: the Jina-style doors answer Markdown or plain text unless the
 * client asks for JSON (their errors are JSON), and the calendar views an iCalendar file with format=ics.
 */
export const TEXT_ROUTES = /^\/(r|s)\/|^\/panchang\/(month|festivals)\?.*format=ics/;
/** Not JSON by design (Prometheus text, the docs page); not soaked. */
const SKIP = /^\/(metrics|docs)(\/|$)/;

const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)];
const hex = (n: number) => randomBytes(n).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const pad = (n: number) => String(n).padStart(2, '0');

const CITIES = [
  'mumbai',
  'delhi',
  'kolkata',
  'chennai',
  'bangalore',
  'hyderabad',
  'pune',
  'jaipur',
  'lucknow',
  'patna',
  'kochi',
  'atlantis',
  'banglore',
  'bombay',
  'xyzzy',
];
const CURRENCIES = ['USD', 'EUR', 'INR', 'GBP', 'JPY', 'AED', 'CHF', 'ZZZ'];
const COINS = ['bitcoin', 'eth', 'btc', 'solana', 'dogecoin', 'no-such-coin', 'usdt'];
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'NOPE', 'SBIN'];
// Mostly codes the loaded station list (the train fixture) knows; two it does not.
const STATIONS = ['NDLS', 'NZM', 'TVC', 'ERS', 'KOTA', 'DLI', 'SCN', 'BCT', 'QQQ'];
const BANKS = ['SBIN', 'HDFC', 'ICIC', 'UTIB', 'PUNB', 'ZZZZ'];

function randomDate(): Date {
  return new Date(Date.UTC(1950 + randomInt(100), randomInt(12), 1 + randomInt(28), randomInt(24), randomInt(60)));
}

/** Random values by parameter name: where the service's work and its upstream calls vary. */
const BY_NAME: Record<string, (p: Param, origin: string) => string> = {
  ip: () => (Math.random() < 0.8 ? [1 + randomInt(223), randomInt(256), randomInt(256), randomInt(256)].join('.') : `2001:${hex(2)}::${hex(2)}`),
  name: (p) =>
    p.rule?.includes('domain')
      ? `${pick(['', 'free-'])}${letters(6 + randomInt(6))}.${pick(['com', 'in', 'org', 'net', 'co.in', 'io'])}`
      : `${letters(3 + randomInt(6))} ${letters(3 + randomInt(8))}`,
  domain: () => `${letters(8)}.${pick(['com', 'in', 'org'])}`,
  dob: () => {
    const d = randomDate();
    return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  },
  date: (p) => {
    // Train dates (YYYYMMDD) are journeys: today to two months ahead; others a month either way.
    const days = p.rule?.includes('YYYYMMDD') ? randomInt(60) : randomInt(60) - 30;
    const d = new Date(Date.now() + days * 86_400_000);
    const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
    return p.rule?.includes('YYYYMMDD') ? `${y}${m}${day}` : `${y}-${m}-${day}`;
  },
  city: (p) => (enumValues(p)?.length && Math.random() < 0.8 ? pick(enumValues(p)!) : pick(CITIES)),
  state: () => pick(['maharashtra', 'kerala', 'delhi', 'tamil nadu', 'narnia']),
  lat: () => (8 + Math.random() * 29).toFixed(4),
  latitude: () => (8 + Math.random() * 29).toFixed(4),
  lon: () => (68 + Math.random() * 29).toFixed(4),
  longitude: () => (68 + Math.random() * 29).toFixed(4),
  q: () => pick([`${letters(4)} ${letters(5)}`, pick(CITIES), 'old monk', 'delhi', 'monsoon forecast']),
  code: () => `${pick(BANKS)}0${digits(6)}`,
  pin: () => `${1 + randomInt(8)}${digits(5)}`,
  text: () => `https://example.org/${hex(8)}`,
  url: (_p, origin) => `${origin}/SITE/page-${randomInt(500)}`,
  coin: () => Array.from({ length: 1 + randomInt(3) }, () => pick(COINS)).join(','),
  symbol: () => Array.from({ length: 1 + randomInt(2) }, () => pick(SYMBOLS)).join(','),
  base: () => pick(CURRENCIES),
  // `to` is a station for trains, currencies for forex.
  to: (p) => (p.rule?.includes('station') ? pick(STATIONS) : Array.from({ length: 1 + randomInt(3) }, () => pick(CURRENCIES)).join(',')),
  from: () => pick(STATIONS),
  bank: () => pick(BANKS),
  pan: () => `${letters(5).toUpperCase()}${digits(4)}${letters(1).toUpperCase()}`,
  id: () => String(randomInt(2000)),
  file: () => `${letters(6)}_${randomInt(2000)}.webp`,
};

/** Values wrong on purpose: out of range, wrong type, too long, not one of the choices. */
function wrongValue(p: Param): string {
  if (p.type === 'integer' || p.type === 'number') return pick(['-999999999', '999999999', 'abc', '1e999', '']);
  if (enumValues(p)) return pick(['bogus', 'JSON', '']);
  return pick(['', 'x'.repeat(5000), '%00', '<script>', '../../etc/passwd', '💥']);
}

function enumValues(p: Param): string[] | undefined {
  const m = /^one of (.+)$/.exec(p.rule ?? '');
  return m ? m[1].split(', ') : undefined;
}

function range(p: Param): [number, number] | undefined {
  const m = /^(-?[\d.]+) to (-?[\d.]+)$/.exec(p.rule ?? '');
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** A fresh valid-looking value for a parameter, or undefined to keep the example's. */
function freshValue(p: Param, origin: string, special: Record<string, () => string>): string | undefined {
  if (special[p.name]) return special[p.name]();
  if (BY_NAME[p.name]) return BY_NAME[p.name](p, origin);
  const e = enumValues(p);
  if (e) return pick(e);
  const r = range(p);
  if (r && (p.type === 'integer' || p.type === 'number'))
    return String(p.type === 'integer' ? r[0] + randomInt(r[1] - r[0] + 1) : r[0] + Math.random() * (r[1] - r[0]));
  return undefined;
}

/** The example URL of an endpoint, with path parameters filled and web URLs made local. */
function exampleOf(e: Endpoint, origin: string): URL {
  const raw =
    e.example ?? e.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(BY_NAME[name]?.({ name, type: 'string', required: true }, origin) ?? 'x'));
  const u = new URL(raw, 'http://soak');
  // The fetcher reaches only the fake site (the soak allows 127.0.0.1 to it), never the internet.
  if (u.searchParams.has('url')) u.searchParams.set('url', `${origin}/SITE/page-0`);
  return u;
}

export type Kind = 'example' | 'fresh' | 'wrong';

export interface Traffic {
  endpoints: Endpoint[];
  /** A request path and its kind, chosen at random. */
  next(): { path: string; kind: Kind; endpoint: string };
}

/** Builds the traffic from the server's index. `site` is the fake upstream's origin. */
export function trafficFrom(index: Index, site: string): Traffic {
  const endpoints = index.groups.flatMap((g) => g.endpoints).filter((e) => !SKIP.test(e.path));
  // Astro dates: one coherent random moment per request, not a 31st of February.
  const astro = () => {
    const d = randomDate();
    return {
      year: String(d.getUTCFullYear()),
      month: String(d.getUTCMonth() + 1),
      day: String(d.getUTCDate()),
      hour: String(d.getUTCHours()),
      min: String(d.getUTCMinutes()),
    };
  };
  const extra: Endpoint[] = [
    { path: '/openapi.json', example: '/openapi.json', params: [] },
    { path: '/no/such/endpoint', example: `/no/such/endpoint`, params: [] },
  ];
  const all = [...endpoints, ...extra];
  return {
    endpoints: all,
    next() {
      const e = pick(all);
      const u = exampleOf(e, site);
      const roll = Math.random();
      const kind: Kind = roll < 0.35 ? 'example' : roll < 0.8 ? 'fresh' : 'wrong';
      const query = e.params.filter((p) => !e.path.includes(`:${p.name}`));
      if (kind === 'fresh') {
        const moment = astro();
        const special: Record<string, () => string> = Object.fromEntries(Object.entries(moment).map(([k, v]) => [k, () => v]));
        for (const p of query) {
          // Only parameters the example uses (or required ones) are varied: aliases such as
          // lat/latitude stay out, so the request stays meaningful.
          if (!u.searchParams.has(p.name) && !p.required) continue;
          const v = freshValue(p, site, special);
          if (v !== undefined) u.searchParams.set(p.name, v);
        }
        u.pathname = freshPath(e, u.pathname, site);
      } else if (kind === 'wrong') {
        const p = e.params.length ? pick(e.params) : undefined;
        if (!p) u.pathname += `/${letters(5)}`;
        else if (e.path.includes(`:${p.name}`)) u.pathname = e.path.replace(`:${p.name}`, encodeURIComponent(wrongValue(p) || 'nope'));
        else if (p.required && Math.random() < 0.4) u.searchParams.delete(p.name);
        else u.searchParams.set(p.name, wrongValue(p));
      }
      return { path: u.pathname + u.search, kind, endpoint: e.path };
    },
  };
}

/** A path with fresh values for its path parameters (/ifsc/:code, /liquor/product/:id). */
function freshPath(e: Endpoint, current: string, origin: string): string {
  if (!e.path.includes(':')) return current;
  return e.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(BY_NAME[name]?.({ name, type: 'string', required: true }, origin) ?? letters(6)));
}
