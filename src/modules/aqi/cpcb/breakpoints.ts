// The Indian National Air Quality Index breakpoint table, as printed in CPCB's report "National Air
// Quality Index" (Central Pollution Control Board, October 2014), the table of AQI categories and
// health breakpoints. Source, the two gaps the report leaves open and how they are closed: SOURCES.md.
// Data only; the arithmetic is in subindex.ts.

export const CATEGORIES = ['Good', 'Satisfactory', 'Moderate', 'Poor', 'Very Poor', 'Severe'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Each category's index range, colour (the report's colour names) and CPCB's health-impact line (SOURCES.md). */
export const CATEGORY_INFO: Readonly<Record<Category, { iLo: number; iHi: number; colour: string; health_impact: string }>> = {
  Good: { iLo: 0, iHi: 50, colour: 'dark green', health_impact: 'Minimal impact' },
  Satisfactory: { iLo: 51, iHi: 100, colour: 'light green', health_impact: 'Minor breathing discomfort to sensitive people' },
  Moderate: { iLo: 101, iHi: 200, colour: 'yellow', health_impact: 'Breathing discomfort to the people with lungs, asthma and heart diseases' },
  Poor: { iLo: 201, iHi: 300, colour: 'orange', health_impact: 'Breathing discomfort to most people on prolonged exposure' },
  'Very Poor': { iLo: 301, iHi: 400, colour: 'red', health_impact: 'Respiratory illness on prolonged exposure' },
  Severe: { iLo: 401, iHi: 500, colour: 'maroon', health_impact: 'Affects healthy people and seriously impacts those with existing diseases' },
};

// Lead (Pb), the report's eighth pollutant, is left out: neither source reports it (SOURCES.md).
export const POLLUTANTS = ['pm10', 'pm2_5', 'no2', 'o3', 'co', 'so2', 'nh3'] as const;
export type Pollutant = (typeof POLLUTANTS)[number];

export type Averaging = '24h' | '8h' | '1h';

/** One row of the report's table for one pollutant: a concentration range and its category. */
export interface PublishedBand {
  category: Category;
  averaging: Averaging;
  bpLo: number;
  /** null for the open-ended Severe row ("430+"): the report gives no upper breakpoint. */
  bpHi: number | null;
}

export interface PollutantTable {
  name: string;
  unit: 'µg/m³' | 'mg/m³';
  /** Decimals the report's breakpoints are written with; concentrations are rounded to them. */
  decimals: number;
  bands: readonly PublishedBand[];
}

const rows = (averaging: Averaging[], ranges: [number, number | null][]): PublishedBand[] =>
  ranges.map(([bpLo, bpHi], i) => ({ category: CATEGORIES[i], averaging: averaging[i] ?? averaging[0], bpLo, bpHi }));

const DAY: Averaging[] = ['24h'];
const EIGHT: Averaging[] = ['8h'];

// The report writes the Severe rows as "430+", "250+", …; their lower breakpoint here is the next
// value at the table's precision (431, 251, 34.1), as the other rows start one step above the row before.
export const BREAKPOINTS: Readonly<Record<Pollutant, PollutantTable>> = {
  pm10: {
    name: 'PM10',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(DAY, [
      [0, 50],
      [51, 100],
      [101, 250],
      [251, 350],
      [351, 430],
      [431, null],
    ]),
  },
  pm2_5: {
    name: 'PM2.5',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(DAY, [
      [0, 30],
      [31, 60],
      [61, 90],
      [91, 120],
      [121, 250],
      [251, null],
    ]),
  },
  no2: {
    name: 'NO2',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(DAY, [
      [0, 40],
      [41, 80],
      [81, 180],
      [181, 280],
      [281, 400],
      [401, null],
    ]),
  },
  // Ozone: 8-hour values up to Poor; the report marks 209–748 and 748+ as one-hourly values.
  o3: {
    name: 'O3',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(
      ['8h', '8h', '8h', '8h', '1h', '1h'],
      [
        [0, 50],
        [51, 100],
        [101, 168],
        [169, 208],
        [209, 748],
        [749, null],
      ],
    ),
  },
  co: {
    name: 'CO',
    unit: 'mg/m³',
    decimals: 1,
    bands: rows(EIGHT, [
      [0, 1.0],
      [1.1, 2.0],
      [2.1, 10],
      [10.1, 17],
      [17.1, 34],
      [34.1, null],
    ]),
  },
  so2: {
    name: 'SO2',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(DAY, [
      [0, 40],
      [41, 80],
      [81, 380],
      [381, 800],
      [801, 1600],
      [1601, null],
    ]),
  },
  nh3: {
    name: 'NH3',
    unit: 'µg/m³',
    decimals: 0,
    bands: rows(DAY, [
      [0, 200],
      [201, 400],
      [401, 800],
      [801, 1200],
      [1201, 1800],
      [1801, null],
    ]),
  },
};
