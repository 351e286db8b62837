// The sixteen divisional charts (shodasha varga) by Parashara's rules (BPHS ch. 6–7).
// Each rule maps a sidereal longitude to the sign (0..11) of the division it falls in.
// Signs: movable (chara) = 0,3,6,9; fixed (sthira) = 1,4,7,10; dual = 2,5,8,11. "Odd" = Aries, Gemini, …

import { RASHIS, norm360 } from './names.js';

type Rule = (sign: number, deg: number) => number;

const isOdd = (s: number) => s % 2 === 0; // Aries (0) is the first, odd sign
const quality = (s: number) => s % 3; // 0 movable, 1 fixed, 2 dual
const part = (deg: number, n: number) => Math.min(n - 1, Math.floor((deg * n) / 30));
const from = (start: number, k: number) => (start + k) % 12;

const RULES: Record<string, Rule> = {
  D1: (s) => s,
  // Hora: odd signs Sun's hora (Leo) then Moon's (Cancer); even signs the reverse.
  D2: (s, d) => (isOdd(s) === d < 15 ? 4 : 3),
  // Drekkana: the sign itself, the 5th and the 9th from it.
  D3: (s, d) => from(s, part(d, 3) * 4),
  // Chaturthamsa: the sign, 4th, 7th and 10th.
  D4: (s, d) => from(s, part(d, 4) * 3),
  // Saptamsa: odd signs count from the sign, even signs from the 7th.
  D7: (s, d) => from(isOdd(s) ? s : s + 6, part(d, 7)),
  // Navamsa: movable from the sign, fixed from the 9th, dual from the 5th.
  D9: (s, d) => from(s + [0, 8, 4][quality(s)]!, part(d, 9)),
  // Dasamsa: odd from the sign, even from the 9th.
  D10: (s, d) => from(isOdd(s) ? s : s + 8, part(d, 10)),
  // Dwadasamsa: from the sign itself.
  D12: (s, d) => from(s, part(d, 12)),
  // Shodasamsa: movable from Aries, fixed from Leo, dual from Sagittarius.
  D16: (s, d) => from([0, 4, 8][quality(s)]!, part(d, 16)),
  // Vimsamsa: movable from Aries, fixed from Sagittarius, dual from Leo.
  D20: (s, d) => from([0, 8, 4][quality(s)]!, part(d, 20)),
  // Chaturvimsamsa: odd from Leo, even from Cancer.
  D24: (s, d) => from(isOdd(s) ? 4 : 3, part(d, 24)),
  // Saptavimsamsa (Bhamsa): fiery from Aries, earthy from Cancer, airy from Libra, watery from Capricorn.
  D27: (s, d) => from([0, 3, 6, 9][s % 4]!, part(d, 27)),
  // Trimsamsa: unequal parts ruled by Mars, Saturn, Jupiter, Mercury, Venus (odd) and the reverse (even).
  D30: (s, d) => {
    if (isOdd(s)) return d < 5 ? 0 : d < 10 ? 10 : d < 18 ? 8 : d < 25 ? 2 : 6;
    return d < 5 ? 1 : d < 12 ? 5 : d < 20 ? 11 : d < 25 ? 9 : 7;
  },
  // Khavedamsa: odd from Aries, even from Libra.
  D40: (s, d) => from(isOdd(s) ? 0 : 6, part(d, 40)),
  // Akshavedamsa: movable from Aries, fixed from Leo, dual from Sagittarius.
  D45: (s, d) => from([0, 4, 8][quality(s)]!, part(d, 45)),
  // Shashtiamsa: counted from the sign itself.
  D60: (s, d) => from(s, part(d, 60)),
};

export const VARGA_CHARTS = Object.keys(RULES);

export const VARGA_TITLES: Record<string, string> = {
  D1: 'Rashi',
  D2: 'Hora',
  D3: 'Drekkana',
  D4: 'Chaturthamsa',
  D7: 'Saptamsa',
  D9: 'Navamsa',
  D10: 'Dasamsa',
  D12: 'Dwadasamsa',
  D16: 'Shodasamsa',
  D20: 'Vimsamsa',
  D24: 'Chaturvimsamsa',
  D27: 'Saptavimsamsa',
  D30: 'Trimsamsa',
  D40: 'Khavedamsa',
  D45: 'Akshavedamsa',
  D60: 'Shashtiamsa',
};

/** The sign (1..12) a longitude occupies in a divisional chart. */
export function vargaSign(chart: string, lon: number): number {
  const l = norm360(lon);
  const s = Math.floor(l / 30);
  return RULES[chart]!(s, l - s * 30) + 1;
}

export interface VargaPlacement {
  rashi: number;
  rashi_name: string;
}

/** One divisional chart for a set of points (grahas and Lg). */
export function vargaChart(chart: string, points: Record<string, number>): Record<string, VargaPlacement> {
  const out: Record<string, VargaPlacement> = {};
  for (const [k, lon] of Object.entries(points)) {
    const r = vargaSign(chart, lon);
    out[k] = { rashi: r, rashi_name: RASHIS[r - 1]! };
  }
  return out;
}
