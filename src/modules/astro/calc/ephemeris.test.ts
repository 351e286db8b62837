// The second wall in front of the native code: whatever validation missed, the Swiss Ephemeris
// is never called with a moment or place it could loop on.

import { describe, expect, it } from 'vitest';
import { ascendant, ayanamsaValue, grahaPositions, julday, riseSet, setAyanamsa, sunMoon } from './ephemeris.js';

describe('ephemeris guard', () => {
  it('refuses non-finite and out-of-range Julian days before calling the library', () => {
    setAyanamsa('lahiri');
    for (const jd of [Infinity, -Infinity, NaN, 1e309, 0, 1e12]) {
      expect(() => sunMoon(jd), String(jd)).toThrow(RangeError);
      expect(() => grahaPositions(jd, 'mean'), String(jd)).toThrow(RangeError);
      expect(() => ayanamsaValue(jd), String(jd)).toThrow(RangeError);
      expect(() => ascendant(jd, 28.6, 77.2), String(jd)).toThrow(RangeError);
      expect(() => riseSet(jd, 'sun', 'rise', 28.6, 77.2), String(jd)).toThrow(RangeError);
    }
  });

  it('refuses places off the Earth', () => {
    const jd = julday(2000, 1, 1, 12);
    for (const [lat, lon] of [
      [NaN, 0],
      [0, Infinity],
      [91, 0],
      [0, -181],
    ]) {
      expect(() => ascendant(jd, lat, lon)).toThrow(RangeError);
      expect(() => riseSet(jd, 'sun', 'set', lat, lon)).toThrow(RangeError);
    }
  });

  it('serves the whole validated range of years, with a day of margin for time zones', () => {
    setAyanamsa('lahiri');
    for (const jd of [julday(1000, 1, 1, 0) - 1, julday(2999, 12, 31, 23.99) + 1]) {
      expect(Number.isFinite(grahaPositions(jd, 'true').Mo.lon)).toBe(true);
      expect(Number.isFinite(ascendant(jd, -90, 180))).toBe(true);
    }
  });
});
