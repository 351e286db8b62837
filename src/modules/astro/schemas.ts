// Request and response schemas of /astro and /panchang. /panchang's drives the serializer, so every
// field the service returns is listed; the chart is sent as the service's own JSON text (see
// AstroAnswer), so its schema documents it, checked field by field by the tests. The key sets
// (grahas, bhavas, vargas, upagrahas, dasha lords) are closed, so they are properties, optional only
// where `needs` decides. /astro?format=toon answers the same chart as TOON text.

import { BinaryBody, ContentTypes, Flag, IntRange, Ok, StringOf, Type, defaulted, type Static, type TSchema } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';
import { CITY_DESCRIPTION } from '../../lib/places/index.js';
import { AYANAMSA_NAMES } from './calc/ephemeris.js';
import { BAV_GRAHAS } from './calc/ashtakavarga.js';
import { GRAHAS, RASHIS, VARAS, WEEKDAYS } from './calc/names.js';
import { CHOGHADIYAS, CHOGHADIYA_QUALITY } from './calc/muhurtas.js';
import { VARGA_CHARTS, VARGA_TITLES } from './calc/varga.js';
import { CHART_STYLES } from './draw/picture.js';
import { CHART_LANGS } from './draw/words.js';
import { CalendarParam, DayCalendar, FestivalEntry, LangParam, LocalNames, SolarCalendars } from './calendar-day-schemas.js';
import { YogaReport } from './yoga-schemas.js';
import { StrengthReport } from './strength-schemas.js';

const Lat = (alias: string) => Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: `degrees, north positive (${alias})` }));
const Lon = (alias: string) => Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: `degrees, east positive (${alias})` }));
const Tz = Type.Optional(
  Type.String({ pattern: '^[+-][0-9]{2}:[0-9]{2}$', description: 'an offset like +05:30 (omit it to use the historical offset of the place)' }),
);
const AyanamsaParam = Type.Optional(
  Type.Union(
    AYANAMSA_NAMES.map((a) => Type.Literal(a)),
    { default: 'lahiri', description: 'sidereal ayanamsa' },
  ),
);

export const AstroQuery = Type.Object({
  latitude: Lat('lat is the same'),
  lat: Lat('alias of latitude'),
  longitude: Lon('lon is the same'),
  lon: Lon('alias of longitude'),
  city: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: `birth place: ${CITY_DESCRIPTION}` })),
  year: IntRange(1000, 2999, undefined, 'birth year (Gregorian)'),
  month: IntRange(1, 12, undefined, 'birth month'),
  day: IntRange(1, 31, undefined, 'birth day of the month'),
  hour: IntRange(0, 23, undefined, 'birth hour, local time'),
  min: IntRange(0, 59, undefined, 'birth minute'),
  sec: Type.Optional(IntRange(0, 59, 0, 'birth second')),
  dst_hour: Type.Optional(IntRange(-3, 3, 0, 'daylight-saving shift, hours')),
  dst_min: Type.Optional(IntRange(-59, 59, 0, 'daylight-saving shift, minutes')),
  tz: Tz,
  needs: Type.Optional(
    Type.String({
      maxLength: 300,
      default: 'full',
      description:
        'a comma list of chart modules (graha, bhava, lagna, panchanga, varga, dasha, antardasha, upagrahas, ashtakavarga, d1…d60, full) and readings asked by name (yogas, strengths; full does not include them)',
    }),
  ),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('toon')], { default: 'json', description: 'json or toon' })),
  ayanamsa: AyanamsaParam,
  node: Type.Optional(Type.Union([Type.Literal('mean'), Type.Literal('true')], { default: 'mean', description: 'lunar node: mean or true' })),
});
export type AstroQuery = Static<typeof AstroQuery>;

export const PanchangQuery = Type.Object({
  date: Type.Optional(DateParam('YYYY-MM-DD', '(default: today at the place)')),
  city: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: CITY_DESCRIPTION })),
  latitude: Lat('lat is the same'),
  lat: Lat('alias of latitude'),
  longitude: Lon('lon is the same'),
  lon: Lon('alias of longitude'),
  tz: Tz,
  ayanamsa: AyanamsaParam,
  muhurtas: Flag('1', '0 leaves out muhurtas, choghadiya and horas: the limbs, rise and set and the kalams alone, a fifth of the size'),
  calendar: CalendarParam,
  lang: LangParam,
});
export type PanchangQuery = Static<typeof PanchangQuery>;

// ---- Responses ----

const Int = Type.Integer();
const GrahaCode = StringOf(GRAHAS, 'graha abbreviation: Su Mo Ma Me Ju Ve Sa Ra Ke');
const RashiName = StringOf(RASHIS);
const Rashi = Type.Integer({ minimum: 1, maximum: 12, description: 'sign, 1 = Mesha (Aries) … 12 = Meena' });
const LocalDateTime = (description: string) => Type.String({ description: `${description}, local time as YYYY-MM-DD HH:MM:SS` });
const DateOnly = (description: string) => Type.String({ description: `${description} as YYYY-MM-DD (local)` });
/** An object with one property per key, all required unless `optional`. */
const Keyed = (keys: readonly string[], value: TSchema, options: { optional?: boolean; description?: string } = {}) =>
  Type.Object(
    Object.fromEntries(keys.map((k) => [k, options.optional ? Type.Optional(value) : value])),
    options.description ? { description: options.description } : {},
  );

/** Where a sidereal longitude falls. */
const pointFields = {
  longitude: Type.Number({ description: 'sidereal longitude, degrees from 0 to 360' }),
  rashi: Rashi,
  rashi_name: RashiName,
  degree: Type.Number({ description: 'degrees within the rashi, 0 to 30' }),
  nakshatra: Type.Object({
    number: Type.Integer({ minimum: 1, maximum: 27 }),
    name: Type.String(),
    pada: Type.Integer({ minimum: 1, maximum: 4, description: 'quarter of the nakshatra' }),
    lord: GrahaCode,
  }),
};
const Point = Type.Object(pointFields);

const Settings = Type.Object({
  zodiac: Type.Literal('sidereal'),
  ayanamsa: StringOf(AYANAMSA_NAMES),
  ayanamsa_degrees: Type.Number({ description: 'the ayanamsa at the birth moment' }),
  node: StringOf(['mean', 'true'] as const, 'lunar node used for Rahu and Ketu'),
  house_system: Type.String(),
  house_system_rule: Type.String(),
  ephemeris: Type.String({ description: 'Swiss Ephemeris files used, or moshier (its built-in analytical ephemeris) without them' }),
  calendar: Type.Literal('gregorian'),
});

const User = Type.Object({
  datetime: LocalDateTime('the birth moment'),
  timezone: Type.String({ description: 'offset used, like +05:30' }),
  timezone_source: Type.String({ description: 'explicit (tz given) or the IANA zone whose historical offset was used' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  julian_day_ut: Type.Number(),
});

const Graha = Type.Object({
  name: Type.String(),
  ...pointFields,
  speed: Type.Number({ description: 'degrees a day' }),
  retrograde: Type.Boolean(),
});

const Bhava = Type.Object({
  ...pointFields,
  start: Type.Number({ description: 'longitude where the bhava begins (madhya − 15°)' }),
  end: Type.Number({ description: 'longitude where it ends (madhya + 15°)' }),
});

const Limb = (extra: Record<string, TSchema>, description: string) =>
  Type.Object({ number: Int, name: Type.String(), ...extra, left: Type.Number({ description: 'share of it still to run at birth, 0 to 1' }) }, { description });
const Paksha = StringOf(['Shukla', 'Krishna'] as const);

const ChartPanchanga = Type.Object({
  tithi: Limb({ paksha: Paksha }, 'lunar day, 1 to 30'),
  nakshatra: Limb({ lord: GrahaCode }, "the Moon's nakshatra, 1 to 27"),
  yoga: Limb({}, '1 to 27'),
  karana: Limb({}, 'half tithi, 1 to 60'),
  vara: Type.Object(
    { number: Type.Integer({ minimum: 1, maximum: 7, description: '1 = Sunday' }), name: StringOf(VARAS), weekday: StringOf(WEEKDAYS), lord: GrahaCode },
    { description: 'weekday, which begins at sunrise' },
  ),
  sunrise: LocalDateTime('sunrise that began the Hindu day of birth'),
  sunset: LocalDateTime('sunset of that day'),
  birth_in: StringOf(['day', 'night'] as const),
  sunrise_observed: Type.Boolean({ description: 'false where the Sun neither rises nor sets that day (polar): times are then 06:00/18:00 local mean time' }),
});

const VargaPlacement = Type.Object({ rashi: Rashi, rashi_name: RashiName });
const VARGA_POINTS = [...GRAHAS, 'Lg'];
const Varga = Keyed(VARGA_CHARTS, Keyed(VARGA_POINTS, VargaPlacement, { description: 'sign of each graha and of the lagna (Lg)' }), {
  optional: true,
  description: `divisional charts asked for (all with needs=varga): ${VARGA_CHARTS.map((v) => `${v} ${VARGA_TITLES[v]}`).join(', ')}`,
});

const Balance = Type.Object(
  {
    lord: GrahaCode,
    years: Int,
    months: Int,
    days: Int,
    decimal_years: Type.Number({ description: 'the same balance in years' }),
  },
  { description: 'what was left of the first mahadasha at birth' },
);

const ChartDasha = Type.Object({
  system: Type.Literal('vimshottari'),
  balance_at_birth: Balance,
  periods: Keyed(GRAHAS, Type.Object({ lord: Type.String(), years: Int, start: DateOnly('start'), end: DateOnly('end') }), {
    description: 'the mahadasha of each of the nine lords, keyed by its abbreviation; the answer lists them in the order they run from birth',
  }),
});

const Chart = Type.Object({
  user: User,
  graha: Type.Optional(Keyed(GRAHAS, Graha, { description: 'the nine grahas' })),
  lagna: Type.Optional(Type.Object({ Lg: Type.Object({ name: Type.Literal('Lagna'), ...pointFields }) })),
  bhava: Type.Optional(
    Keyed(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
      Bhava,
      { description: 'equal bhavas 1 to 12' },
    ),
  ),
  panchanga: Type.Optional(ChartPanchanga),
  varga: Type.Optional(Varga),
  dasha: Type.Optional(ChartDasha),
});

const Pratyantara = Type.Object({ pratyantara: GrahaCode, start: DateOnly('start'), end: DateOnly('end') });
const Antardasha = Type.Object({
  antardasha: GrahaCode,
  lord: Type.String(),
  start: DateOnly('start'),
  end: DateOnly('end'),
  current: Type.Boolean(),
  pratyantaras: Type.Array(Pratyantara),
});
const Mahadasha = Type.Object({
  mahadasha: GrahaCode,
  lord: Type.String(),
  years: Int,
  start: DateOnly('start'),
  end: DateOnly('end'),
  current: Type.Boolean(),
  antardashas: Type.Array(Antardasha),
});

const VimshottariDasha = Type.Object({
  year_days: Type.Number({ description: 'days in a dasha year' }),
  balance_at_birth: Balance,
  current: Type.Union(
    [
      Type.Object({
        as_of: Type.String({ description: "today's date (UTC), YYYY-MM-DD" }),
        mahadasha: GrahaCode,
        antardasha: GrahaCode,
        pratyantara: GrahaCode,
        lords: Type.Array(Type.String(), { description: 'their names, in that order' }),
      }),
      Type.Null(),
    ],
    { description: 'the periods running today; null when today is outside the 120 years they cover (a birth in the future, or over 120 years ago)' },
  ),
  mahadashas: Type.Array(Mahadasha, { description: 'the nine mahadashas from birth, each with its antardashas and pratyantaras' }),
});

const BAV = (value: TSchema) => Keyed(BAV_GRAHAS, value);

export const AstroResponse = Type.Object(
  {
    status: Ok,
    settings: Settings,
    chart: Chart,
    vimshottari_dasha: Type.Optional(VimshottariDasha),
    upagrahas: Type.Optional(Keyed(['Dhuma', 'Vyatipata', 'Parivesha', 'Indrachapa', 'Upaketu', 'Gulika', 'Mandi'], Point)),
    ashtakavarga: Type.Optional(
      Type.Object({
        bhinna: BAV(Type.Array(Int, { description: 'bindus per sign, Mesha first' })),
        bhinna_totals: BAV(Int),
        sarvashtakavarga: Type.Array(Int, { description: 'bindus per sign, Mesha first, of all seven' }),
        total_bindus: Type.Integer({ description: '337' }),
      }),
    ),
    yogas: Type.Optional(YogaReport),
    strengths: Type.Optional(StrengthReport),
    cached: Type.Boolean(),
  },
  { description: 'The chart: the parts `needs` asked for (all with full)' },
);

/** /astro answers JSON, or with format=toon the same chart as TOON text. */
export const AstroAnswers = ContentTypes('The chart as JSON, or with format=toon the same chart as TOON (text/plain)', {
  'application/json': AstroResponse,
  'text/plain': Type.String({ description: 'the chart as TOON (https://toonformat.dev): the same data as the JSON in fewer bytes' }),
});

const DayLimb = (extra: Record<string, TSchema>) => {
  const fields = { number: Int, name: Type.String(), ...extra, ends: Type.String({ description: 'YYYY-MM-DD HH:MM, local' }) };
  return Type.Object(
    { ...fields, then: Type.Optional(Type.Array(Type.Object(fields), { description: 'the ones that begin before the next sunrise' })) },
    { description: 'in force at sunrise' },
  );
};
const HmRange = (description: string) => Type.Array(Type.String(), { minItems: 2, maxItems: 2, description: `${description}: start and end, HH:MM local` });
const Hm = (description: string) => Type.String({ description: `${description}, HH:MM local` });

const Iso = (what: string) =>
  Type.String({ format: 'date-time', description: `${what}: ISO 8601 local time with the place's offset, to the minute (2025-11-22T05:02:00+05:30)` });
const Span = (description: string, extra: Record<string, TSchema> = {}) => Type.Object({ ...extra, start: Iso('start'), end: Iso('end') }, { description });
const Part = StringOf(['day', 'night'] as const, 'day (sunrise to sunset) or night (sunset to the next sunrise)');
const NakshatraRef = Type.Object({ number: Type.Integer({ minimum: 1, maximum: 27 }), name: Type.String() }, { description: 'the nakshatra it belongs to' });
const NakshatraWindow = (what: string) =>
  Type.Array(Span(what, { nakshatra: NakshatraRef }), {
    description: `${what}: 4 ghatis (1/15 of the nakshatra) from the tabled ghati of each nakshatra, scaled to its real length; those that begin between sunrise and the next sunrise (none, one or two)`,
  });
const ChoghadiyaPart = Type.Object({
  name: StringOf(Object.values(CHOGHADIYAS)),
  quality: StringOf([...new Set(Object.values(CHOGHADIYA_QUALITY))], 'good (Amrit, Shubh, Labh), neutral (Char) or bad (Udveg, Kaal, Rog)'),
  lord: GrahaCode,
  start: Iso('start'),
  end: Iso('end'),
});

const Muhurtas = Type.Object(
  {
    brahma: Span('Brahma muhurta: the 14th muhurta of the night ending at sunrise (sunrise − 2 to − 1 night muhurtas of 1/15 night)'),
    pratah_sandhya: Span('Pratah Sandhya: from the middle of Brahma muhurta to sunrise'),
    abhijit: Span('Abhijit: the 8th of the 15 day muhurtas (the same span as the top-level abhijit)'),
    vijaya: Span('Vijaya muhurta: the 11th day muhurta'),
    godhuli: Span('Godhuli: from sunset for half a night muhurta (one ghati of the night)'),
    sayahna_sandhya: Span('Sayahna Sandhya: from sunset for 1.5 night muhurtas'),
    nishita: Span("Nishita: the 8th of the 15 night muhurtas, around the night's midpoint"),
    dur_muhurtam: Type.Array(
      Span('one dur muhurtam', { part: Part, muhurta: Type.Integer({ minimum: 1, maximum: 15, description: 'which of the 15 muhurtas of that part' }) }),
      { description: 'Dur muhurtam by weekday: Sun day 14; Mon day 9, 12; Tue day 4, night 7; Wed day 8; Thu day 6, 12; Fri day 4, 9; Sat day 1, 2' },
    ),
    varjyam: NakshatraWindow('Varjyam (tyajya)'),
    amrit_kalam: NakshatraWindow('Amrit kalam'),
  },
  { description: 'the muhurtas of the Hindu day (sunrise to the next sunrise); definitions in docs/decisions/panchang-muhurtas.md' },
);

export const PanchangResponse = Type.Object({
  status: Ok,
  date: Type.String({ description: 'YYYY-MM-DD' }),
  place: Type.Object({
    name: Type.Union([Type.String(), Type.Null()], { description: 'the city, or null for coordinates' }),
    latitude: Type.Number(),
    longitude: Type.Number(),
    timezone: Type.String({ description: 'offset used, like +05:30' }),
    timezone_source: Type.String({ description: 'the IANA zone whose offset was used, or explicit (tz given)' }),
  }),
  settings: Type.Object({ ayanamsa: StringOf(AYANAMSA_NAMES), zodiac: Type.Literal('sidereal'), sunrise: Type.String(), limbs: Type.String() }),
  weekday: StringOf(WEEKDAYS),
  vara: StringOf(VARAS),
  sunrise: Hm('sunrise'),
  sunset: Hm('sunset'),
  next_sunrise: Type.String({ description: 'YYYY-MM-DD HH:MM, local' }),
  moonrise: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM local; null when the Moon does not rise that day' }),
  moonset: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM local; null when the Moon does not set that day' }),
  tithi: DayLimb({ paksha: Paksha }),
  nakshatra: DayLimb({ lord: GrahaCode }),
  yoga: DayLimb({}),
  karana: DayLimb({}),
  rahu_kalam: HmRange('Rahu kalam'),
  yamaganda: HmRange('Yamaganda'),
  gulika_kalam: HmRange('Gulika kalam'),
  abhijit: HmRange('Abhijit muhurta'),
  calendar: DayCalendar,
  local: Type.Optional(LocalNames),
  festivals: Type.Array(FestivalEntry, { description: 'the observances and vrats of the day, by the rules of /panchang/festivals' }),
  solar_calendars: Type.Optional(SolarCalendars),
  muhurtas: Type.Optional(Muhurtas),
  choghadiya: Type.Optional(
    Type.Object(
      {
        day: Type.Array(ChoghadiyaPart, { description: 'sunrise to sunset in 8 equal parts, the first ruled by the weekday lord' }),
        night: Type.Array(ChoghadiyaPart, {
          description: 'sunset to the next sunrise in 8 equal parts, the first ruled by the lord of the fifth weekday on',
        }),
      },
      { description: 'Choghadiya (chaughadiya): Udveg (Sun), Char (Venus), Labh (Mercury), Amrit (Moon), Kaal (Saturn), Shubh (Jupiter), Rog (Mars)' },
    ),
  ),
  horas: Type.Optional(
    Type.Array(Type.Object({ number: Type.Integer({ minimum: 1, maximum: 24 }), lord: GrahaCode, part: Part, start: Iso('start'), end: Iso('end') }), {
      description:
        'the 24 horas (planetary hours): day and night each in 12 equal parts, the first ruled by the weekday lord, then Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars in turn',
    }),
  ),
  cached: Type.Boolean(),
});
export type PanchangResponse = Static<typeof PanchangResponse>;

// ---- /astro/chart: the chart drawn ----

const { needs: _needs, format: _format, ...birthFields } = AstroQuery.properties;

export const ChartQuery = Type.Object({
  // The birth fields are /astro's own (one source of truth), so they validate and fail alike.
  ...birthFields,
  style: defaulted(
    Type.Enum([...CHART_STYLES], {
      default: 'north',
      description: 'north (diamond; the signs move with the lagna), south (fixed signs, Pisces top-left) or east (Bengali; fixed signs, Aries top-middle)',
    }),
  ),
  varga: defaulted(Type.Enum(VARGA_CHARTS, { default: 'D1', description: `divisional chart: ${VARGA_CHARTS.join(', ')}` })),
  format: defaulted(Type.Enum(['svg', 'png'], { default: 'svg', description: 'svg or png' })),
  size: IntRange(240, 2400, 480, 'width in pixels (the title lines add 12 to 16% to the height; an SVG also scales)'),
  lang: defaulted(Type.Enum([...CHART_LANGS], { default: 'en', description: 'en (Su Mo Ma …) or hi (सू चं मं …)' })),
  degrees: Flag('0', "1 prints each graha's degree in its rashi"),
  transit: Flag('0', "1 adds the grahas' positions now (or at transit_date) in a second colour"),
  transit_date: Type.Optional(
    Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2})?$',
      description: 'the transit moment, YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time at the place (default: now; a date alone is noon)',
    }),
  ),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description: 'a name for the title line' })),
});
export type ChartQuery = Static<typeof ChartQuery>;

export const ChartAnswers = ContentTypes('The chart drawn: SVG (format=svg) or PNG (format=png)', {
  'image/svg+xml': Type.String({
    contentMediaType: 'image/svg+xml',
    description: 'a standalone SVG document with a <title>, a <desc> of the placements, and data-graha, data-sign, data-house on each graha',
  }),
  'image/png': BinaryBody('image/png'),
});
