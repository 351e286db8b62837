// Request and response schemas of /astro/match. Each partner is given by birth data (the /astro
// parameters with a prefix) or by the Moon's nakshatra and pada; the prefixes are boy_/girl_, or
// a_/b_ with a_role (or b_role) saying who is who. The answer is sent as the service's own JSON
// text (cached as text), so the response schema documents it; the tests check it field by field.

import { ContentTypes, IntRange, Ok, StringOf, Type, type Static, type TSchema } from '../../../core/schema.js';
import { CITY_DESCRIPTION } from '../../../lib/places/index.js';
import { AYANAMSA_NAMES } from '../calc/ephemeris.js';
import { GRAHAS, RASHIS } from '../calc/names.js';
import { GANAS, NADIS, RAJJUS, TARAS, VARNAS, VASHYAS, YONIS } from './tables.js';

export const PREFIXES = ['boy', 'girl', 'a', 'b'] as const;
export type Prefix = (typeof PREFIXES)[number];

const who = (p: Prefix) => (p === 'boy' ? "the boy's" : p === 'girl' ? "the girl's" : `partner ${p.toUpperCase()}'s`);

/** The /astro birth parameters and the nakshatra pair, for one prefix. */
function partnerParams(p: Prefix): Record<string, TSchema> {
  const w = who(p);
  return {
    [`${p}_nakshatra`]: Type.Optional(
      Type.String({ minLength: 1, maxLength: 30, description: `${w} Moon nakshatra, 1 to 27 or its name (Ashwini … Revati), instead of birth data` }),
    ),
    [`${p}_pada`]: Type.Optional(IntRange(1, 4, undefined, `${w} Moon nakshatra pada, 1 to 4 (with ${p}_nakshatra)`)),
    [`${p}_latitude`]: Type.Optional(
      Type.Number({ minimum: -90, maximum: 90, description: `${w} birth place, degrees north positive (${p}_lat is the same)` }),
    ),
    [`${p}_lat`]: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: `alias of ${p}_latitude` })),
    [`${p}_longitude`]: Type.Optional(
      Type.Number({ minimum: -180, maximum: 180, description: `${w} birth place, degrees east positive (${p}_lon is the same)` }),
    ),
    [`${p}_lon`]: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: `alias of ${p}_longitude` })),
    // The place vocabulary, as /astro's city (docs/decisions/places-vocabulary.md).
    [`${p}_city`]: Type.Optional(
      Type.String({ minLength: 1, maxLength: 80, description: `${w} birth place, instead of ${p}_latitude and ${p}_longitude: ${CITY_DESCRIPTION}` }),
    ),
    [`${p}_year`]: Type.Optional(IntRange(1000, 2999, undefined, `${w} birth year (Gregorian)`)),
    [`${p}_month`]: Type.Optional(IntRange(1, 12, undefined, `${w} birth month`)),
    [`${p}_day`]: Type.Optional(IntRange(1, 31, undefined, `${w} birth day of the month`)),
    [`${p}_hour`]: Type.Optional(IntRange(0, 23, undefined, `${w} birth hour, local time`)),
    [`${p}_min`]: Type.Optional(IntRange(0, 59, undefined, `${w} birth minute`)),
    [`${p}_sec`]: Type.Optional(IntRange(0, 59, undefined, `${w} birth second (default 0)`)),
    [`${p}_dst_hour`]: Type.Optional(IntRange(-3, 3, undefined, `${w} daylight-saving shift, hours`)),
    [`${p}_dst_min`]: Type.Optional(IntRange(-59, 59, undefined, `${w} daylight-saving shift, minutes`)),
    [`${p}_tz`]: Type.Optional(
      Type.String({ pattern: '^[+-][0-9]{2}:[0-9]{2}$', description: 'an offset like +05:30 (omit it to use the historical offset of the place)' }),
    ),
  };
}

const Role = (p: 'a' | 'b') =>
  Type.Optional(StringOf(['boy', 'girl'] as const, `who partner ${p.toUpperCase()} is, with the a_/b_ prefixes: boy or girl (the other is the other)`));

export const MatchQuery = Type.Object({
  ...partnerParams('boy'),
  ...partnerParams('girl'),
  ...partnerParams('a'),
  ...partnerParams('b'),
  a_role: Role('a'),
  b_role: Role('b'),
  system: Type.Optional(StringOf(['north', 'south'] as const, 'north: Ashtakoota, 36 gunas (default); south: the ten poruthams')),
  cancellations: Type.Optional(
    StringOf(
      ['report', 'apply'] as const,
      'report: name the nadi and bhakoot dosha cancellations that apply (default); apply: also give their points back in the total',
    ),
  ),
  janma_tara: Type.Optional(
    StringOf(
      ['auspicious', 'inauspicious'] as const,
      'Janma tara (the same star, and counts 10 and 19): auspicious (default), or inauspicious (the same star then scores 0 of 3)',
    ),
  ),
  kuja_houses: Type.Optional(
    StringOf(['with_2nd', 'without_2nd'] as const, "Mars's houses that make manglik dosha: 1, 2, 4, 7, 8, 12 (with_2nd, default) or 1, 4, 7, 8, 12"),
  ),
  ayanamsa: Type.Optional(StringOf(AYANAMSA_NAMES, 'sidereal ayanamsa for birth data (default lahiri)')),
  node: Type.Optional(StringOf(['mean', 'true'] as const, 'lunar node for birth data: mean (default) or true')),
});
export type MatchQuery = Static<typeof MatchQuery>;

// ---- Response ----

const GrahaCode = StringOf(GRAHAS, 'graha abbreviation');
const RashiName = StringOf(RASHIS);
const Rashi = Type.Integer({ minimum: 1, maximum: 12, description: 'sign, 1 = Mesha … 12 = Meena' });
const Points = (max: number) => Type.Number({ minimum: 0, maximum: max, description: `points, out of ${max}` });
const Band = StringOf(['not_recommended', 'average', 'good', 'excellent'] as const);
const Verdict = Type.Object({ band: Band, text: Type.String() });

const Moon = Type.Object({
  nakshatra: Type.Object({
    number: Type.Integer({ minimum: 1, maximum: 27 }),
    name: Type.String(),
    pada: Type.Integer({ minimum: 1, maximum: 4 }),
    lord: GrahaCode,
  }),
  rashi: Rashi,
  rashi_name: RashiName,
  rashi_lord: GrahaCode,
  longitude: Type.Optional(Type.Number({ description: "the Moon's sidereal longitude (birth data only)" })),
  degree: Type.Optional(Type.Number({ description: 'degrees into the rashi (birth data only)' })),
  navamsa: Type.Object({ rashi: Rashi, rashi_name: RashiName }, { description: "the Moon's navamsa (D9) sign: its pada" }),
  varna: StringOf(VARNAS),
  vashya: StringOf(VASHYAS),
  yoni: StringOf(YONIS),
  gana: StringOf(GANAS),
  nadi: StringOf(NADIS),
  rajju: StringOf(RAJJUS),
});

const Birth = Type.Object({
  datetime: Type.String({ description: 'the birth moment, local time as YYYY-MM-DD HH:MM:SS' }),
  timezone: Type.String({ description: 'offset used, like +05:30' }),
  timezone_source: Type.String({ description: 'explicit (tz given) or the IANA zone whose historical offset was used' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  julian_day_ut: Type.Number(),
  lagna: Type.Object({ longitude: Type.Number(), rashi: Rashi, rashi_name: RashiName }),
});

const Cancellation = Type.Object({ rule: Type.String({ description: 'the rule, by name' }), description: Type.String(), applies: Type.Boolean() });

export const Manglik = Type.Object(
  {
    computed: Type.Boolean({ description: 'false when the partner was given by nakshatra: the dosha needs the birth chart' }),
    reason: Type.Optional(Type.String({ description: 'why it was not computed' })),
    mars: Type.Optional(Type.Object({ rashi: Rashi, rashi_name: RashiName })),
    houses: Type.Optional(
      Type.Object(
        { lagna: Type.Integer(), moon: Type.Integer(), venus: Type.Integer() },
        { description: "Mars's house counted by whole signs from the lagna, the Moon and Venus" },
      ),
    ),
    dosha_houses: Type.Optional(Type.Array(Type.Integer(), { description: 'the houses that raise the dosha (kuja_houses)' })),
    dosha_from: Type.Optional(
      Type.Array(StringOf(['lagna', 'moon', 'venus'] as const), { description: 'the points from which Mars is in one of those houses' }),
    ),
    present: Type.Optional(Type.Boolean({ description: 'the dosha is raised from at least one point' })),
    cancellations: Type.Optional(
      Type.Array(Cancellation, { description: 'the recognised cancellations, each with whether it applies (empty without a dosha)' }),
    ),
    cancelled: Type.Optional(Type.Boolean()),
    manglik: Type.Optional(Type.Boolean({ description: 'present and not cancelled' })),
  },
  { description: 'manglik (kuja) dosha of one birth chart' },
);

const Dosha = Type.Object({
  present: Type.Boolean(),
  cancellations: Type.Array(Cancellation, { description: 'the recognised cancellations, each with whether it applies (empty without the dosha)' }),
  cancelled: Type.Boolean({ description: 'a named cancellation applies' }),
  applied: Type.Boolean({ description: "the cancelled dosha's points were given back in the total (cancellations=apply)" }),
});

const Side = <T extends TSchema>(t: T) => ({ boy: t, girl: t });
const Tara = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: 27, description: "this partner's star counted from the other's, both counted" }),
  tara: Type.Integer({ minimum: 1, maximum: 9 }),
  name: StringOf(TARAS),
  auspicious: Type.Boolean(),
});

const Ashtakoota = Type.Object({
  kootas: Type.Object({
    varna: Type.Object({ points: Points(1), max: Type.Literal(1), ...Side(StringOf(VARNAS)) }),
    vashya: Type.Object({ points: Points(2), max: Type.Literal(2), ...Side(StringOf(VASHYAS)) }),
    tara: Type.Object({ points: Points(3), max: Type.Literal(3), ...Side(Tara) }),
    yoni: Type.Object({ points: Points(4), max: Type.Literal(4), ...Side(StringOf(YONIS)) }),
    graha_maitri: Type.Object({
      points: Points(5),
      max: Type.Literal(5),
      ...Side(GrahaCode),
      boy_to_girl: StringOf(['same', 'friend', 'neutral', 'enemy'] as const, "how the boy's rashi lord regards the girl's"),
      girl_to_boy: StringOf(['same', 'friend', 'neutral', 'enemy'] as const, "how the girl's rashi lord regards the boy's"),
    }),
    gana: Type.Object({ points: Points(6), max: Type.Literal(6), ...Side(StringOf(GANAS)) }),
    bhakoot: Type.Object({
      points: Points(7),
      max: Type.Literal(7),
      ...Side(RashiName),
      distance: Type.String({
        description: "the boy's rashi counted from the girl's / the girl's from the boy's: 2/12, 5/9 and 6/8 (either way) are the dosha",
      }),
    }),
    nadi: Type.Object({ points: Points(8), max: Type.Literal(8), ...Side(StringOf(NADIS)) }),
  }),
  doshas: Type.Object({ nadi: Dosha, bhakoot: Dosha }),
  points_before_cancellations: Type.Number({ description: 'the sum of the eight kootas as scored' }),
  total: Type.Number({ description: 'that sum, plus the points of a cancelled dosha when cancellations=apply' }),
  max: Type.Literal(36),
  verdict: Verdict,
});

const Porutham = (extra: Record<string, TSchema>) => Type.Object({ match: Type.Boolean(), ...extra });
const Count = Type.Integer({ description: "the boy's star (or rashi) counted from the girl's, both counted" });
const Poruthams = Type.Object({
  poruthams: Type.Object({
    dina: Porutham({ count: Count }),
    gana: Porutham(Side(StringOf(GANAS))),
    mahendra: Porutham({ count: Count }),
    stree_deergha: Porutham({ count: Count }),
    yoni: Porutham(Side(StringOf(YONIS))),
    rasi: Porutham({ count: Count, ...Side(RashiName) }),
    rasyadhipati: Porutham(Side(GrahaCode)),
    vasya: Porutham(Side(RashiName)),
    rajju: Porutham(Side(StringOf(RAJJUS))),
    vedha: Porutham(Side(Type.String())),
  }),
  matched: Type.Integer({ minimum: 0, maximum: 10 }),
  of: Type.Literal(10),
  verdict: Verdict,
});

/** The keys of `conventions`: the common ones, then Ashtakoota's or the poruthams'. */
const CONVENTION_KEYS = [
  'record',
  'moon',
  'varna',
  'vashya',
  'tara',
  'yoni',
  'graha_maitri',
  'gana',
  'bhakoot',
  'nadi',
  'cancellations',
  'counting',
  'dina',
  'mahendra',
  'stree_deergha',
  'rasi',
  'rasyadhipati',
  'vasya',
  'rajju',
  'vedha',
  'verdict',
  'manglik',
] as const;

const Partner = Type.Object({
  given_as: StringOf(['birth', 'nakshatra'] as const),
  moon: Moon,
  birth: Type.Optional(Birth),
});

export const MatchResponse = Type.Object({
  status: Ok,
  system: StringOf(['north', 'south'] as const),
  boy: Partner,
  girl: Partner,
  ashtakoota: Type.Optional(Ashtakoota),
  south: Type.Optional(Poruthams),
  manglik: Type.Object({
    ...Side(Manglik),
    both_manglik: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'both charts manglik, which tradition counts as cancelling the dosha for the couple; null when a chart is missing',
    }),
  }),
  conventions: Type.Object(Object.fromEntries(CONVENTION_KEYS.map((k) => [k, Type.Optional(Type.String())])), {
    description: 'the rules this answer used, in words, by koota or porutham (docs/decisions/astro-match-conventions.md)',
  }),
  cached: Type.Boolean(),
});
export type MatchResponse = Static<typeof MatchResponse>;

/** The 200 answer: JSON text the service writes (so the route's type does not bind it), documented by MatchResponse. */
export const MatchAnswers = ContentTypes('The match as JSON', { 'application/json': MatchResponse });
