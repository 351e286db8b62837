// The words a drawn chart prints, in English and Hindi: graha abbreviations (as Jagannatha Hora
// and Hindi panchangas write them), sign and varga names, and the marks for retrograde and combust.

import { type Graha, RASHIS } from '../calc/names.js';
import { VARGA_TITLES } from '../calc/varga.js';

export const CHART_LANGS = ['en', 'hi'] as const;
export type ChartLang = (typeof CHART_LANGS)[number];

interface Words {
  graha: Record<Graha | 'Lg', string>;
  grahaName: Record<Graha | 'Lg', string>;
  /** Short sign names, Mesha first (south and east charts print them in each box). */
  signShort: readonly string[];
  sign: readonly string[];
  varga: Record<string, string>;
  retro: string;
  combust: string;
  retroWord: string;
  combustWord: string;
  house: string;
  transit: string;
  chart: Record<'north' | 'south' | 'east', string>;
  lagna: string;
  empty: string;
}

export const WORDS: Record<ChartLang, Words> = {
  en: {
    graha: { Su: 'Su', Mo: 'Mo', Ma: 'Ma', Me: 'Me', Ju: 'Ju', Ve: 'Ve', Sa: 'Sa', Ra: 'Ra', Ke: 'Ke', Lg: 'Asc' },
    grahaName: { Su: 'Sun', Mo: 'Moon', Ma: 'Mars', Me: 'Mercury', Ju: 'Jupiter', Ve: 'Venus', Sa: 'Saturn', Ra: 'Rahu', Ke: 'Ketu', Lg: 'Lagna' },
    signShort: ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'],
    sign: RASHIS,
    varga: VARGA_TITLES,
    retro: 'R',
    combust: 'C',
    retroWord: 'retrograde',
    combustWord: 'combust',
    house: 'House',
    transit: 'Transit',
    chart: { north: 'North Indian chart', south: 'South Indian chart', east: 'East Indian chart' },
    lagna: 'Lagna',
    empty: 'no graha',
  },
  hi: {
    graha: { Su: 'सू', Mo: 'चं', Ma: 'मं', Me: 'बु', Ju: 'गु', Ve: 'शु', Sa: 'श', Ra: 'रा', Ke: 'के', Lg: 'ल' },
    grahaName: { Su: 'सूर्य', Mo: 'चंद्र', Ma: 'मंगल', Me: 'बुध', Ju: 'गुरु', Ve: 'शुक्र', Sa: 'शनि', Ra: 'राहु', Ke: 'केतु', Lg: 'लग्न' },
    signShort: ['मेष', 'वृष', 'मिथुन', 'कर्क', 'सिंह', 'कन्या', 'तुला', 'वृश्चिक', 'धनु', 'मकर', 'कुंभ', 'मीन'],
    sign: ['मेष', 'वृषभ', 'मिथुन', 'कर्क', 'सिंह', 'कन्या', 'तुला', 'वृश्चिक', 'धनु', 'मकर', 'कुंभ', 'मीन'],
    varga: {
      D1: 'राशि',
      D2: 'होरा',
      D3: 'द्रेष्काण',
      D4: 'चतुर्थांश',
      D7: 'सप्तांश',
      D9: 'नवांश',
      D10: 'दशांश',
      D12: 'द्वादशांश',
      D16: 'षोडशांश',
      D20: 'विंशांश',
      D24: 'चतुर्विंशांश',
      D27: 'सप्तविंशांश',
      D30: 'त्रिंशांश',
      D40: 'खवेदांश',
      D45: 'अक्षवेदांश',
      D60: 'षष्ट्यंश',
    },
    retro: 'व',
    combust: 'अ',
    retroWord: 'वक्री',
    combustWord: 'अस्त',
    house: 'भाव',
    transit: 'गोचर',
    chart: { north: 'उत्तर भारतीय कुंडली', south: 'दक्षिण भारतीय कुंडली', east: 'पूर्व भारतीय कुंडली' },
    lagna: 'लग्न',
    empty: 'कोई ग्रह नहीं',
  },
};
