// The spellings people write for the names of Jyotish: nakshatras, rashis, tithis, masas and
// grahas, read to the one name this service writes. Two steps: a folding that makes the common
// transliteration variants one key (ashwini, ashvini and aswini; moola and mula; dhanishtha and
// dhanishta; jyeshta and jyestha; sravana and shravana; purva and poorva), then a short table of
// the forms folding cannot reach (regional names, English names, shortened forms such as uthra).
// Sources and the folding rules: docs/decisions/parameter-typos.md. Anything else gets the
// nearest name as a suggestion (edit distance between the folded forms).

import { editDistance } from '../../lib/fuzzy/index.js';
import { GRAHAS, GRAHA_NAMES, NAKSHATRAS, RASHIS, TITHIS } from './calc/names.js';
import { LUNAR_MONTHS } from './calendar/names.js';

/**
 * One key for the spellings of a name: letters only, aspirates and sibilants merged (sh, s; th, t;
 * dh, d; bh, b; kh, k; gh, g; ph, p; ch, c), w as v, long vowels as short (aa, ee, ii, oo, uu),
 * ri and ru after a consonant as r (Krittika, Kruttika), doubled letters once, no final a or m
 * (Mesh, Mesha; Moolam, Mula), and the prefix uthr/uttr/utr as utar (Uthra, Uttara).
 */
export function foldName(raw: string): string {
  let s = raw.toLowerCase().replace(/[^a-z]/g, '');
  s = s
    .replace(/([kgcjtdpb])h/g, '$1')
    .replace(/sh/g, 's')
    .replace(/w/g, 'v')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu|ou/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/([bcdgjkmnpstv])r[iu]/g, '$1r')
    .replace(/(.)\1+/g, '$1')
    .replace(/^utr/, 'utar');
  return s.replace(/[am]+$/, '') || s;
}

/** Forms folding does not reach, by the name they stand for. */
const NAKSHATRA_ALIASES: Record<string, readonly string[]> = {
  Ashwini: ['Aswathi', 'Asvati'],
  Krittika: ['Karthigai', 'Karthika', 'Kartika'],
  Mrigashira: ['Mrigashirsha', 'Makayiram', 'Mrigasheersha'],
  Ardra: ['Arudra', 'Thiruvathira', 'Tiruvadirai'],
  Punarvasu: ['Punartham', 'Punarpoosam'],
  Pushya: ['Pushyami', 'Poosam', 'Pooyam', 'Tishya'],
  Ashlesha: ['Ayilyam', 'Aslesha'],
  Magha: ['Makha', 'Makam'],
  'Purva Phalguni': ['Pubba', 'Pooram', 'Purvaphalguni'],
  'Uttara Phalguni': ['Uttara', 'Uthram', 'Uttaram', 'Uthiram'],
  Hasta: ['Atham', 'Hastham'],
  Chitra: ['Chitta', 'Chithirai'],
  Swati: ['Chothi', 'Swathi'],
  Vishakha: ['Visakam', 'Vishakam'],
  Anuradha: ['Anizham', 'Anusham'],
  Jyeshtha: ['Kettai', 'Thrikketta', 'Jyeshta', 'Jyestha'],
  Mula: ['Moolam', 'Moola'],
  'Purva Ashadha': ['Pooradam', 'Purvashadha', 'Poorvashada'],
  'Uttara Ashadha': ['Uthradam', 'Uttarashadha', 'Uthrashada'],
  Shravana: ['Thiruvonam', 'Sravanam', 'Shravan'],
  Dhanishta: ['Dhanishtha', 'Avittam', 'Shravishtha'],
  Shatabhisha: ['Satabhisha', 'Shatabhishak', 'Chathayam', 'Sadayam', 'Shatataraka'],
  'Purva Bhadrapada': ['Purvabhadra', 'Poorattathi', 'Purva Bhadra', 'Purva Proshthapada'],
  'Uttara Bhadrapada': ['Uttarabhadra', 'Uthrattathi', 'Uttara Bhadra', 'Uttara Proshthapada'],
  Revati: ['Revathi'],
};

const RASHI_ALIASES: Record<string, readonly string[]> = {
  Mesha: ['Aries', 'Mesham'],
  Vrishabha: ['Taurus', 'Rishabha', 'Edavam'],
  Mithuna: ['Gemini'],
  Karka: ['Cancer', 'Karkata', 'Karkataka', 'Kataka'],
  Simha: ['Leo', 'Singh', 'Simham'],
  Kanya: ['Virgo', 'Kanni'],
  Tula: ['Libra', 'Thulam'],
  Vrishchika: ['Scorpio', 'Vrischikam'],
  Dhanu: ['Sagittarius', 'Dhanus', 'Dhanush', 'Dhanusu'],
  Makara: ['Capricorn', 'Makaram'],
  Kumbha: ['Aquarius', 'Kumbham'],
  Meena: ['Pisces', 'Meenam'],
};

const TITHI_ALIASES: Record<string, readonly string[]> = {
  Pratipada: ['Pratipat', 'Prathama', 'Padyami', 'Pratham'],
  Dwitiya: ['Dvitiya', 'Vidiya', 'Dooj', 'Duj', 'Dwithiya'],
  Tritiya: ['Trutiya', 'Tadiya', 'Teej', 'Thritiya'],
  Chaturthi: ['Chauth', 'Chavithi'],
  Shashthi: ['Shashti', 'Sashti', 'Chhath', 'Shasti'],
  Ekadashi: ['Ekadasi', 'Gyaras'],
  Trayodashi: ['Teras', 'Thrayodashi'],
  Chaturdashi: ['Chaudas', 'Chathurdasi'],
  Purnima: ['Pournami', 'Purnamasi', 'Poornima', 'Pournima', 'Full moon'],
  Amavasya: ['Amavasai', 'Amavasi', 'Amavas', 'New moon'],
};

const MASA_ALIASES: Record<string, readonly string[]> = {
  Chaitra: ['Chait', 'Chaithra'],
  Vaishakha: ['Baisakh', 'Vaisakh', 'Baishakh', 'Vaishakh'],
  Jyeshtha: ['Jeth', 'Jyeshta', 'Jyestha'],
  Ashadha: ['Asharh', 'Aashaadha', 'Ashad'],
  Shravana: ['Sawan', 'Savan', 'Shravan', 'Sravana'],
  Bhadrapada: ['Bhadon', 'Bhadra', 'Bhadrapad', 'Bhado'],
  Ashwin: ['Ashvayuja', 'Asvina', 'Kwar', 'Ashwina', 'Aswayuja'],
  Kartika: ['Kartik', 'Karthika', 'Karthik'],
  Margashirsha: ['Margasira', 'Agrahayana', 'Aghan', 'Agahan', 'Margashira'],
  Pausha: ['Paush', 'Pausa', 'Pushya', 'Poush'],
  Magha: ['Magh', 'Maagha'],
  Phalguna: ['Phalgun', 'Falgun', 'Phagun'],
};

const GRAHA_ALIASES: Record<string, readonly string[]> = {
  Sun: ['Su', 'Surya', 'Ravi', 'Aditya'],
  Moon: ['Mo', 'Chandra', 'Soma', 'Chandrama'],
  Mars: ['Ma', 'Mangala', 'Mangal', 'Kuja', 'Angaraka', 'Chevvai'],
  Mercury: ['Me', 'Budha', 'Budh'],
  Jupiter: ['Ju', 'Guru', 'Brihaspati', 'Brihaspathi', 'Vyazham'],
  Venus: ['Ve', 'Shukra', 'Sukra', 'Sukran'],
  Saturn: ['Sa', 'Shani', 'Sani', 'Shanaishchara', 'Shanishchar'],
  Rahu: ['Ra'],
  Ketu: ['Ke'],
};

/** A kind of name: its names as this service writes them, and the other spellings of each. */
export class Spellings {
  private readonly byKey = new Map<string, number>();

  constructor(
    readonly kind: string,
    readonly names: readonly string[],
    aliases: Record<string, readonly string[]>,
  ) {
    const add = (form: string, i: number) => {
      for (const key of [form.toLowerCase().replace(/[^a-z]/g, ''), foldName(form)]) {
        const had = this.byKey.get(key);
        if (had !== undefined && had !== i) throw new Error(`${kind}: "${form}" reads as both ${names[had]} and ${names[i]}`);
        this.byKey.set(key, i);
      }
    };
    names.forEach((n, i) => add(n, i));
    for (const [name, forms] of Object.entries(aliases)) {
      const i = names.indexOf(name);
      if (i < 0) throw new Error(`${kind}: no ${name} to spell`);
      for (const f of forms) add(f, i);
    }
  }

  /** The 0-based index of the name a spelling stands for, if it stands for one. */
  index(raw: string): number | undefined {
    const exact = raw.toLowerCase().replace(/[^a-z]/g, '');
    return this.byKey.get(exact) ?? this.byKey.get(foldName(raw));
  }

  /** The name nearest to a spelling that matched none (by the folded forms), if one is close. */
  nearest(raw: string): string | undefined {
    const key = foldName(raw);
    if (key.length < 3) return undefined;
    const limit = key.length <= 5 ? 1 : key.length <= 8 ? 2 : 3;
    let best: number | undefined;
    let bestD = limit + 1;
    for (const [form, i] of this.byKey) {
      const d = editDistance(key, form, { limit, transpositions: true });
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    }
    return best === undefined ? undefined : this.names[best];
  }
}

export const NAKSHATRA_SPELLINGS = new Spellings('nakshatra', NAKSHATRAS, NAKSHATRA_ALIASES);
export const RASHI_SPELLINGS = new Spellings('rashi', RASHIS, RASHI_ALIASES);
/** The 14 tithis named alike in both pakshas, then the full and the new moon. */
export const TITHI_SPELLINGS = new Spellings('tithi', [...TITHIS, 'Purnima', 'Amavasya'], TITHI_ALIASES);
export const MASA_SPELLINGS = new Spellings('masa', LUNAR_MONTHS, MASA_ALIASES);
export const GRAHA_SPELLINGS = new Spellings(
  'graha',
  GRAHAS.map((g) => GRAHA_NAMES[g]),
  GRAHA_ALIASES,
);
