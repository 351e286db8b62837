// Letter values and the reading of a name: which characters are letters, where words
// (the separate names) begin and end, and which letters count as vowels.
//
// Pythagorean: A=1 … I=9, J=1 … R=9, S=1 … Z=8, i.e. ((position - 1) mod 9) + 1.
// Chaldean: A I J Q Y=1, B K R=2, C G L S=3, D M T=4, E H N X=5, U V W=6, O Z=7, F P=8;
// no letter is 9 (numrolab.com chaldean chart; the same grouping on aboutnumerology.com).
//
// Vowels are A E I O U; Y is a vowel when neither neighbour in its name is one of those
// (Lynn, Mary, Sally: vowel; Yolanda, Murray: consonant) — the convention the issue sets.
//
// Names are read in Latin letters only: accents are dropped (José → JOSE), a few Latin
// letters without a decomposition are spelt out (ß → SS, Æ → AE), and any other script is
// refused with a 400 — see docs/decisions/numerology-non-latin-names.md.

import { invalidParam } from '../../core/errors.js';

const CHALDEAN = [1, 2, 3, 4, 5, 8, 3, 5, 1, 1, 2, 3, 4, 5, 7, 8, 1, 2, 3, 4, 6, 6, 6, 5, 1, 7] as const;

/** Pythagorean value of an upper-case letter code (65..90). */
export const pythagorean = (code: number): number => ((code - 65) % 9) + 1;
/** Chaldean value of an upper-case letter code (65..90). */
export const chaldean = (code: number): number => CHALDEAN[code - 65];

const isAEIOU = (code: number | undefined): boolean => code === 65 || code === 69 || code === 73 || code === 79 || code === 85;

/** The sums of one name (one word of the full name). */
export interface WordSums {
  /** Sum of the Pythagorean values of every letter. */
  readonly pythagorean: number;
  /** Sum of the Chaldean values of every letter. */
  readonly chaldean: number;
  /** Pythagorean sum of the vowels (soul urge). */
  readonly vowels: number;
  /** Pythagorean sum of the consonants (personality). */
  readonly consonants: number;
  /** Pythagorean value of the first letter (balance number). */
  readonly initial: number;
}

export interface NameReading {
  /** The name as given, spaces collapsed (echoed in the response). */
  readonly display: string;
  readonly words: WordSums[];
  /** Bit d set when some letter has the Pythagorean value d (missing numbers). */
  readonly digitsPresent: number;
}

// Latin letters that NFKD does not split into a base letter and a mark.
const SPELT_OUT: Record<string, string> = {
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Ð: 'D',
  ð: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
  ĸ: 'K',
  Ŋ: 'NG',
  ŋ: 'NG',
};

const COMBINING_MARK = /\p{M}/u;
const ANY_LETTER = /\p{L}/u;

/** Characters that separate names: spaces, hyphens and dashes, periods (J.R.R.), commas. */
const isSeparator = (ch: string): boolean =>
  ch === ' ' || ch === '-' || ch === '.' || ch === ',' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0' || (ch >= '\u2010' && ch <= '\u2015');
/** Characters dropped inside a name without splitting it (O'Neil). */
const isIgnored = (ch: string): boolean => ch === "'" || ch === '\u2019' || ch === '\u2018' || ch === '`';

const NOT_LATIN =
  'name must be written in Latin letters (A-Z): numerology letter values are defined for the Latin alphabet, and a transliteration would have to guess the spelling';

// Most names are plain ASCII letters and spaces: those are read by slicing the upper-cased
// name at the separators rather than building each word a character at a time (the route
// reads a name on every request). Anything else takes the general reading below.
const PLAIN = /^[A-Za-z .,-]*$/;

/** The words of a name matched by PLAIN (separators: space, period, comma, hyphen). */
function plainWords(raw: string): string[] {
  const text = raw.toUpperCase();
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32; // a separator after the last letter
    if (c >= 65 && c <= 90) continue;
    if (i > start) words.push(text.slice(start, i));
    start = i + 1;
  }
  return words;
}

/** Upper-case A-Z words of a name, or a 400 naming `name`. */
export function nameWords(raw: string): string[] {
  if (PLAIN.test(raw)) {
    const words = plainWords(raw);
    if (words.length > 0) return words; // none: the general reading gives the error
  }
  const ascii = /^[\x20-\x7e]*$/.test(raw);
  const text = ascii ? raw : raw.normalize('NFKD');
  const words: string[] = [];
  let word = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      word += c >= 97 ? String.fromCharCode(c - 32) : ch;
    } else if (isSeparator(ch)) {
      if (word) words.push(word);
      word = '';
    } else if (isIgnored(ch)) {
      // Punctuation and marks a name may carry: skipped.
    } else if (!ascii && COMBINING_MARK.test(ch)) {
      // An accent split off by NFKD, or a vowel sign of an Indic script: a Latin base
      // letter before it was already read; a non-Latin one was refused.
    } else if (SPELT_OUT[ch]) {
      word += SPELT_OUT[ch];
    } else if (ANY_LETTER.test(ch)) {
      throw invalidParam('name', NOT_LATIN, { hint: 'write the name as it is spelt in English, e.g. Priya for प्रिया' });
    } else {
      throw invalidParam('name', 'name may contain only letters, spaces, hyphens, apostrophes and periods', {
        hint: `unexpected character ${JSON.stringify(ch)}`,
      });
    }
  }
  if (word) words.push(word);
  if (words.length === 0) throw invalidParam('name', 'name must contain at least one letter');
  return words;
}

/** Vowel test for the letter at i of an upper-case word, with the Y rule. */
export function isVowelAt(word: string, i: number): boolean {
  const c = word.charCodeAt(i);
  if (isAEIOU(c)) return true;
  if (c !== 89) return false; // Y
  const before = i > 0 ? word.charCodeAt(i - 1) : undefined;
  const after = i + 1 < word.length ? word.charCodeAt(i + 1) : undefined;
  return !isAEIOU(before) && !isAEIOU(after);
}

/** The sums of one upper-case word. */
export function wordSums(word: string): WordSums & { digits: number } {
  let p = 0;
  let ch = 0;
  let v = 0;
  let digits = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const value = pythagorean(code);
    p += value;
    ch += chaldean(code);
    if (isVowelAt(word, i)) v += value;
    digits |= 1 << value;
  }
  return { pythagorean: p, chaldean: ch, vowels: v, consonants: p - v, initial: pythagorean(word.charCodeAt(0)), digits };
}

/** Reads a full name (several words) into the sums every name number is built from. */
export function readName(raw: string): NameReading {
  const words = nameWords(raw);
  const sums: WordSums[] = [];
  let digitsPresent = 0;
  for (const w of words) {
    const s = wordSums(w);
    digitsPresent |= s.digits;
    sums.push(s);
  }
  return { display: displayName(raw), words: sums, digitsPresent };
}

// Whitespace other than single spaces between words is rare: test for it before rewriting.
const UNTIDY_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/** The name as given with its spaces collapsed (echoed in the response). */
const displayName = (raw: string): string => (UNTIDY_SPACE.test(raw) ? raw.trim().replace(/\s+/g, ' ') : raw);
