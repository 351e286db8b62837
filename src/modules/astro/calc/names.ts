// Names and fixed tables of Jyotish used across the calculations (BPHS conventions).
// Rashis, nakshatras, tithis, yogas and karanas are numbered from 1 in output, as the texts do.

export const RASHIS = ['Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena'] as const;

export const NAKSHATRAS = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;

export const TITHIS = [
  'Pratipada',
  'Dwitiya',
  'Tritiya',
  'Chaturthi',
  'Panchami',
  'Shashthi',
  'Saptami',
  'Ashtami',
  'Navami',
  'Dashami',
  'Ekadashi',
  'Dwadashi',
  'Trayodashi',
  'Chaturdashi',
] as const;

export const YOGAS = [
  'Vishkambha',
  'Priti',
  'Ayushman',
  'Saubhagya',
  'Shobhana',
  'Atiganda',
  'Sukarma',
  'Dhriti',
  'Shula',
  'Ganda',
  'Vriddhi',
  'Dhruva',
  'Vyaghata',
  'Harshana',
  'Vajra',
  'Siddhi',
  'Vyatipata',
  'Variyana',
  'Parigha',
  'Shiva',
  'Siddha',
  'Sadhya',
  'Shubha',
  'Shukla',
  'Brahma',
  'Indra',
  'Vaidhriti',
] as const;

const MOVABLE_KARANAS = ['Bava', 'Balava', 'Kaulava', 'Taitila', 'Gara', 'Vanija', 'Vishti'] as const;

/** Karana 1..60 of the lunar month: Kimstughna, then the seven movable ones eight times, then the fixed three. */
export function karanaName(n: number): string {
  if (n === 1) return 'Kimstughna';
  if (n >= 58) return ['Shakuni', 'Chatushpada', 'Naga'][n - 58]!;
  return MOVABLE_KARANAS[(n - 2) % 7]!;
}

/** Tithi 1..30 as the panchangas write it: "Shukla Dwitiya", "Krishna Amavasya" is just "Amavasya". */
export function tithiName(n: number): { name: string; paksha: 'Shukla' | 'Krishna' } {
  const paksha = n <= 15 ? 'Shukla' : 'Krishna';
  if (n === 15) return { name: 'Purnima', paksha };
  if (n === 30) return { name: 'Amavasya', paksha };
  return { name: `${paksha} ${TITHIS[(n - 1) % 15]}`, paksha };
}

export const VARAS = ['Ravivara', 'Somavara', 'Mangalavara', 'Budhavara', 'Guruvara', 'Shukravara', 'Shanivara'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The nine grahas in the order the output lists them. */
export const GRAHAS = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke'] as const;
export type Graha = (typeof GRAHAS)[number];

export const GRAHA_NAMES: Record<Graha, string> = {
  Su: 'Sun',
  Mo: 'Moon',
  Ma: 'Mars',
  Me: 'Mercury',
  Ju: 'Jupiter',
  Ve: 'Venus',
  Sa: 'Saturn',
  Ra: 'Rahu',
  Ke: 'Ketu',
};

/** Vimshottari order (lord of Ashwini first) and years. */
export const VIMSHOTTARI: readonly { lord: Graha; years: number }[] = [
  { lord: 'Ke', years: 7 },
  { lord: 'Ve', years: 20 },
  { lord: 'Su', years: 6 },
  { lord: 'Mo', years: 10 },
  { lord: 'Ma', years: 7 },
  { lord: 'Ra', years: 18 },
  { lord: 'Ju', years: 16 },
  { lord: 'Sa', years: 19 },
  { lord: 'Me', years: 17 },
];

/** Lord of nakshatra i (0-based): the Vimshottari order repeated three times. */
export const nakshatraLord = (i: number): Graha => VIMSHOTTARI[i % 9]!.lord;

export const NAKSHATRA_SPAN = 360 / 27;

/** Normalises an angle into [0, 360). */
export const norm360 = (x: number): number => {
  const r = x % 360;
  return r < 0 ? r + 360 : r;
};

/** Where a sidereal longitude falls: rashi (1..12), degree in it, nakshatra (1..27) and pada (1..4). */
export function placeOf(lon: number) {
  const l = norm360(lon);
  const sign = Math.floor(l / 30);
  const nak = Math.floor(l / NAKSHATRA_SPAN);
  const pada = Math.floor((l - nak * NAKSHATRA_SPAN) / (NAKSHATRA_SPAN / 4)) + 1;
  return {
    rashi: sign + 1,
    rashi_name: RASHIS[sign]!,
    degree: round(l - sign * 30, 6),
    nakshatra: { number: nak + 1, name: NAKSHATRAS[nak]!, pada, lord: nakshatraLord(nak) },
  };
}

export const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
