// The tables of a metals page (goodreturns, BankBazaar), each told by what its header and
// heading say, never by its place on the page or its class:
// - price by weight: first column a weight ("Gram", "Weight"); then either one column per
//   purity ("24K | 22K | 18K", goodreturns since 2026) or a "Today" (else "Price"/"Rate")
//   column whose table heading names the purity or the metal (the older layout, BankBazaar);
// - places: first column "City" (or "Location"), a column per purity or a price: the all-India
//   page's "Indian Major Cities …" table. A first column "Country" is a table of countries in
//   their own currencies: recognised and left alone;
// - history: a "Date" column and a column per purity, weight or price ("Last 10 Days").
// Each figure is turned into rupees per the metal's unit (1 g; silver 10 g) using the weight
// its row, its column header or the table heading states ("(1 gram)", "(10 g)", "1 Kg").

import type { CheerioAPI } from 'cheerio';
import { cellText, describeTable, labelledTables, type LabelledTable } from '../../../lib/prices/index.js';
import { dayIn, gradeIn, gramsIn, karatIn, rupees, type Grade } from './page-text.js';
import { UNIT_GRAMS, type Metal } from './types.js';

/** Rupees per the metal's unit, by grade. */
export type Figures = Partial<Record<Grade, number>>;

export interface PriceByWeight {
  heading: string;
  figures: Figures;
}

export interface PlacesTable {
  heading: string;
  rows: { name: string; figures: Figures }[];
}

export interface HistoryTable {
  heading: string;
  /** Newest first. */
  rows: { day: string; label: string; figures: Figures }[];
}

export interface PageTables {
  byWeight: PriceByWeight[];
  places: PlacesTable[];
  history: HistoryTable[];
  /** Every table of the page as its heading and header show it (for a reason). */
  seen: string[];
}

const WEIGHT_COL = /\b(gram|grams|gm|gms|weight|qty|quantity)\b/i;
const PLACE_COL = /^(city|cities|location|place|district|centre|center)\b/i;
const COUNTRY_COL = /^(country|countries)\b/i;
const DATE_COL = /\b(date|day)\b/i;
// Columns that hold another day's figure or a difference, never today's price.
const NOT_TODAY = /yesterday|previous|change|diff|chg|%/i;

/** A table's header and data rows; a header written in td cells ("Gram | 24K | …") is taken as one. */
function shape(t: LabelledTable): { header: string[]; rows: string[][] } {
  if (t.header.length) return { header: t.header, rows: t.rows };
  const first = t.rows[0] ?? [];
  if (WEIGHT_COL.test(first[0] ?? '') || PLACE_COL.test(first[0] ?? '') || DATE_COL.test(first[0] ?? '')) {
    if (first.slice(1).every((c) => rupees(c) === null || karatIn(c) !== undefined || gramsIn(c) !== undefined))
      return { header: first, rows: t.rows.slice(1) };
  }
  return { header: [], rows: t.rows };
}

interface Column {
  index: number;
  grade: Grade;
  /** Grams the column's figures are for; undefined when each row says (a weight column). */
  grams?: number;
}

/**
 * The value columns of a table for `metal`: one per purity its header names, else columns
 * headed by a weight ("10 gram", "1 Kg"), else the "Today"/"Price" column, whose grade the
 * table heading names. Columns of another day or a change are never read.
 */
function valueColumns(header: string[], heading: string, metal: Metal, from: number, perRowWeight: boolean): Column[] {
  const headingGrams = gramsIn(heading);
  const cols: Column[] = [];
  header.forEach((h, index) => {
    if (index < from || NOT_TODAY.test(h)) return;
    const grade = gradeIn(h, metal) ?? (metal === 'gold' ? undefined : /^\s*\d/.test(h) && gramsIn(h) ? 'metal' : undefined);
    if (grade === undefined) return;
    cols.push({ index, grade, grams: perRowWeight ? undefined : (gramsIn(h) ?? headingGrams ?? 1) });
  });
  if (cols.length) return cols;
  const today = header.findIndex((h, i) => i >= from && /today/i.test(h) && !/yesterday/i.test(h));
  const price = header.findIndex((h, i) => i >= from && /price|rate/i.test(h) && !NOT_TODAY.test(h));
  const index = today >= from ? today : price;
  const grade = gradeIn(heading, metal);
  if (index < from || grade === undefined) return [];
  return [{ index, grade, grams: perRowWeight ? undefined : (gramsIn(header[index]) ?? headingGrams ?? 1) }];
}

/** Per `metal` unit, from a figure for `grams` grams. */
const perUnit = (n: number, grams: number, metal: Metal) => (n * UNIT_GRAMS[metal]) / grams;

/**
 * Of several columns of one grade (silver's "10 gram | 100 gram | 1 Kg"), the one for the
 * metal's own unit, else the heaviest (the most exact).
 */
function oneEach(cols: Column[], metal: Metal): Column[] {
  const out = new Map<Grade, Column>();
  for (const c of cols) {
    const had = out.get(c.grade);
    const better = !had || (had.grams !== UNIT_GRAMS[metal] && (c.grams === UNIT_GRAMS[metal] || (c.grams ?? 0) > (had.grams ?? 0)));
    if (better) out.set(c.grade, c);
  }
  return [...out.values()];
}

function figuresOf(cells: string[], cols: Column[], metal: Metal): Figures {
  const f: Figures = {};
  for (const c of cols) {
    const n = rupees(cells[c.index]);
    if (n !== null && n > 0 && c.grams) f[c.grade] = perUnit(n, c.grams, metal);
  }
  return f;
}

/** Weight of a row of a price-by-weight table: "1 Gram", "8 g", "1 Kg", or a bare "1" in a column headed Gram (Kg). */
function rowGrams(label: string, header0: string): number | undefined {
  const stated = gramsIn(label);
  if (stated) return stated;
  const bare = /^(\d+(?:\.\d+)?)$/.exec(cellText(label).replace(/,/g, ''));
  if (!bare) return undefined;
  return Number(bare[1]) * (/\bkg|kilo/i.test(header0) ? 1000 : 1);
}

function byWeight(header: string[], rows: string[][], heading: string, metal: Metal): PriceByWeight | undefined {
  const cols = valueColumns(header, heading, metal, 1, true);
  if (!cols.length) return undefined;
  const figures: Figures = {};
  for (const c of cols) {
    const byGrams = new Map<number, number>();
    for (const cells of rows) {
      const g = rowGrams(cells[0] ?? '', header[0]);
      const n = rupees(cells[c.index]);
      if (g && n !== null && n > 0 && !byGrams.has(g)) byGrams.set(g, n);
    }
    const unit = UNIT_GRAMS[metal];
    // The row of the unit's weight, else the row nearest to it scaled.
    const direct = byGrams.get(unit);
    const nearest = [...byGrams.keys()].sort((a, b) => Math.abs(Math.log(a / unit)) - Math.abs(Math.log(b / unit)))[0];
    const value = direct ?? (nearest === undefined ? undefined : perUnit(byGrams.get(nearest)!, nearest, metal));
    if (value !== undefined && figures[c.grade] === undefined) figures[c.grade] = value;
  }
  return Object.keys(figures).length ? { heading, figures } : undefined;
}

/** The page's recent-days table: the one headed "Last N Days" when there are several dated tables, else the first. */
export const recentDays = (tables: PageTables): HistoryTable | undefined =>
  tables.history.find((t) => /\blast\b.*\bdays?\b/i.test(t.heading)) ?? tables.history[0];

/** Reads every table of a page for `metal` by its header and heading. */
export function readPriceTables($: CheerioAPI, metal: Metal): PageTables {
  const out: PageTables = { byWeight: [], places: [], history: [], seen: [] };
  for (const t of labelledTables($)) {
    const { header, rows } = shape(t);
    const heading = t.heading.toLowerCase();
    out.seen.push(describeTable({ ...t, header }));
    const first = header[0] ?? '';
    if (WEIGHT_COL.test(first) && !DATE_COL.test(first)) {
      const w = byWeight(header, rows, heading, metal);
      if (w) out.byWeight.push(w);
    } else if (PLACE_COL.test(first)) {
      const cols = oneEach(valueColumns(header, heading, metal, 1, false), metal);
      const placeRows = rows
        .map((cells) => ({ name: cellText(cells[0] ?? ''), figures: figuresOf(cells, cols, metal) }))
        .filter((r) => r.name && Object.keys(r.figures).length);
      if (placeRows.length) out.places.push({ heading, rows: placeRows });
    } else if (!COUNTRY_COL.test(first)) {
      const dateCol = header.findIndex((h) => DATE_COL.test(h));
      if (dateCol < 0) continue;
      const cols = oneEach(
        valueColumns(header, heading, metal, 0, false).filter((c) => c.index !== dateCol),
        metal,
      );
      const dated = rows
        .map((cells) => ({ day: dayIn(cells[dateCol]) ?? '', label: cellText(cells[dateCol] ?? ''), figures: figuresOf(cells, cols, metal) }))
        .filter((r) => r.day && Object.keys(r.figures).length)
        .sort((a, b) => b.day.localeCompare(a.day));
      if (dated.length) out.history.push({ heading, rows: dated });
    }
  }
  return out;
}
