// Schemas of the lunisolar calendar: the `calendar` and `festivals` blocks of /panchang, and the
// month (/panchang/month) and year (/panchang/festivals) views, JSON or iCalendar (format=ics).

import { ContentTypes, IntRange, Ok, Type, defaulted, type Static } from '../../core/schema.js';
import { FestivalEntry, Int, LangParam, LocalNames, LunarMonthNames, Paksha, RegionParam, SolarCalendars, Str } from './calendar-day-schemas.js';
import { PanchangQuery } from './schemas.js';

const Format = defaulted(
  Type.Enum(['json', 'ics'], { default: 'json', description: 'json, or ics: an RFC 5545 iCalendar file of all-day events to subscribe to' }),
);
const { date: _date, calendar, ...placeFields } = PanchangQuery.properties;

export const PanchangMonthQuery = Type.Object({
  year: Type.Optional(IntRange(1001, 2998, undefined, 'Gregorian year (default: this year in India)')),
  month: Type.Optional(IntRange(1, 12, undefined, 'Gregorian month (default: this month in India)')),
  ...placeFields,
  calendar,
  lang: LangParam,
  region: RegionParam,
  format: Format,
});
export type PanchangMonthQuery = Static<typeof PanchangMonthQuery>;

export const PanchangFestivalsQuery = Type.Object({
  year: Type.Optional(IntRange(1001, 2998, undefined, 'Gregorian year (default: this year in India)')),
  ...placeFields,
  lang: LangParam,
  region: RegionParam,
  format: Format,
});
export type PanchangFestivalsQuery = Static<typeof PanchangFestivalsQuery>;

const Place = Type.Object({
  name: Type.Union([Type.String(), Type.Null()], { description: 'the city, or null for coordinates' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  timezone: Type.String({ description: 'offset used on the first day, like +05:30' }),
  timezone_source: Type.String({ description: 'the IANA zone whose offsets were used (day by day), or explicit (tz given)' }),
});
const Settings = Type.Object({
  ayanamsa: Type.String(),
  region: Type.Optional(Str('the region asked (region=): the pan-Indian observances and its own')),
  month_rule: Str(),
  festival_rules: Str(),
  names: Type.Optional(
    Type.Object(
      { lang: Str(), sources: Type.Record(Type.String(), Type.String()) },
      { description: 'the language of the names and where each kind of name comes from' },
    ),
  ),
});
const LimbAtSunrise = Type.Object({ number: Int, name: Str(), ends: Str('YYYY-MM-DD HH:MM, local') });

export const MonthDay = Type.Object({
  date: Str('YYYY-MM-DD'),
  weekday: Str(),
  sunrise: Str('HH:MM local'),
  sunset: Str('HH:MM local'),
  tithi: LimbAtSunrise,
  nakshatra: LimbAtSunrise,
  yoga: LimbAtSunrise,
  paksha: Paksha,
  lunar_month: LunarMonthNames,
  local: Type.Optional(LocalNames),
  festivals: Type.Array(
    Type.Object({
      id: Str(),
      name: Str(),
      hi: Str(),
      category: Str(),
      school: Type.Optional(Str()),
      region: Type.Optional(Str()),
      local_name: Type.Optional(Str()),
    }),
    { description: 'observances and vrats of the day (full entries in /panchang/festivals)' },
  ),
  solar_calendars: Type.Optional(SolarCalendars),
});

export const PanchangMonthResponse = Type.Object({
  status: Ok,
  year: Int,
  month: Int,
  place: Place,
  settings: Settings,
  days: Type.Array(MonthDay),
  cached: Type.Boolean(),
});
export type PanchangMonthResponse = Static<typeof PanchangMonthResponse>;

export const PanchangFestivalsResponse = Type.Object({
  status: Ok,
  year: Int,
  place: Place,
  settings: Settings,
  count: Int,
  festivals: Type.Array(FestivalEntry),
  cached: Type.Boolean(),
});
export type PanchangFestivalsResponse = Static<typeof PanchangFestivalsResponse>;

const Ics = Type.String({ description: 'an RFC 5545 iCalendar file: one all-day VEVENT per observance' });
export const PanchangMonthAnswers = ContentTypes('The month as JSON, or with format=ics as an iCalendar file', {
  'application/json': PanchangMonthResponse,
  'text/calendar': Ics,
});
export const PanchangFestivalsAnswers = ContentTypes("The year's observances as JSON, or with format=ics as an iCalendar file", {
  'application/json': PanchangFestivalsResponse,
  'text/calendar': Ics,
});
