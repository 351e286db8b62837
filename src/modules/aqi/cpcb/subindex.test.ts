// The sub-index arithmetic checked against CPCB's breakpoint table (every band's ends) and against
// worked examples computed by hand from it: Ip = (IHi − ILo) / (BPHi − BPLo) · (Cp − BPLo) + ILo.

import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, CATEGORIES, CATEGORY_INFO, POLLUTANTS } from './breakpoints.js';
import { bandsOf, categoryOf, overallAqi, subIndex } from './subindex.js';

describe('CPCB breakpoint table', () => {
  it('has six bands per pollutant, Good to Severe, each starting one step above the one before', () => {
    for (const p of POLLUTANTS) {
      const t = BREAKPOINTS[p];
      expect(
        t.bands.map((b) => b.category),
        p,
      ).toEqual([...CATEGORIES]);
      const step = 10 ** -t.decimals;
      for (let i = 1; i < t.bands.length; i++) {
        expect(t.bands[i].bpLo, `${p} ${t.bands[i].category}`).toBeCloseTo(t.bands[i - 1].bpHi! + step, 6);
      }
      expect(t.bands[0].bpLo).toBe(0);
      expect(t.bands[5].bpHi, `${p}: the report leaves Severe open`).toBeNull();
    }
  });

  it("keeps the report's rows for the pollutants /aqi reports", () => {
    // Spot checks against the printed table (CPCB, National Air Quality Index, 2014).
    expect(BREAKPOINTS.pm10.bands.map((b) => [b.bpLo, b.bpHi])).toEqual([
      [0, 50],
      [51, 100],
      [101, 250],
      [251, 350],
      [351, 430],
      [431, null],
    ]);
    expect(BREAKPOINTS.pm2_5.bands.map((b) => [b.bpLo, b.bpHi])).toEqual([
      [0, 30],
      [31, 60],
      [61, 90],
      [91, 120],
      [121, 250],
      [251, null],
    ]);
    expect(BREAKPOINTS.co.unit).toBe('mg/m³');
    expect(BREAKPOINTS.o3.bands.map((b) => b.averaging)).toEqual(['8h', '8h', '8h', '8h', '1h', '1h']);
    expect(CATEGORIES.map((c) => [CATEGORY_INFO[c].iLo, CATEGORY_INFO[c].iHi])).toEqual([
      [0, 50],
      [51, 100],
      [101, 200],
      [201, 300],
      [301, 400],
      [401, 500],
    ]);
  });

  it('gives ILo at every lower breakpoint and IHi at every upper breakpoint', () => {
    for (const p of POLLUTANTS) {
      for (const b of bandsOf(p)) {
        expect(subIndex(p, b.bpLo), `${p} at ${b.bpLo}`).toMatchObject({ sub_index: b.iLo, category: b.category });
        expect(subIndex(p, b.bpHi), `${p} at ${b.bpHi}`).toMatchObject({ sub_index: b.iHi, category: b.category });
      }
    }
  });

  it("closes the open Severe band as wide as the Very Poor band, as CPCB's calculator does", () => {
    const top = (p: (typeof POLLUTANTS)[number]) => bandsOf(p)[5];
    expect([top('pm10').bpLo, top('pm10').bpHi]).toEqual([431, 510]); // 431 + (430 − 351)
    expect([top('pm2_5').bpLo, top('pm2_5').bpHi]).toEqual([251, 380]); // 251 + (250 − 121)
    expect([top('no2').bpLo, top('no2').bpHi]).toEqual([401, 520]);
    expect([top('co').bpLo, top('co').bpHi]).toEqual([34.1, 51]); // 34.1 + (34 − 17.1)
    expect([top('so2').bpLo, top('so2').bpHi]).toEqual([1601, 2400]);
    expect([top('nh3').bpLo, top('nh3').bpHi]).toEqual([1801, 2400]);
    expect([top('o3').bpLo, top('o3').bpHi]).toEqual([749, 1288]); // 749 + (748 − 209)
  });
});

describe('sub-index: worked examples computed by hand', () => {
  it('PM2.5 45 µg/m³ → 75, the example CPCB itself gives', () => {
    // Satisfactory band 31–60 → 51–100: (100 − 51) / (60 − 31) · (45 − 31) + 51 = 49/29 · 14 + 51
    //   = 686/29 + 51 = 23.655 + 51 = 74.655 → 75.
    expect(subIndex('pm2_5', 45)).toEqual({ concentration: 45, sub_index: 75, category: 'Satisfactory', averaging: '24h' });
  });

  it('PM10 180 µg/m³ → 153 (Moderate)', () => {
    // Moderate band 101–250 → 101–200: (200 − 101) / (250 − 101) · (180 − 101) + 101 = 99/149 · 79 + 101
    //   = 7821/149 + 101 = 52.49 + 101 = 153.49 → 153.
    expect(subIndex('pm10', 180)).toMatchObject({ sub_index: 153, category: 'Moderate' });
  });

  it('NO2 95 µg/m³ → 115 (Moderate)', () => {
    // Moderate band 81–180 → 101–200: 99/99 · (95 − 81) + 101 = 14 + 101 = 115.
    expect(subIndex('no2', 95)).toMatchObject({ sub_index: 115, category: 'Moderate' });
  });

  it('CO 1.5 mg/m³ → 73 (Satisfactory)', () => {
    // Satisfactory band 1.1–2.0 → 51–100: 49/0.9 · (1.5 − 1.1) + 51 = 19.6/0.9 + 51 = 21.78 + 51 = 72.78 → 73.
    expect(subIndex('co', 1.5)).toMatchObject({ concentration: 1.5, sub_index: 73, category: 'Satisfactory' });
  });

  it('SO2 500 µg/m³ → 229 (Poor)', () => {
    // Poor band 381–800 → 201–300: 99/419 · (500 − 381) + 201 = 11781/419 + 201 = 28.12 + 201 = 229.12 → 229.
    expect(subIndex('so2', 500)).toMatchObject({ sub_index: 229, category: 'Poor' });
  });

  it('O3 180 µg/m³ (8-hour) → 229 (Poor)', () => {
    // Poor band 169–208 → 201–300: 99/39 · (180 − 169) + 201 = 1089/39 + 201 = 27.92 + 201 = 228.92 → 229.
    expect(subIndex('o3', 180)).toMatchObject({ sub_index: 229, category: 'Poor', averaging: '8h' });
  });

  it('O3 400 µg/m³ (1-hour) → 336 (Very Poor), on the one-hour rows', () => {
    // Very Poor band 209–748 → 301–400: 99/539 · (400 − 209) + 301 = 18909/539 + 301 = 35.08 + 301 = 336.08 → 336.
    expect(subIndex('o3', 400)).toMatchObject({ sub_index: 336, category: 'Very Poor', averaging: '1h' });
  });

  it('NH3 300 µg/m³ → 75 (Satisfactory)', () => {
    // Satisfactory band 201–400 → 51–100: 49/199 · (300 − 201) + 51 = 4851/199 + 51 = 24.38 + 51 = 75.38 → 75.
    expect(subIndex('nh3', 300)).toMatchObject({ sub_index: 75, category: 'Satisfactory' });
  });

  it('PM2.5 300 µg/m³ → 439 (Severe), in the closed Severe band', () => {
    // Severe band 251–380 → 401–500: 99/129 · (300 − 251) + 401 = 4851/129 + 401 = 37.60 + 401 = 438.60 → 439.
    expect(subIndex('pm2_5', 300)).toMatchObject({ sub_index: 439, category: 'Severe' });
  });
});

describe('sub-index: rounding and limits', () => {
  it("rounds the concentration to the table's precision before looking it up", () => {
    // 30.4 → 30: Good, 50/30 · 30 = 50. 30.6 → 31: Satisfactory, starts at 51.
    expect(subIndex('pm2_5', 30.4)).toMatchObject({ concentration: 30, sub_index: 50, category: 'Good' });
    expect(subIndex('pm2_5', 30.6)).toMatchObject({ concentration: 31, sub_index: 51, category: 'Satisfactory' });
    // CO keeps one decimal: 1.04 → 1.0 (Good, 50); 1.06 → 1.1 (Satisfactory, 51).
    expect(subIndex('co', 1.04)).toMatchObject({ concentration: 1, sub_index: 50 });
    expect(subIndex('co', 1.06)).toMatchObject({ concentration: 1.1, sub_index: 51 });
  });

  it('stays at 500 above the last band and at 0 for zero', () => {
    expect(subIndex('pm10', 900)).toMatchObject({ sub_index: 500, category: 'Severe' });
    expect(subIndex('so2', 0)).toMatchObject({ sub_index: 0, category: 'Good' });
  });

  it("names the category of an index value by CPCB's ranges", () => {
    expect([0, 50, 51, 100, 101, 200, 201, 300, 301, 400, 401, 500].map(categoryOf)).toEqual([
      'Good',
      'Good',
      'Satisfactory',
      'Satisfactory',
      'Moderate',
      'Moderate',
      'Poor',
      'Poor',
      'Very Poor',
      'Very Poor',
      'Severe',
      'Severe',
    ]);
  });
});

describe("overall AQI: CPCB's three-pollutant rule", () => {
  it('is the largest sub-index, naming its pollutant, with three or more pollutants including a PM', () => {
    expect(overallAqi({ pm2_5: 83, no2: 115, co: 73 })).toEqual({
      value: 115,
      category: 'Moderate',
      prominent_pollutant: 'no2',
      pollutants_counted: 3,
      note: null,
    });
  });

  it('is withheld with two pollutants, even when one is PM', () => {
    const o = overallAqi({ pm10: 153, no2: 115 });
    expect(o).toMatchObject({ value: null, category: null, prominent_pollutant: null, pollutants_counted: 2 });
    expect(o.note).toMatch(/at least three pollutants/);
  });

  it('is withheld with three or more pollutants none of which is PM10 or PM2.5', () => {
    const o = overallAqi({ no2: 115, o3: 90, co: 73, so2: 20 });
    expect(o).toMatchObject({ value: null, pollutants_counted: 4 });
    expect(o.note).toMatch(/neither of them PM/);
  });

  it('names the first in table order when two sub-indices are equal', () => {
    expect(overallAqi({ pm10: 120, pm2_5: 120, no2: 50 }).prominent_pollutant).toBe('pm10');
  });
});
