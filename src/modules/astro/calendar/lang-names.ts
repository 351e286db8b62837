// Names of the calendar in ten languages (lang=): English, Hindi, Marathi, Gujarati, Bengali, Odia,
// Tamil, Telugu, Kannada and Malayalam. Weekdays (vara) and the twelve months (masa) are read from
// the Unicode CLDR through the ICU that Node carries (weekday names; the Indian national calendar's
// month names, Chaitra first), so no name is transliterated here: CLDR's own words, in each script.
// Tamil's CLDR months are the Tamil month names (Chithirai …), which Tamil almanacs also use for the
// lunar months. Observance names come from the table's own columns (en, hi, mr, and ta or bn where
// the name in use differs); a language the row lacks falls back to English and says so.

import type { Observance } from './types.js';
import { localLimbs } from './limb-names.js';
import { NAKSHATRAS, RASHIS, TITHIS, WEEKDAYS, YOGAS } from '../calc/names.js';
import { RITUS, SAMVATSARAS } from './names.js';

export { LANGS, SCRIPT_OF, type Lang } from './langs.js';
import { LANGS, type Lang } from './langs.js';

export const NAME_SOURCES = {
  vara: 'Unicode CLDR weekday names (via ICU in Node.js)',
  masa: 'Unicode CLDR month names of the Indian national calendar, Chaitra first (via ICU in Node.js)',
  observance: "the observance table's name columns (en, hi, mr; ta and bn where the name in use differs)",
  limbs:
    'tithi, paksha, nakshatra, yoga, karana, rashi, samvatsara and ritu from the table of limb-names.ts, each column copied from a cited page (limb-names.SOURCES.md); English where no page was cited (english_fallback)',
} as const;

const WEEKDAY_EN: readonly string[] = WEEKDAYS;
const ENGLISH = { tithis: TITHIS, nakshatras: NAKSHATRAS, yogas: YOGAS, rashis: RASHIS, samvatsaras: SAMVATSARAS, ritus: RITUS };

/** The limbs of a day named in a language (see localLimbs). */
export const dayLimbs = (lang: Lang, n: Parameters<typeof localLimbs>[1]) => localLimbs(lang, n, ENGLISH);

/** A day in the middle of each Indian national month, Chaitra first (it opens on 22 March). */
const MID_MONTH = [
  '2023-04-05',
  '2023-05-05',
  '2023-06-05',
  '2023-07-05',
  '2023-08-05',
  '2023-09-05',
  '2023-10-05',
  '2023-11-05',
  '2023-12-05',
  '2024-01-05',
  '2024-02-05',
  '2024-03-05',
];

function cldr(lang: Lang) {
  const month = new Intl.DateTimeFormat(`${lang}-u-ca-indian`, { month: 'long', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  return {
    masa: MID_MONTH.map((d) => month.format(new Date(`${d}T12:00:00Z`))),
    // 7 January 2024 was a Sunday.
    vara: Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 7 + i, 12)))),
  };
}

const TABLE = new Map(LANGS.map((l) => [l, cldr(l)]));

/** The weekday (0 = Sunday) in a language. */
export const varaName = (lang: Lang, weekday: number): string => TABLE.get(lang)!.vara[weekday]!;

/** The month (1 = Chaitra) in a language. */
export const masaName = (lang: Lang, month: number): string => TABLE.get(lang)!.masa[month - 1]!;

/** An observance's name in a language, or undefined when the table has none in it. */
export function observanceName(o: Pick<Observance, 'en' | 'hi' | 'mr' | 'ta' | 'bn'>, lang: Lang): string | undefined {
  if (lang === 'en' || lang === 'hi' || lang === 'mr' || lang === 'ta' || lang === 'bn') return o[lang];
  return undefined;
}

interface DayLike {
  weekday: string;
  tithi: { number: number };
  nakshatra: { number: number };
  yoga: { number: number };
  lunar_month: { amanta: { number: number }; purnimanta: { name: string } };
  festivals: { id: string }[];
}

/** A month's days with their names in a language added (`local`, and `local_name` on each observance it has). */
export function localizeDays<D extends DayLike>(days: readonly D[], lang: Lang, byId: ReadonlyMap<string, Observance>, months: readonly string[]): D[] {
  if (lang === 'en') return [...days];
  return days.map((d) => ({
    ...d,
    local: {
      lang,
      weekday: varaName(lang, WEEKDAY_EN.indexOf(d.weekday)),
      lunar_month: masaName(lang, d.lunar_month.amanta.number),
      lunar_month_purnimanta: masaName(lang, months.indexOf(d.lunar_month.purnimanta.name) + 1),
      ...dayLimbs(lang, { tithi: d.tithi.number, nakshatra: d.nakshatra.number, yoga: d.yoga.number }),
    },
    festivals: d.festivals.map((f) => {
      const name = byId.get(f.id) && observanceName(byId.get(f.id)!, lang);
      return name ? { ...f, local_name: name } : f;
    }),
  }));
}

interface PanchangDayLike {
  weekday: string;
  tithi: { number: number };
  nakshatra: { number: number };
  yoga: { number: number };
  karana: { number: number };
  calendar: {
    lunar_month: { amanta: { number: number }; purnimanta: { name: string } };
    sun_sign: string;
    moon_sign: string;
    samvatsara: { number: number };
    ritu: string;
  };
}

/** The `local` block of a /panchang day in a language (undefined for English). */
export function localDay(lang: Lang, d: PanchangDayLike, months: readonly string[]) {
  if (lang === 'en') return undefined;
  const c = d.calendar;
  return {
    lang,
    weekday: varaName(lang, WEEKDAY_EN.indexOf(d.weekday)),
    lunar_month: masaName(lang, c.lunar_month.amanta.number),
    lunar_month_purnimanta: masaName(lang, months.indexOf(c.lunar_month.purnimanta.name) + 1),
    ...dayLimbs(lang, {
      tithi: d.tithi.number,
      nakshatra: d.nakshatra.number,
      yoga: d.yoga.number,
      karana: d.karana.number,
      sun_sign: (RASHIS as readonly string[]).indexOf(c.sun_sign) + 1,
      moon_sign: (RASHIS as readonly string[]).indexOf(c.moon_sign) + 1,
      samvatsara: c.samvatsara.number,
      ritu: (RITUS as readonly string[]).indexOf(c.ritu) + 1,
    }),
  };
}
