// The shape of one row of the observance table (observances.ts) and of the rules it names.

/**
 * The part of the day in which a tithi must hold. Instants: sunrise (udaya), moonrise. Windows:
 * arunodaya (4 ghatis = 96 min before sunrise), purvahna (first half of the day), madhyahna and
 * aparahna (3rd and 4th fifths of sunrise..sunset), pradosh (first fifth of the night: 3 night
 * muhurtas after sunset), nishita (8th of the night's 15 muhurtas), daytime (sunrise to sunset),
 * pitru-kerala (the 6¼ nazhikas, 150 minutes, before sunset: the Kerala rule for pitru kriya).
 */
export type Kala = 'sunrise' | 'moonrise' | 'arunodaya' | 'purvahna' | 'madhyahna' | 'aparahna' | 'pradosh' | 'nishita' | 'daytime' | 'pitru-kerala';

export type MonthName =
  | 'Chaitra'
  | 'Vaishakha'
  | 'Jyeshtha'
  | 'Ashadha'
  | 'Shravana'
  | 'Bhadrapada'
  | 'Ashwin'
  | 'Kartika'
  | 'Margashirsha'
  | 'Pausha'
  | 'Magha'
  | 'Phalguna';

export type Rule =
  | {
      kind: 'tithi';
      /** Amanta month (the tithi's month counted new moon to new moon), or every month. */
      month: MonthName | 'every';
      /** 1..30: Shukla Pratipada 1 … Purnima 15, Krishna Pratipada 16 … Amavasya 30. */
      tithi: number;
      kala: Kala;
      /** When the tithi holds at the kala on two days: the first (purva-viddha) or the second. Default first. */
      both?: 'first' | 'second';
      /** Vaishnava Ekadashi: a tithi touched by the one before it at arunodaya moves to the next day. */
      arunodayaViddha?: boolean;
      /**
       * Holika Dahan: the rite avoids Bhadra (Vishti karana, the first half of Purnima). When Bhadra
       * lasts past midnight and Purnima still holds at the next sunrise, it moves to the next evening.
       */
      bhadraFree?: boolean;
      /** At sunrise, the tithi must also last this share of the daytime after sunrise (Raksha Bandhan: 3 muhurtas = 1/5). */
      minAfterSunrise?: number;
      /** Smarta Ekadashi: the fast is broken (parana) within Dwadashi at the next sunrise when it can be. */
      parana?: boolean;
      /**
       * Of the days whose kala the tithi touches, the first (Skanda Sashti: the day Panchami ends or
       * Shashthi begins between sunrise and sunset), instead of the day it covers more.
       */
      firstTouch?: boolean;
      /**
       * The solar month (sign of the Sun at the day's sunrise, 1 = Mesha) the day must fall in, for
       * the Tamil and Kerala observances named by a solar month (Chitra Pournami, Aadi Amavasai,
       * Vaikunta Ekadashi); with it, `month` is usually 'every'.
       */
      sunIn?: number;
      /** The weekday the day must be (0 = Sunday): Somavati Amavasya, Shani Pradosh, Angaraki Chaturthi. */
      weekday?: number;
      /**
       * Only a day whose window the tithi covers whole counts (Karkidaka Vavu: the Amavasya in force
       * through the 6¼ nazhikas before sunset); with none, the day whose daytime it covers more.
       */
      wholeWindow?: boolean;
      /** With `sunIn`: only the first such day of the solar month (Karkidaka Vavu: the first Vavu of Karkidakam). */
      firstInSolarMonth?: boolean;
    }
  | {
      kind: 'sankranti';
      /** Sign the Sun enters, 1 = Mesha. */
      rashi: number;
      /**
       * The civil day kept, by the rules of solar.ts: sunset (Tamil rule: that day if the Sun enters
       * before sunset, else the next), madhyahna (Kerala rule: within the first 3/5 of the daytime),
       * midnight-next (Bengal rule: the civil day after), civil-day (Orissa rule: the civil day it
       * enters on), first-sunrise (the first sunrise after it: Vishukkani).
       */
      reckoning: 'sunset' | 'madhyahna' | 'midnight-next' | 'civil-day' | 'first-sunrise';
    }
  | {
      kind: 'nakshatra';
      /** 1..27, Ashwini = 1. */
      nakshatra: number;
      /** The solar month: the sign the Sun is in at sunrise, 1 = Mesha. */
      sunIn: number;
      /**
       * The earliest day of the solar month (the first sunrise after the sankranti is day 1). Onam:
       * a Thiruvonam in Chingam's first four days is passed over for the next (see the decision record).
       */
      fromDay?: number;
      /** Of the sunrises in the solar month with the nakshatra, the one nearest Purnima (Thaipusam). */
      nearPurnima?: boolean;
      /** The nakshatra must hold at sunset instead of sunrise (Karthigai Deepam, lamps at dusk). */
      atSunset?: boolean;
    }
  | { kind: 'relative'; of: string; days: number }
  /** The last given weekday (0 = Sunday) before another observance's day (Varalakshmi Vratam: the Friday before Shravana Purnima). */
  | { kind: 'weekday-before'; of: string; weekday: number; days?: number }
  /**
   * The nearest day before another observance whose sunrise nakshatra is this one (1..27), the
   * first day of its run: Onam's days, counted by nakshatra back from Thiruvonam, not by a fixed
   * count; Maha Bharani, back from Mahalaya Amavasya.
   */
  | { kind: 'nakshatra-before'; of: string; nakshatra: number };

export type School = 'smarta' | 'vaishnava';

export interface Observance {
  id: string;
  en: string;
  hi: string;
  /** Marathi (Devanagari). */
  mr: string;
  /** Tamil, where the name differs in use. */
  ta?: string;
  /** Bengali, where the name differs in use. */
  bn?: string;
  category: 'festival' | 'vrat' | 'ekadashi' | 'sankranti' | 'jayanti' | 'purnima' | 'amavasya' | 'navratri';
  /** How the month in the festival's traditional name is counted. */
  system: 'amanta' | 'purnimanta' | 'solar';
  rule: Rule;
  /** Whether it is kept in an adhika month: skipped (the default for festivals), only then, or in both. */
  adhika?: 'skip' | 'only' | 'also';
  /** The school the main rule follows, when another school has its own (variants). */
  school?: School;
  variants?: { school: School; rule: Rule }[];
  /** Where it is kept, for rows of one region or community (region=); pan-Indian rows have none. */
  region?: Region;
  source: string;
}

export const REGIONS = [
  'tamil-nadu',
  'kerala',
  'bengal',
  'odisha',
  'assam',
  'andhra-telangana',
  'karnataka',
  'maharashtra',
  'gujarat',
  'rajasthan',
  'bihar',
  'jain',
  'sikh',
] as const;
export type Region = (typeof REGIONS)[number];
