import { describe, expect, it } from 'vitest';
import { vargaSign, VARGA_CHARTS } from './varga.js';

// Longitude of `deg` degrees into sign number `sign` (1 = Mesha).
const at = (sign: number, deg: number) => (sign - 1) * 30 + deg;

describe('divisional charts by Parashara', () => {
  it('navamsa counts movable signs from themselves, fixed from the 9th, dual from the 5th', () => {
    expect(vargaSign('D9', at(1, 1))).toBe(1); // Aries 1° → Aries
    expect(vargaSign('D9', at(2, 1))).toBe(10); // Taurus 1° → Capricorn
    expect(vargaSign('D9', at(3, 1))).toBe(7); // Gemini 1° → Libra
    expect(vargaSign('D9', at(12, 29.9))).toBe(12); // last navamsa of Pisces → Pisces
    // Same as the continuous count of 3°20' parts from 0° Aries, everywhere.
    for (let l = 0; l < 360; l += 0.37) expect(vargaSign('D9', l)).toBe((Math.floor(l / (10 / 3)) % 12) + 1);
  });

  it('dasamsa counts odd signs from themselves and even signs from the 9th', () => {
    expect(vargaSign('D10', at(1, 0.5))).toBe(1);
    expect(vargaSign('D10', at(1, 29.5))).toBe(10);
    expect(vargaSign('D10', at(2, 0.5))).toBe(10); // Taurus → from Capricorn
    expect(vargaSign('D10', at(2, 29.5))).toBe(7);
  });

  it('hora gives Leo then Cancer in odd signs, Cancer then Leo in even signs', () => {
    expect([vargaSign('D2', at(1, 10)), vargaSign('D2', at(1, 20))]).toEqual([5, 4]);
    expect([vargaSign('D2', at(2, 10)), vargaSign('D2', at(2, 20))]).toEqual([4, 5]);
  });

  it('drekkana gives the sign, the 5th and the 9th', () => {
    expect([5, 15, 25].map((d) => vargaSign('D3', at(4, d)))).toEqual([4, 8, 12]);
  });

  it('trimsamsa follows the unequal parts of Mars, Saturn, Jupiter, Mercury, Venus', () => {
    expect([2, 7, 12, 20, 27].map((d) => vargaSign('D30', at(1, d)))).toEqual([1, 11, 9, 3, 7]);
    expect([2, 7, 15, 22, 27].map((d) => vargaSign('D30', at(2, d)))).toEqual([2, 6, 12, 10, 8]);
  });

  it('saptavimsamsa starts fiery signs from Aries, earthy from Cancer, airy from Libra, watery from Capricorn', () => {
    expect([1, 2, 3, 4].map((s) => vargaSign('D27', at(s, 0.1)))).toEqual([1, 4, 7, 10]);
  });

  it('shodasamsa, vimsamsa and akshavedamsa start by the quality of the sign', () => {
    expect([1, 2, 3].map((s) => vargaSign('D16', at(s, 0.1)))).toEqual([1, 5, 9]);
    expect([1, 2, 3].map((s) => vargaSign('D20', at(s, 0.1)))).toEqual([1, 9, 5]);
    expect([1, 2, 3].map((s) => vargaSign('D45', at(s, 0.1)))).toEqual([1, 5, 9]);
  });

  it('saptamsa, chaturvimsamsa and khavedamsa start by odd or even sign', () => {
    expect([vargaSign('D7', at(1, 0.1)), vargaSign('D7', at(2, 0.1))]).toEqual([1, 8]);
    expect([vargaSign('D24', at(1, 0.1)), vargaSign('D24', at(2, 0.1))]).toEqual([5, 4]);
    expect([vargaSign('D40', at(1, 0.1)), vargaSign('D40', at(2, 0.1))]).toEqual([1, 7]);
  });

  it('shashtiamsa and dwadasamsa count from the sign itself, and every chart stays within 1..12', () => {
    expect(vargaSign('D60', at(5, 29.9))).toBe(((4 + 59) % 12) + 1);
    expect(vargaSign('D12', at(5, 29.9))).toBe(4);
    for (const c of VARGA_CHARTS) for (let l = 0; l < 360; l += 0.5) expect(vargaSign(c, l)).toBeGreaterThanOrEqual(1);
    expect(VARGA_CHARTS).toHaveLength(16);
  });
});
