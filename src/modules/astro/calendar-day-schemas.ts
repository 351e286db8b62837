// Schemas of the calendar blocks /panchang adds to its day (`calendar`, `festivals`), shared by the
// month and year views (calendar-schemas.ts). Kept apart so schemas.ts can use them without a cycle.

import { StringOf, Type } from '../../core/schema.js';
import { RASHIS } from './calc/names.js';
import { LUNAR_MONTHS, RITUS, SAMVATSARAS } from './calendar/names.js';
import { LANGS } from './calendar/lang-names.js';
import { REGIONS } from './calendar/types.js';

export const Int = Type.Integer();
export const Str = (description?: string) => Type.String(description ? { description } : {});
export const Paksha = StringOf(['Shukla', 'Krishna'] as const);
const Month = StringOf(LUNAR_MONTHS);
const Rashi = StringOf(RASHIS);

export const LunarMonthNames = Type.Object({
  amanta: Type.Object({
    name: Month,
    hindi: Str(),
    number: Type.Integer({ minimum: 1, maximum: 12, description: 'Chaitra = 1' }),
    adhika: Type.Boolean({ description: 'true in an adhika (leap) month: one in which the Sun enters no sign' }),
    label: Str('Adhika or Nija and the name'),
  }),
  purnimanta: Type.Object(
    { name: Month, hindi: Str(), adhika: Type.Boolean() },
    { description: 'full moon to full moon: a Krishna paksha takes the next month’s name' },
  ),
});

export const DayCalendar = Type.Object(
  {
    lunar_month: LunarMonthNames,
    paksha: Paksha,
    tithi_at_sunrise: Type.Object({ number: Int, name: Str(), ends: Str('YYYY-MM-DD HH:MM, local') }),
    kshaya_tithis: Type.Array(Str(), { description: 'tithis that begin and end between this sunrise and the next (lost)' }),
    vriddhi_tithi: Type.Boolean({ description: 'the sunrise tithi also holds at the next sunrise (repeated)' }),
    vikram_samvat: Type.Integer({ description: 'Vikram Samvat year (changes at Chaitra Shukla Pratipada)' }),
    shaka_samvat: Type.Integer({ description: 'Shaka Samvat year (changes at Chaitra Shukla Pratipada)' }),
    samvatsara: Type.Object({ name: StringOf(SAMVATSARAS), number: Type.Integer({ minimum: 1, maximum: 60 }), convention: Str() }),
    ritu: StringOf(RITUS),
    ritu_convention: Str(),
    ayana: StringOf(['Uttarayana', 'Dakshinayana'] as const),
    ayana_convention: Str(),
    sun_sign: Rashi,
    moon_sign: Rashi,
    moon_sign_changes: Type.Union([Type.Object({ at: Str('YYYY-MM-DD HH:MM, local'), to: Rashi }), Type.Null()], {
      description: 'when the Moon enters the next sign before the next sunrise; null if it does not',
    }),
    day_length: Str('sunrise to sunset, HH:MM'),
    night_length: Str('sunset to next sunrise, HH:MM'),
  },
  { description: 'the Hindu calendar of the day, at sunrise' },
);

export const FestivalEntry = Type.Object({
  id: Str('stable identifier of the observance'),
  name: Str('English name'),
  names: Type.Object(
    { en: Str(), hi: Str('Hindi'), mr: Str('Marathi'), ta: Type.Optional(Str('Tamil')), bn: Type.Optional(Str('Bengali')) },
    { description: 'names by language code' },
  ),
  date: Str('YYYY-MM-DD, civil date at the place'),
  category: StringOf(['festival', 'vrat', 'ekadashi', 'sankranti', 'jayanti', 'purnima', 'amavasya', 'navratri'] as const),
  school: Type.Optional(StringOf(['smarta', 'vaishnava'] as const, 'the school whose rule gave this date, where schools differ')),
  month_system: StringOf(['amanta', 'purnimanta', 'solar'] as const, 'how the month of the traditional name is counted'),
  lunar_month: Type.Optional(Str('the month of the tithi, counted as month_system says (amanta for solar rows and adhika months), the system in brackets')),
  tithi: Type.Optional(Str('the tithi of the rule')),
  rule: Str('the rule that placed it on this day, in words'),
  source: Str('where the rule comes from'),
  local_name: Type.Optional(Str('the name in the language asked (lang=), where the table has it')),
  region: Type.Optional(StringOf(REGIONS, 'the region or community whose observance this is; absent for those kept across India')),
});

/** `calendar=`: a comma list of the regional solar calendars to add. */
export const CalendarParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 60,
    description: 'regional solar calendars to add, a comma list of tamil, malayalam, bengali, odia: the month, day and year of each (with its era)',
  }),
);

const SolarDate = Type.Object({
  calendar: StringOf(['tamil', 'malayalam', 'bengali', 'odia'] as const),
  month: Type.Object({
    number: Type.Integer({ minimum: 1, maximum: 12, description: "1 = the month that opens the calendar's year (Chingam in Malayalam)" }),
    name: Str(),
    native: Str('in the calendar’s own script'),
    sign: Type.Integer({ minimum: 1, maximum: 12, description: 'the sidereal sign the Sun is in, 1 = Mesha' }),
  }),
  day: Type.Integer({ minimum: 1, maximum: 32, description: 'day of the solar month' }),
  year: Type.Object({
    number: Int,
    name: Type.Optional(Str('the samvatsara, for the Tamil cycle')),
    native: Type.Optional(Str()),
    era: Str(),
  }),
  month_starts: Str('YYYY-MM-DD: the civil day this month began'),
  rule: Str('when a month begins after the sankranti, in words'),
  year_rule: Str('the era and when its year changes'),
});
export const SolarCalendars = Type.Object(
  {
    tamil: Type.Optional(SolarDate),
    malayalam: Type.Optional(SolarDate),
    bengali: Type.Optional(SolarDate),
    odia: Type.Optional(SolarDate),
  },
  { description: 'the date in each regional solar calendar asked for with calendar=' },
);

/** `region=`: one region's calendar (the pan-Indian rows and that region's). */
export const RegionParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 40,
    description: `one region's or community's calendar: the observances kept across India and that region's own (${REGIONS.join(', ')}); without it, every row`,
  }),
);

/** `lang=`: the language of the names (weekday, month, observances) and of the iCalendar summaries. */
export const LangParam = Type.Optional(
  StringOf(
    LANGS,
    'language of the names: en, hi (Hindi), mr (Marathi), gu (Gujarati), bn (Bengali), or (Odia), ta (Tamil), te (Telugu), kn (Kannada), ml (Malayalam); weekday and month names from Unicode CLDR, the limbs (tithi, nakshatra, yoga, karana, rashi, …) and observances where a cited table has them (else English, listed in english_fallback), and the .ics summaries',
  ),
);

export const LocalNames = Type.Object(
  {
    lang: StringOf(LANGS),
    weekday: Str(),
    lunar_month: Str('the amanta month, in the language (CLDR)'),
    lunar_month_purnimanta: Type.Optional(Str()),
    tithi: Str('the tithi at sunrise (without its paksha)'),
    paksha: Str(),
    nakshatra: Str('the nakshatra at sunrise'),
    yoga: Str('the yoga at sunrise'),
    karana: Type.Optional(Str('the karana at sunrise')),
    sun_sign: Type.Optional(Str()),
    moon_sign: Type.Optional(Str()),
    samvatsara: Type.Optional(Str()),
    ritu: Type.Optional(Str()),
    english_fallback: Type.Array(Str(), { description: 'the fields left in English: no cited source gave their name in this language' }),
  },
  { description: 'the day’s names in the language asked (lang=), absent for English' },
);
