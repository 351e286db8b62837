// Names of the lunisolar calendar: the twelve lunar months (amanta numbering, Chaitra = 1) in
// English, Hindi and Marathi, the six ritus, and the 60 samvatsaras of the Jupiter cycle in the
// South Indian (Ugadi) count. Spellings follow the usual IAST-less transliteration drikpanchang uses.

export const LUNAR_MONTHS = [
  'Chaitra',
  'Vaishakha',
  'Jyeshtha',
  'Ashadha',
  'Shravana',
  'Bhadrapada',
  'Ashwin',
  'Kartika',
  'Margashirsha',
  'Pausha',
  'Magha',
  'Phalguna',
] as const;
export type LunarMonth = (typeof LUNAR_MONTHS)[number];

export const LUNAR_MONTHS_HI = ['चैत्र', 'वैशाख', 'ज्येष्ठ', 'आषाढ़', 'श्रावण', 'भाद्रपद', 'आश्विन', 'कार्तिक', 'मार्गशीर्ष', 'पौष', 'माघ', 'फाल्गुन'] as const;
export const LUNAR_MONTHS_MR = ['चैत्र', 'वैशाख', 'ज्येष्ठ', 'आषाढ', 'श्रावण', 'भाद्रपद', 'आश्विन', 'कार्तिक', 'मार्गशीर्ष', 'पौष', 'माघ', 'फाल्गुन'] as const;

/** Two lunar months each, Chaitra and Vaishakha first. */
export const RITUS = ['Vasanta', 'Grishma', 'Varsha', 'Sharad', 'Hemanta', 'Shishira'] as const;

/** Prabhava first; the Shaka year S (from Chaitra Shukla Pratipada) is number (S + 11) mod 60. */
export const SAMVATSARAS = [
  'Prabhava',
  'Vibhava',
  'Shukla',
  'Pramoda',
  'Prajapati',
  'Angirasa',
  'Shrimukha',
  'Bhava',
  'Yuva',
  'Dhatri',
  'Ishvara',
  'Bahudhanya',
  'Pramathi',
  'Vikrama',
  'Vrisha',
  'Chitrabhanu',
  'Svabhanu',
  'Tarana',
  'Parthiva',
  'Vyaya',
  'Sarvajit',
  'Sarvadhari',
  'Virodhi',
  'Vikriti',
  'Khara',
  'Nandana',
  'Vijaya',
  'Jaya',
  'Manmatha',
  'Durmukhi',
  'Hevilambi',
  'Vilambi',
  'Vikari',
  'Sharvari',
  'Plava',
  'Shubhakrit',
  'Shobhakrit',
  'Krodhi',
  'Vishvavasu',
  'Parabhava',
  'Plavanga',
  'Kilaka',
  'Saumya',
  'Sadharana',
  'Virodhikrit',
  'Paridhavi',
  'Pramadi',
  'Ananda',
  'Rakshasa',
  'Nala',
  'Pingala',
  'Kalayukta',
  'Siddharthi',
  'Raudra',
  'Durmati',
  'Dundubhi',
  'Rudhirodgari',
  'Raktakshi',
  'Krodhana',
  'Akshaya',
] as const;

export const SAMVATSARA_CONVENTION = 'South Indian (Ugadi) count: Shaka year S is number (S + 11) mod 60, Prabhava first; changes at Chaitra Shukla Pratipada';
