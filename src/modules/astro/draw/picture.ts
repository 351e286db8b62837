// What a drawn chart shows, taken from the computed chart (the one source of every number):
// the lagna's sign, each graha's sign in the chosen varga, its degree, and its retrograde and
// combust state. Drawing (svg.ts) is a pure function of this.

import type { ComputedChart } from '../calc/chart.js';
import { GRAHAS, type Graha } from '../calc/names.js';
import type { ChartLang } from './words.js';
import { isCombust } from '../calc/combustion.js';

export { isCombust };

export const CHART_STYLES = ['north', 'south', 'east'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];

export interface PlacedPoint {
  id: Graha;
  /** Sign 1..12 in the chart's varga. */
  sign: number;
  /** Degree within its rashi (D1), 0 to 30. */
  degree: number;
  retrograde: boolean;
  combust: boolean;
}

export interface ChartMomentLine {
  /** YYYY-MM-DD HH:MM:SS local */
  datetime: string;
  /** +05:30 */
  timezone: string;
}

export interface ChartPicture {
  style: ChartStyle;
  varga: string;
  lang: ChartLang;
  degrees: boolean;
  name?: string;
  birth: ChartMomentLine;
  latitude: number;
  longitude: number;
  /** The lagna's sign in the chart's varga, 1..12. */
  lagnaSign: number;
  grahas: PlacedPoint[];
  transit?: ChartMomentLine & { grahas: PlacedPoint[] };
}

interface GrahaJson {
  longitude: number;
  rashi: number;
  degree: number;
  retrograde: boolean;
}
interface ChartJson {
  user: { datetime: string; timezone: string; latitude: number; longitude: number };
  graha: Record<Graha, GrahaJson>;
  lagna: { Lg: { rashi: number } };
  varga?: Record<string, Record<string, { rashi: number }>>;
}

/** The grahas of a computed chart (needs graha, lagna, and the varga unless D1) in a varga. */
export function placedGrahas(computed: ComputedChart, varga: string): { lagnaSign: number; grahas: PlacedPoint[] } {
  const c = computed.chart as unknown as ChartJson;
  const signs = varga === 'D1' ? undefined : c.varga?.[varga];
  if (varga !== 'D1' && !signs) throw new Error(`the chart was computed without ${varga}`);
  const sun = c.graha.Su.longitude;
  const grahas = GRAHAS.map((g) => {
    const p = c.graha[g];
    return {
      id: g,
      sign: signs ? signs[g]!.rashi : p.rashi,
      degree: p.degree,
      // The nodes move backwards always (mean node) or nearly always (true node); charts do not mark it.
      retrograde: p.retrograde && g !== 'Ra' && g !== 'Ke',
      combust: isCombust(g, p.longitude, sun, p.retrograde),
    };
  });
  return { lagnaSign: signs ? signs.Lg!.rashi : c.lagna.Lg.rashi, grahas };
}

export const momentOf = (computed: ComputedChart): ChartMomentLine => {
  const u = (computed.chart as unknown as ChartJson).user;
  return { datetime: u.datetime, timezone: u.timezone };
};

export const placeOfChart = (computed: ComputedChart) => {
  const u = (computed.chart as unknown as ChartJson).user;
  return { latitude: u.latitude, longitude: u.longitude };
};
