// /astro/match: reads each partner (birth data or Moon nakshatra and pada), computes the Moon (and,
// from a birth, Mars, Venus, Jupiter and the lagna: one ephemeris call set each, no rise/set
// searches), then Ashtakoota or the poruthams and each chart's manglik dosha. The whole answer is
// cached (30 days, like /astro) as its JSON text, keyed on the normalised input (it depends on
// nothing else): a cached answer is sent without being serialized again, which was most of its
// cost (the schema's serializer took 2.3x JSON.stringify's time on this answer).

import type { AppContext } from '../../../core/module.js';
import type { CacheNamespace } from '../../../core/cache/index.js';
import { invalidParam } from '../../../core/errors.js';
import { describeRule } from '../../../core/validation.js';
import { findTown } from '../../../lib/places/index.js';
import { ephemerisCore, type ChartCore } from '../calc/chart.js';
import { NAKSHATRA_SPELLINGS } from '../spellings.js';
import { NAKSHATRAS, RASHIS, norm360, round } from '../calc/names.js';
import type { Ayanamsa, NodeType } from '../calc/ephemeris.js';
import { type CivilInput, checkDate, formatOffset, jdToLocal, parseOffset, resolveTime } from '../calc/time.js';
import { ashtakoota, type KootaOptions } from './ashtakoota.js';
import { KUJA_HOUSES, NOT_COMPUTED, manglik, type KujaHouses } from './manglik.js';
import { describeMoon, moonAt, moonFromNakshatra, type Moon } from './moon.js';
import { poruthams } from './porutham.js';
import { MatchQuery, type MatchResponse, type Prefix } from './schemas.js';

const DAY_MS = 86_400_000;
const BIRTH_FIELDS = ['latitude', 'lat', 'longitude', 'lon', 'city', 'year', 'month', 'day', 'hour', 'min', 'sec', 'dst_hour', 'dst_min', 'tz'] as const;
const REQUIRED_BIRTH = ['year', 'month', 'day', 'hour', 'min'] as const;

type Query = Record<string, unknown>;
type Role = 'boy' | 'girl';

/** A partner as read from the query. */
type PartnerInput = { kind: 'nakshatra'; nak: number; pada: number } | ({ kind: 'birth'; prefix: Prefix } & CivilInput);

const has = (q: Query, name: string) => q[name] !== undefined;
const num = (q: Query, name: string) => q[name] as number | undefined;

/** "7", "Punarvasu", "purva phalguni", "PurvaPhalguni", "poorva phalguni", "aswini" → 0-based index. */
function parseNakshatra(raw: string, param: string): number {
  const s = raw.trim();
  let suggestion: string | undefined;
  if (/^\d+$/.test(s)) {
    const n = Number(s);
    if (n >= 1 && n <= 27) return n - 1;
  } else {
    const i = NAKSHATRA_SPELLINGS.index(s);
    if (i !== undefined) return i;
    suggestion = NAKSHATRA_SPELLINGS.nearest(s);
  }
  const rule = `${param} must be a nakshatra number from 1 to 27 or its name (${NAKSHATRAS.join(', ')})`;
  throw invalidParam(param, suggestion ? `${rule}; did you mean ${suggestion}?` : rule, {
    valid_values: [...NAKSHATRAS],
    ...(suggestion ? { suggestion } : {}),
  });
}

/** "x is required; <its rule>", as schema validation says it for /astro. */
function required(param: string): never {
  const rule = describeRule(param, (MatchQuery.properties as unknown as Record<string, Parameters<typeof describeRule>[1]>)[param]);
  throw invalidParam(param, `${param} is required; ${rule.message}`);
}

function readPartner(q: Query, p: Prefix): PartnerInput | undefined {
  const f = (name: string) => `${p}_${name}`;
  const birthGiven = BIRTH_FIELDS.some((k) => has(q, f(k)));
  if (has(q, f('nakshatra')) || has(q, f('pada'))) {
    if (birthGiven) throw invalidParam(f('nakshatra'), `give ${p}_nakshatra and ${p}_pada, or ${p}_ birth data, not both`);
    if (!has(q, f('nakshatra'))) required(f('nakshatra'));
    if (!has(q, f('pada'))) required(f('pada'));
    return { kind: 'nakshatra', nak: parseNakshatra(q[f('nakshatra')] as string, f('nakshatra')), pada: num(q, f('pada'))! };
  }
  if (!birthGiven) return undefined;
  // The same messages as /astro, with the prefix, in its order (the schema's required fields, then
  // the place); a town named wins over coordinates, as on /astro, and its coordinates are the birth's.
  for (const k of REQUIRED_BIRTH) if (!has(q, f(k))) required(f(k));
  const town = has(q, f('city')) ? findTown(q[f('city')] as string, f('city')) : undefined;
  const lat = town?.lat ?? num(q, f('latitude')) ?? num(q, f('lat'));
  const lon = town?.lon ?? num(q, f('longitude')) ?? num(q, f('lon'));
  if (lat === undefined)
    throw invalidParam(f('latitude'), `${f('latitude')} is required (or ${f('lat')}, or ${f('city')}): degrees from -90 to 90, north positive`);
  if (lon === undefined) throw invalidParam(f('longitude'), `${f('longitude')} is required (or ${f('lon')}): degrees from -180 to 180, east positive`);
  const [year, month, day] = [num(q, f('year'))!, num(q, f('month'))!, num(q, f('day'))!];
  checkDate(year, month, day, f('day'));
  const tz = q[f('tz')] as string | undefined;
  if (tz !== undefined) parseOffset(tz, f('tz'));
  return {
    kind: 'birth',
    prefix: p,
    year,
    month,
    day,
    hour: num(q, f('hour'))!,
    min: num(q, f('min'))!,
    sec: num(q, f('sec')) ?? 0,
    lat,
    lon,
    tz,
    dstHour: num(q, f('dst_hour')),
    dstMin: num(q, f('dst_min')),
  };
}

/** Which partner is the boy and which the girl, from boy_/girl_ or a_/b_ with a role. */
export function readPartners(q: Query): Record<Role, PartnerInput> {
  const named = { boy: readPartner(q, 'boy'), girl: readPartner(q, 'girl') };
  const a = readPartner(q, 'a');
  const b = readPartner(q, 'b');
  const roleA = q.a_role as Role | undefined;
  const roleB = q.b_role as Role | undefined;
  if (a || b || roleA || roleB) {
    if (named.boy || named.girl) {
      const param = named.boy ? 'boy_nakshatra' : 'girl_nakshatra';
      throw invalidParam(param, `${param} and the other boy_/girl_ parameters cannot be mixed with the a_/b_ prefixes: use one pair`);
    }
    if (roleA && roleB && roleA === roleB) throw invalidParam('b_role', `a_role and b_role are both ${roleA}: one partner is the boy, the other the girl`);
    const aRole: Role | undefined = roleA ?? (roleB ? (roleB === 'boy' ? 'girl' : 'boy') : undefined);
    if (!aRole) throw invalidParam('a_role', 'a_role is required with the a_/b_ prefixes: a_role must be one of boy, girl', { valid_values: ['boy', 'girl'] });
    if (!a)
      throw invalidParam(
        'a_nakshatra',
        'partner A is missing: give a_nakshatra and a_pada, or a_year, a_month, a_day, a_hour, a_min, a_latitude and a_longitude or a_city',
      );
    if (!b)
      throw invalidParam(
        'b_nakshatra',
        'partner B is missing: give b_nakshatra and b_pada, or b_year, b_month, b_day, b_hour, b_min, b_latitude and b_longitude or b_city',
      );
    return aRole === 'boy' ? { boy: a, girl: b } : { boy: b, girl: a };
  }
  for (const r of ['boy', 'girl'] as const) {
    if (!named[r])
      throw invalidParam(
        `${r}_nakshatra`,
        `the ${r} is missing: give ${r}_nakshatra and ${r}_pada, or ${r}_year, ${r}_month, ${r}_day, ${r}_hour, ${r}_min, ${r}_latitude and ${r}_longitude or ${r}_city (or the a_/b_ prefixes with a_role)`,
      );
  }
  return { boy: named.boy!, girl: named.girl! };
}

interface Computed {
  moon: Moon;
  birth?: Record<string, unknown>;
  points?: { lagna: number; moon: number; mars: number; venus: number; jupiter: number };
}

export class MatchService {
  private readonly answers: CacheNamespace;

  constructor(ctx: AppContext) {
    this.answers = ctx.cache.namespace('astro-match', { ttlMs: ctx.config.ASTRO_CACHE_DAYS * DAY_MS });
  }

  /** The answer as JSON text (the route sends it as it is; MatchResponse documents it). */
  async match(q: MatchQuery): Promise<string> {
    const partners = readPartners(q as Query);
    const system = q.system ?? 'north';
    const options: KootaOptions = { janmaTara: q.janma_tara ?? 'auspicious', cancellations: q.cancellations ?? 'report' };
    const kuja: KujaHouses = q.kuja_houses ?? 'with_2nd';
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const node = (q.node ?? 'mean') as NodeType;
    // Birth moments resolved first, so the key names the moment whatever way it was written.
    const resolved = { boy: resolve(partners.boy), girl: resolve(partners.girl) };
    const key = [system, options.janmaTara, options.cancellations, kuja, ayanamsa, node, resolved.boy.key, resolved.girl.key].join('|');
    const { value, cached } = await this.answers.wrap(key, async () => {
      const boy = compute(resolved.boy, ayanamsa, node);
      const girl = compute(resolved.girl, ayanamsa, node);
      // Without its closing brace, so that `cached` can be appended.
      return JSON.stringify(answer(system, boy, girl, options, kuja, ayanamsa, node)).slice(0, -1);
    });
    return `${value as string},"cached":${cached}}`;
  }
}

type Resolved =
  | { kind: 'nakshatra'; key: string; nak: number; pada: number }
  | { kind: 'birth'; key: string; jdUt: number; offsetMin: number; source: string; lat: number; lon: number };

function resolve(p: PartnerInput): Resolved {
  if (p.kind === 'nakshatra') return { kind: 'nakshatra', key: `n${p.nak}.${p.pada}`, nak: p.nak, pada: p.pada };
  const t = resolveTime({
    year: p.year,
    month: p.month,
    day: p.day,
    hour: p.hour,
    min: p.min,
    sec: p.sec,
    lat: p.lat,
    lon: p.lon,
    tz: p.tz,
    dstHour: p.dstHour,
    dstMin: p.dstMin,
  });
  return {
    kind: 'birth',
    key: `b${t.jdUt.toFixed(8)},${t.offsetMin},${t.source},${p.lat.toFixed(6)},${p.lon.toFixed(6)}`,
    jdUt: t.jdUt,
    offsetMin: t.offsetMin,
    source: t.source,
    lat: p.lat,
    lon: p.lon,
  };
}

function compute(r: Resolved, ayanamsa: Ayanamsa, node: NodeType): Computed {
  if (r.kind === 'nakshatra') return { moon: moonFromNakshatra(r.nak, r.pada) };
  const core: ChartCore = ephemerisCore(
    { jdUt: r.jdUt, offsetMin: r.offsetMin, timezoneSource: r.source, lat: r.lat, lon: r.lon, ayanamsa, node },
    { planets: true, asc: true, frame: false },
  );
  const pos = core.pos!;
  const asc = norm360(core.asc!);
  const lagnaSign = Math.floor(asc / 30);
  return {
    moon: moonAt(pos.Mo.lon),
    birth: {
      datetime: jdToLocal(r.jdUt, r.offsetMin),
      timezone: formatOffset(r.offsetMin),
      timezone_source: r.source,
      latitude: r.lat,
      longitude: r.lon,
      julian_day_ut: round(r.jdUt, 8),
      lagna: { longitude: round(asc, 6), rashi: lagnaSign + 1, rashi_name: RASHIS[lagnaSign]! },
    },
    points: { lagna: asc, moon: pos.Mo.lon, mars: pos.Ma.lon, venus: pos.Ve.lon, jupiter: pos.Ju.lon },
  };
}

function partner(c: Computed) {
  return { given_as: c.birth ? ('birth' as const) : ('nakshatra' as const), moon: describeMoon(c.moon), ...(c.birth ? { birth: c.birth } : {}) };
}

function answer(
  system: 'north' | 'south',
  boy: Computed,
  girl: Computed,
  o: KootaOptions,
  kuja: KujaHouses,
  ayanamsa: Ayanamsa,
  node: NodeType,
): Omit<MatchResponse, 'cached'> {
  const mb = boy.points ? manglik(boy.points, kuja) : NOT_COMPUTED;
  const mg = girl.points ? manglik(girl.points, kuja) : NOT_COMPUTED;
  const both = mb.computed && mg.computed ? mb.present && mg.present : null;
  const body: Record<string, unknown> = { status: 'ok', system, boy: partner(boy), girl: partner(girl) };
  if (system === 'north') body.ashtakoota = ashtakoota(boy.moon, girl.moon, o);
  else body.south = poruthams(boy.moon, girl.moon);
  body.manglik = { boy: mb, girl: mg, both_manglik: both };
  body.conventions = conventions(system, o, kuja, ayanamsa, node, Boolean(boy.points || girl.points));
  return body as Omit<MatchResponse, 'cached'>;
}

/** The rules used, in words: every answer says which school it followed. */
function conventions(
  system: 'north' | 'south',
  o: KootaOptions,
  kuja: KujaHouses,
  ayanamsa: Ayanamsa,
  node: NodeType,
  births: boolean,
): Record<string, string> {
  const c: Record<string, string> = {
    record: 'docs/decisions/astro-match-conventions.md',
    moon: births ? `sidereal (${ayanamsa}, ${node} node), Moon at the birth moment` : 'nakshatra and pada as given; rashi from the pada',
  };
  if (system === 'north') {
    Object.assign(c, {
      varna: "by Moon rashi: water signs Brahmin, fire Kshatriya, earth Vaishya, air Shudra; 1 point when the boy's varna is the girl's or higher",
      vashya: 'by Moon rashi, Dhanu and Makara split at 15°; a pada that straddles 15° counts with the first half; same group 2, vashya 1, prey 1/2, hostile 0',
      tara: `counted both ways, 1.5 for each auspicious tara; Vipat, Pratyak, Vadha inauspicious; Janma (same star, counts 10 and 19) ${o.janmaTara}`,
      yoni: 'fourteen animals, symmetric table (Horse–Deer 3), sworn enemies 0',
      graha_maitri:
        'natural relationships of BPHS; 5 same lord or mutual friends, 4 friend/neutral, 3 neutral/neutral, 1 friend/enemy, 1/2 neutral/enemy, 0 enemies',
      gana: 'boy Deva with girl Manushya 5, boy Manushya with girl Deva 6, boy Deva with girl Rakshasa 1, Rakshasa with Deva or Manushya otherwise 0 (saravali.de/Maitreya)',
      bhakoot: '2/12, 5/9 and 6/8 counted between the Moon rashis score 0, the rest 7',
      nadi: 'Adi, Madhya, Antya in zig-zag; the same nadi scores 0',
      cancellations: o.cancellations === 'apply' ? 'named, and a cancelled nadi or bhakoot dosha gets its points back' : 'named only; the total is not changed',
      verdict: 'below 18 not recommended, 18–24 average, over 24 up to 32 good, over 32 excellent',
    });
  } else {
    Object.assign(c, {
      counting: "the boy's star and rashi counted from the girl's, both counted",
      dina: 'count by 9 leaving 2, 4, 6, 8 or 0',
      gana: 'same gana, or Deva with Manushya',
      mahendra: 'count 4, 7, 10, 13, 16, 19, 22 or 25',
      stree_deergha: 'count 14 or more',
      rasi: "same rashi, or the boy's rashi 7th or beyond from the girl's",
      rasyadhipati: 'neither rashi lord an enemy of the other (natural relationships)',
      vasya: "either rashi in the other's vasya list",
      rajju: 'different rajju (foot, waist, navel, neck, head)',
      vedha: 'the stars not a vedha pair (or Mrigashira–Chitra–Dhanishta)',
      verdict: 'rajju or vedha failing: not recommended; else 8+ excellent, 6–7 good, 5 average, fewer not recommended',
    });
  }
  c.manglik = births
    ? `Mars by whole signs from the lagna, Moon and Venus in houses ${KUJA_HOUSES[kuja].join(', ')}; both partners manglik cancels it for the couple`
    : 'not computed from nakshatras';
  return c;
}
