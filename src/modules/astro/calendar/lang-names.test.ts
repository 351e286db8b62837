// The names in ten languages: each in its own script, and the weekday and month names as CLDR
// writes them (spot checks against CLDR's published tables: ta "ஞாயிறு", bn "বৃহস্পতিবার", …).

import { describe, expect, it } from 'vitest';
import { LANGS, SCRIPT_OF, masaName, observanceName, varaName } from './lang-names.js';
import { OBSERVANCE_BY_ID } from './observances.js';

const SCRIPT = SCRIPT_OF;

describe('names in ten languages', () => {
  it('gives all 7 weekdays and 12 months in each language, in its own script, all distinct', () => {
    for (const l of LANGS) {
      const vara = Array.from({ length: 7 }, (_, i) => varaName(l, i));
      const masa = Array.from({ length: 12 }, (_, i) => masaName(l, i + 1));
      for (const n of [...vara, ...masa]) expect(n, `${l} ${n}`).toMatch(SCRIPT[l]!);
      expect(new Set(vara).size, l).toBe(7);
      expect(new Set(masa).size, l).toBe(12);
    }
  });

  it('matches CLDR’s published names (spot checks)', () => {
    expect(varaName('ta', 0)).toBe('ஞாயிறு');
    expect(varaName('bn', 4)).toBe('বৃহস্পতিবার');
    expect(varaName('mr', 2)).toBe('मंगळवार');
    expect(varaName('kn', 0)).toBe('ಭಾನುವಾರ');
    expect(masaName('en', 1)).toBe('Chaitra');
    expect(masaName('te', 7)).toBe('ఆశ్వయుజం');
    expect(masaName('gu', 11)).toBe('મહા');
    expect(masaName('or', 5)).toBe('ଶ୍ରାବଣ');
  });

  it('names an observance in the languages its row has, and none in the others', () => {
    const diwali = OBSERVANCE_BY_ID.get('diwali')!;
    expect(observanceName(diwali, 'hi')).toBe('दीपावली');
    expect(observanceName(diwali, 'te')).toBeUndefined();
    expect(observanceName(OBSERVANCE_BY_ID.get('pongal')!, 'ta')).toBe('தைப் பொங்கல்');
  });
});
