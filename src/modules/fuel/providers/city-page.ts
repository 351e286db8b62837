// One place's fuel price page read by meaning (DESIGN §5), whatever its layout: the price is the
// rupee figure labelled with this fuel (its heading or block names the fuel and no other, priced
// per litre), or, in the older layout, the intro sentence stating it; class names and ids only
// rank figures that say the same. Every other place the page states the price is a witness that
// must agree: the title, meta description, og: tags and JSON-LD page name and description, the
// intro sentence, and a dated table's row of the page's own day. The tables with a day column
// and a price column ("Last 10 Days …", a month's history under "… Rate in Bangalore, September
// 2026") give the page's own history; tables of places and prices give the places it also lists.
// A page whose body shows no such price is a layout we do not know: a `parse` failure naming what
// the page does show, so a redesign is reported rather than misread.

import type { CheerioAPI } from 'cheerio';
import { UpstreamError } from '../../../core/upstream/index.js';
import {
  agreed,
  amount,
  cellText,
  confirmedBy,
  dayOf,
  describeTable,
  labelledTables,
  monthOf,
  moneyFigures,
  normalizeName,
  pageStatements,
  plausible,
  sentences,
  statedAmounts,
  type Figure,
  type LabelledTable,
  type Place,
  type Witness,
} from '../../../lib/prices/index.js';
import { FUEL_PRICE_RANGE, otherFuels, type Fuel, type FuelDay, type FuelReading, type FuelRow } from './types.js';

const [MIN, MAX] = FUEL_PRICE_RANGE;

/** A text's words, normalized once, to ask whether it names a word (any case, punctuation and hyphens ignored). */
const wordsOf = (text: string) => ` ${normalizeName(text)} `;
const names = (words: string, word: string) => words.includes(` ${word} `);

/** Which fuel a label is about: this one alone, another (named at all), or none named. */
function fuelOf(text: string, fuel: Fuel): 'this' | 'other' | 'none' {
  const words = wordsOf(text);
  if (otherFuels(fuel).some((f) => names(words, f))) return 'other';
  return names(words, fuel) ? 'this' : 'none';
}

/** Whether a text names the place: its name, an alias, or a page slug ("bangalore", "new-delhi"). */
const namesPlace = (text: string, place: Place) => {
  const words = wordsOf(text);
  return [place.name, ...place.aliases, ...Object.values(place.slugs)].some((n) => names(words, normalizeName(n)));
};

const perLitre = (unit: string) => /^(?:l|lt|ltr|ltrs|litre|litres|liter|liters|lit)$/.test(unit.replace(/\.$/, ''));

/** The price a text states for this fuel: one sentence about it alone, one per-litre (else one rupee) amount. */
export function statedFuelPrice(text: string, fuel: Fuel): number | undefined {
  for (const s of sentences(text)) {
    if (fuelOf(s, fuel) !== 'this') continue;
    const amounts = statedAmounts(s).filter((a) => plausible(a.value, MIN, MAX));
    const litre = [...new Set(amounts.filter((a) => perLitre(a.unit)).map((a) => a.value))];
    if (litre.length === 1) return litre[0];
    if (litre.length > 1) continue;
    const rupees = [...new Set(amounts.filter((a) => a.rupees && !a.unit).map((a) => a.value))];
    if (rupees.length === 1) return rupees[0];
  }
  return undefined;
}

interface Candidate {
  figure: Figure;
  /** The fuel its heading (or, when the heading names none, its block) is about. */
  about: 'this' | 'none';
  place: boolean;
  hint: boolean;
}

/** The price figures that can be this fuel's, best first: labelled with the fuel, naming the place, marked as a price. */
function candidates(figures: readonly Figure[], fuel: Fuel, place: Place): Candidate[] {
  const out: Candidate[] = [];
  for (const f of figures) {
    if (!plausible(f.value, MIN, MAX) || (f.unit && !perLitre(f.unit))) continue;
    const byHeading = fuelOf(f.heading, fuel);
    const about = byHeading !== 'none' ? byHeading : fuelOf(f.context, fuel);
    if (about === 'other') continue;
    const hint = /price|rate/i.test(f.marks);
    // A figure no label ties to a fuel counts only when it says per litre or is marked as the price.
    if (about === 'none' && !hint && !perLitre(f.unit)) continue;
    out.push({ figure: f, about, place: namesPlace(`${f.heading} ${f.context}`, place), hint });
  }
  const score = (c: Candidate) => (c.about === 'this' ? 4 : 0) + (c.place ? 2 : 0) + (c.hint ? 1 : 0);
  return out.sort((a, b) => score(b) - score(a) || a.figure.at - b.figure.at);
}

const blockWhere = (f: Figure) => `the price block${f.heading ? ` "${f.heading}"` : ''}${f.marks ? ` (${f.marks.split(' ')[0]})` : ''}`;

/** The old layout's intro sentence ("Today's petrol price in Mumbai is at ₹103.50 per litre"): ids only as hints. */
function introWitness($: CheerioAPI, fuel: Fuel): Witness | undefined {
  for (const p of $('[id*="intro"] p, [class*="intro"] p, p[class*="intro"]').toArray()) {
    const value = statedFuelPrice(cellText($(p).text()), fuel);
    if (value !== undefined) return { where: 'the intro paragraph', value };
  }
  return undefined;
}

interface DayTable {
  label: string;
  days: { day: string; price: number }[];
}

/** The labels that name a table, nearest first. */
const labelsOf = (t: LabelledTable) => [t.heading, ...t.labels].filter(Boolean);

/** Tables of days and prices about this fuel ("Last 10 Days …", a month's "Details | Price"). */
function dayTables(tables: readonly LabelledTable[], fuel: Fuel): DayTable[] {
  const out: DayTable[] = [];
  for (const t of tables) {
    const labels = labelsOf(t);
    if (labels.map((l) => fuelOf(l, fuel)).find((x) => x !== 'none') === 'other') continue;
    const priceCol = t.header.findIndex((h) => /price|rate|₹|\brs\b/i.test(h) && !/change|diff|%/i.test(h));
    if (priceCol < 0) continue;
    // The year of rows written "1st September" is the one the nearest label gives.
    const year = labels.map(monthOf).find(Boolean)?.year;
    let dayCol = t.header.findIndex((h, i) => i !== priceCol && /date|day/i.test(h));
    // Else the column most of whose cells name a day ("1st September" under "Details").
    if (dayCol < 0) {
      dayCol = t.header.findIndex((_, i) => {
        const dated = i === priceCol ? 0 : t.rows.filter((r) => dayOf(r[i] ?? '', year)).length;
        return dated > 0 && dated >= t.rows.length / 2;
      });
    }
    if (dayCol < 0) continue;
    const days: DayTable['days'] = [];
    for (const r of t.rows) {
      const day = dayOf(r[dayCol] ?? '', year);
      const price = amount(r[priceCol]);
      if (day && plausible(price, MIN, MAX)) days.push({ day, price });
    }
    if (days.length) out.push({ label: labels[0] ?? describeTable(t), days });
  }
  return out;
}

/** Tables of places and prices on the page ("City | Price"): the places it lists besides its own. */
function placeRows(tables: readonly LabelledTable[], fuel: Fuel): FuelRow[] {
  const rows: FuelRow[] = [];
  for (const t of tables) {
    const first = t.header[0] ?? '';
    const type = /\b(?:city|cities|district|town)\b/i.test(first) ? 'city' : /\bstates?\b/i.test(first) ? 'state' : undefined;
    const priceCol = t.header.findIndex((h, i) => i > 0 && /price|rate|today/i.test(h) && !/change|diff|%|yesterday/i.test(h));
    if (
      !type ||
      priceCol < 0 ||
      labelsOf(t)
        .map((l) => fuelOf(l, fuel))
        .find((x) => x !== 'none') === 'other'
    )
      continue;
    for (const r of t.rows) {
      const price = amount(r[priceCol]);
      if (/^[A-Za-z]/.test(r[0] ?? '') && plausible(price, MIN, MAX)) rows.push({ name: r[0], price, type });
    }
  }
  return rows;
}

/** The page's own day: the one its title (or the block's "Updated on …") names. */
function pageDay(statements: readonly { where: string; text: string }[], block: Figure | undefined): string | null {
  for (const s of statements)
    if (/title|name|headline/.test(s.where)) {
      const d = dayOf(s.text);
      if (d) return d;
    }
  return block ? dayOf(block.context) : null;
}

/** What a page shows when it shows no price we can read: its title's price, figures, headings and tables. */
function whatWasFound($: CheerioAPI, figures: readonly Figure[], statements: readonly Witness[], tables: readonly LabelledTable[]): string {
  const parts: string[] = [];
  if (statements.length) parts.push(`${statements[0].where} says ${statements[0].value.toFixed(2)}`);
  if (figures.length)
    parts.push(
      `price figures ${figures
        .slice(0, 4)
        .map((f) => `"${f.text}"${f.heading ? ` under "${f.heading}"` : ''}`)
        .join(', ')}`,
    );
  else parts.push('no rupee figure outside tables');
  const headings = $('h1,h2')
    .toArray()
    .slice(0, 3)
    .map((h) => `"${cellText($(h).text()).slice(0, 80)}"`);
  if (headings.length) parts.push(`headings ${headings.join(', ')}`);
  if (tables.length) parts.push(`tables ${tables.slice(0, 3).map(describeTable).join(', ')}`);
  return parts.join('; ');
}

/**
 * The place's price of `fuel` on its own page, the page's history and the other places it lists.
 * Throws a `parse` failure when the page shows no price of this fuel in a layout we know, when
 * it is not about the place, or when two places on it state different prices.
 */
export function readCityPage($: CheerioAPI, source: string, fuel: Fuel, place: Place): FuelReading {
  const what = `${fuel} on the ${place.name} page`;
  const statements = pageStatements($);
  const stated: Witness[] = statements.flatMap((s) => {
    const value = statedFuelPrice(s.text, fuel);
    return value === undefined ? [] : [{ where: s.where, value }];
  });
  const figures = moneyFigures($);
  const tables = labelledTables($);
  const best = candidates(figures, fuel, place)[0];
  const intro = introWitness($, fuel);
  const body: Witness | undefined = best ? { where: blockWhere(best.figure), value: best.figure.value } : intro;
  if (!body) {
    throw new UpstreamError(
      source,
      'parse',
      `no ${fuel} price on the ${place.name} page in a layout we know; found: ${whatWasFound($, figures, stated, tables)}`,
    );
  }
  // The page must be about the place: its title, main heading or the block's label names it.
  const title = statements.find((s) => s.where === 'the title')?.text ?? '';
  const h1 = cellText($('h1').first().text());
  if (![title, h1, best?.figure.heading ?? ''].some((t) => namesPlace(t, place))) {
    throw new UpstreamError(
      source,
      'parse',
      `the page asked for ${place.name} is about somewhere else: its title is "${title.slice(0, 120)}", its heading "${h1.slice(0, 80)}"`,
    );
  }
  const day = pageDay(statements, best?.figure);
  const days = dayTables(tables, fuel);
  const todays: Witness[] = day
    ? days.flatMap((t) => t.days.filter((d) => d.day === day).map((d) => ({ where: `the "${t.label}" row of ${day}`, value: d.price })))
    : [];
  const witnesses = [body, ...(best && intro ? [intro] : []), ...stated, ...todays];
  const price = agreed(source, what, witnesses).value;
  const history = pageHistory(days, day, place);
  const from = `${body.where}${confirmedBy(witnesses)}${history.length ? `; ${history.length} earlier days from ${days.length} table${days.length > 1 ? 's' : ''}` : ''}`;
  return { rows: [{ name: place.name, price, type: 'city' }, ...placeRows(tables, fuel)], history, from };
}

/** The earlier days the tables give, one price each: a day two tables price differently is left out, not guessed. */
function pageHistory(tables: readonly DayTable[], today: string | null, place: Place): FuelDay[] {
  const byDay = new Map<string, number | null>();
  for (const t of tables) {
    for (const d of t.days) {
      if (today && d.day >= today) continue;
      const had = byDay.get(d.day);
      if (had === undefined) byDay.set(d.day, d.price);
      else if (had !== null && Math.abs(had - d.price) >= 0.005) byDay.set(d.day, null);
    }
  }
  return [...byDay]
    .filter((e): e is [string, number] => e[1] !== null)
    .sort((a, b) => (a[0] < b[0] ? 1 : -1))
    .map(([day, price]) => ({ name: place.name, day, price }));
}
