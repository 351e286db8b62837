import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { chaldean, isVowelAt, nameWords, pythagorean, readName } from './letters.js';

const code = (ch: string) => ch.charCodeAt(0);
const vowelsOf = (word: string) => [...word].filter((_, i) => isVowelAt(word, i)).join('');

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('letter tables', () => {
  it('gives the Pythagorean values 1-9 by alphabet position', () => {
    const table = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => [c, pythagorean(code(c))]));
    expect(table).toMatchObject({ A: 1, J: 1, S: 1, B: 2, K: 2, T: 2, I: 9, R: 9, H: 8, Q: 8, Z: 8 });
  });

  it('gives the Chaldean values, with no letter worth 9', () => {
    const groups: Record<number, string> = { 1: 'AIJQY', 2: 'BKR', 3: 'CGLS', 4: 'DMT', 5: 'EHNX', 6: 'UVW', 7: 'OZ', 8: 'FP' };
    for (const [value, letters] of Object.entries(groups)) {
      for (const c of letters) expect(chaldean(code(c)), c).toBe(Number(value));
    }
  });
});

describe('the Y rule', () => {
  it('makes Y a vowel when neither neighbour in its name is a vowel', () => {
    expect(vowelsOf('LYNN')).toBe('Y');
    expect(vowelsOf('MARY')).toBe('AY');
    expect(vowelsOf('SALLY')).toBe('AY');
    expect(vowelsOf('YVONNE')).toBe('YOE');
  });

  it('makes Y a consonant next to a vowel', () => {
    expect(vowelsOf('MURRAY')).toBe('UA');
    expect(vowelsOf('YOLANDA')).toBe('OAA');
    expect(vowelsOf('BRYAN')).toBe('A');
  });

  it('reads neighbours within one name only', () => {
    // The Y ending "Sally" is followed by a space and then A of "Ann": still a vowel.
    expect(readName('Sally Ann').words[0].vowels).toBe(1 + 7);
  });
});

describe('reading a name', () => {
  it('splits names on spaces, hyphens and periods and ignores apostrophes', () => {
    expect(nameWords("  Mary-Jane  O'Neil ")).toEqual(['MARY', 'JANE', 'ONEIL']);
    expect(nameWords('J.R.R. Tolkien')).toEqual(['J', 'R', 'R', 'TOLKIEN']);
  });

  it('drops accents and spells out Latin letters without a decomposition', () => {
    expect(nameWords('José Müller')).toEqual(['JOSE', 'MULLER']);
    expect(nameWords('Straße Ærø')).toEqual(['STRASSE', 'AERO']);
    // Compatibility forms fold to their letters: full-width, ligatures.
    expect(nameWords('Ｊｏｈｎ Ruﬁn')).toEqual(['JOHN', 'RUFIN']);
  });

  it('refuses Devanagari and other scripts with a 400 naming name', () => {
    for (const n of ['प्रिया शर्मा', 'Priya शर्मा', 'Владимир', ' محمد']) {
      const e = refusal(() => nameWords(n));
      expect(e.statusCode).toBe(400);
      expect(e.extra.param).toBe('name');
      expect(e.message).toMatch(/Latin letters/);
    }
  });

  it('refuses a name without letters', () => {
    for (const n of ['   ', "...-'", '\u0301']) {
      const e = refusal(() => nameWords(n));
      expect(e.extra.param).toBe('name');
      expect(e.message).toBe('name must contain at least one letter');
    }
  });

  it('refuses digits and symbols in a name', () => {
    const e = refusal(() => nameWords('John 3rd'));
    expect(e.extra.param).toBe('name');
    expect(e.message).toMatch(/only letters/);
  });

  it('records which Pythagorean digits the letters cover', () => {
    const n = readName('Thomas John Hancock');
    const present = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => n.digitsPresent & (1 << d));
    expect(present).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(n.display).toBe('Thomas John Hancock');
  });
});
