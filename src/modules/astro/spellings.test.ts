import { describe, expect, it } from 'vitest';
import { GRAHA_SPELLINGS, MASA_SPELLINGS, NAKSHATRA_SPELLINGS, RASHI_SPELLINGS, TITHI_SPELLINGS, type Spellings } from './spellings.js';

const read = (s: Spellings, raw: string) => {
  const i = s.index(raw);
  return i === undefined ? undefined : s.names[i];
};

describe('spellings of Jyotish names', () => {
  it('reads the common transliterations of nakshatras to one name', () => {
    for (const [sent, name] of [
      ['aswini', 'Ashwini'],
      ['Ashvini', 'Ashwini'],
      ['ashwini', 'Ashwini'],
      ['moola', 'Mula'],
      ['Moolam', 'Mula'],
      ['dhanishtha', 'Dhanishta'],
      ['jyeshta', 'Jyeshtha'],
      ['jyestha', 'Jyeshtha'],
      ['sravana', 'Shravana'],
      ['satabhisha', 'Shatabhisha'],
      ['poorvashada', 'Purva Ashadha'],
      ['Uthradam', 'Uttara Ashadha'],
      ['uthra', 'Uttara Phalguni'],
      ['Uttarabhadra', 'Uttara Bhadrapada'],
      ['kritika', 'Krittika'],
      ['swathi', 'Swati'],
      ['chithra', 'Chitra'],
      ['Pushyami', 'Pushya'],
    ]) {
      expect(read(NAKSHATRA_SPELLINGS, sent!), sent).toBe(name);
    }
  });

  it('reads rashis, tithis, masas and grahas the same way', () => {
    expect(read(RASHI_SPELLINGS, 'mesh')).toBe('Mesha');
    expect(read(RASHI_SPELLINGS, 'vrushabh')).toBe('Vrishabha');
    expect(read(RASHI_SPELLINGS, 'meen')).toBe('Meena');
    expect(read(RASHI_SPELLINGS, 'Scorpio')).toBe('Vrishchika');
    expect(read(TITHI_SPELLINGS, 'ekadasi')).toBe('Ekadashi');
    expect(read(TITHI_SPELLINGS, 'shashti')).toBe('Shashthi');
    expect(read(TITHI_SPELLINGS, 'poornima')).toBe('Purnima');
    expect(read(TITHI_SPELLINGS, 'dvitiya')).toBe('Dwitiya');
    expect(read(MASA_SPELLINGS, 'sravana')).toBe('Shravana');
    expect(read(MASA_SPELLINGS, 'kartik')).toBe('Kartika');
    expect(read(MASA_SPELLINGS, 'baisakh')).toBe('Vaishakha');
    expect(read(MASA_SPELLINGS, 'ashvin')).toBe('Ashwin');
    expect(read(GRAHA_SPELLINGS, 'shani')).toBe('Saturn');
    expect(read(GRAHA_SPELLINGS, 'Brihaspati')).toBe('Jupiter');
    expect(read(GRAHA_SPELLINGS, 'kuja')).toBe('Mars');
  });

  it('suggests the nearest name for a spelling it cannot read, and nothing for one far from all', () => {
    expect(NAKSHATRA_SPELLINGS.index('rohnni')).toBeUndefined();
    expect(NAKSHATRA_SPELLINGS.nearest('rohnni')).toBe('Rohini');
    expect(NAKSHATRA_SPELLINGS.nearest('anuradah')).toBe('Anuradha');
    expect(RASHI_SPELLINGS.nearest('kumba')).toBe('Kumbha');
    expect(NAKSHATRA_SPELLINGS.nearest('xylophone')).toBeUndefined();
  });
});
