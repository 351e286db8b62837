// Names of the calendar in ten languages (lang=): English, Hindi, Marathi, Gujarati, Bengali, Odia,
// Tamil, Telugu, Kannada and Malayalam. Weekdays (vara) and the twelve months (masa) are read from
// the Unicode CLDR through the ICU that Node carries (weekday names; the Indian national calendar's
// month names, Chaitra first), so no name is transliterated here: CLDR's own words, in each script.
// Tamil's CLDR months are the Tamil month names (Chithirai …), which Tamil almanacs also use for the
// lunar months. Observance names come from the table's own columns (en, hi, mr, and ta or bn where
// the name in use differs); a language the row lacks falls back to English and says so.

import type { Observance } from './types.js';

export const LANGS = ['en', 'hi', 'mr', 'gu', 'bn', 'or', 'ta', 'te', 'kn', 'ml'] as const;
export type Lang = (typeof LANGS)[number];

export const NAME_SOURCES = {
  vara: 'Unicode CLDR weekday names (via ICU in Node.js)',
  masa: 'Unicode CLDR month names of the Indian national calendar, Chaitra first (via ICU in Node.js)',
  observance: "the observance table's name columns (en, hi, mr; ta and bn where the name in use differs)",
} as const;

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
  lunar_month: { amanta: { number: number }; purnimanta: { name: string } };
  festivals: { id: string }[];
}

/** A month's days with their names in a language added (`local`, and `local_name` on each observance it has). */
export function localizeDays<D extends DayLike>(days: readonly D[], lang: Lang, byId: ReadonlyMap<string, Observance>, months: readonly string[]): D[] {
  if (lang === 'en') return [...days];
  const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  return days.map((d) => ({
    ...d,
    local: {
      lang,
      weekday: varaName(lang, weekdays.indexOf(d.weekday)),
      lunar_month: masaName(lang, d.lunar_month.amanta.number),
      lunar_month_purnimanta: masaName(lang, months.indexOf(d.lunar_month.purnimanta.name) + 1),
    },
    festivals: d.festivals.map((f) => {
      const name = byId.get(f.id) && observanceName(byId.get(f.id)!, lang);
      return name ? { ...f, local_name: name } : f;
    }),
  }));
}
