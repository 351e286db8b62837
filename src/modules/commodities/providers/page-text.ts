// Reading the words and figures of a metals page as people write them, whatever the markup:
// rupee amounts ("₹1,17,384", "₹ 14,673 (-27)", "Rs. 14,673"), weights ("1 gram", "(10 g)",
// "/kg", "Per Gram"), purities ("24K", "22 Carat", "18 KT") and dates ("Aug 12, 2026",
// "12 August 2026", "12/08/2026"). Entities (&#8377; &#x20b9;) are already decoded by the
// HTML parser; every reader tolerates spaces, no-break spaces and Indian digit grouping.

import { amount, cellText } from '../../../lib/prices/index.js';
import type { Metal } from './types.js';

/** A purity of gold, or the metal itself for silver and platinum. */
export type Grade = 24 | 22 | 18 | 'metal';

const RUPEE = /(?:₹|\brs\.?|\binr)\s*(\d[\d,]*(?:\.\d+)?)/i;

/**
 * The rupee amount of a price cell: the first figure after a rupee sign, else the first
 * figure; a change in brackets ("(-27)", "(+1,200)") is not the price.
 */
export function rupees(text: string | undefined): number | null {
  if (!text) return null;
  const t = cellText(text).replace(/\([^)]*\)/g, ' ');
  const m = RUPEE.exec(t);
  if (m) {
    const n = Number(m[1].replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return amount(t);
}

const UNIT = '(kgs?|kilo(?:gram)?s?|grams?|gms?|gm|gr|g)';

/** Grams a text states a figure is for: "1 gram", "(10 g)", "1 Kg", "/g", "per kg", "Per Gram"; undefined when it says none. */
export function gramsIn(text: string | undefined): number | undefined {
  if (!text) return undefined;
  // Amounts ("₹250") are not weights.
  const t = cellText(text).replace(new RegExp(RUPEE.source, 'gi'), ' ');
  const kg = (u: string) => /^k/i.test(u);
  const n = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*${UNIT}\\b`, 'i').exec(t);
  if (n) return Number(n[1]) * (kg(n[2]) ? 1000 : 1);
  const per = new RegExp(`(?:\\bper|/)\\s*${UNIT}\\b`, 'i').exec(t);
  if (per) return kg(per[1]) ? 1000 : 1;
  return undefined;
}

/** The gold purity a text names (24, 22 or 18 carat, in any spelling), if exactly one. */
export function karatIn(text: string): 24 | 22 | 18 | undefined {
  const found = new Set([...text.matchAll(/\b(24|22|18)\s*-?\s*(?:k|kt|karat|carat|ct)\b/gi)].map((m) => Number(m[1]) as 24 | 22 | 18));
  return found.size === 1 ? [...found][0] : undefined;
}

/** What grade of `metal` a label names: a purity of gold, or silver/platinum by name. */
export function gradeIn(text: string, metal: Metal): Grade | undefined {
  if (metal === 'gold') return karatIn(text);
  return new RegExp(`\\b${metal}\\b`, 'i').test(text) && !karatIn(text) ? 'metal' : undefined;
}

/** "24K", "22K", "18K", or the metal's name: how a grade is named in a reason. */
export const gradeName = (g: Grade, metal: Metal) => (g === 'metal' ? metal : `${g}K`);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function ymd(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 2000 || y > 2100) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d ? date.toISOString().slice(0, 10) : undefined;
}

const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** The day a text names, as YYYY-MM-DD: "Aug 12, 2026", "12 August 2026", "12/08/2026" (day first), "2026-08-12". */
export function dayIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const t = cellText(text);
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(t);
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(t);
  if (m) return ymd(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(t);
  if (m && month(m[1])) return ymd(Number(m[3]), month(m[1]), Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(t);
  if (m && month(m[2])) return ymd(Number(m[3]), month(m[2]), Number(m[1]));
  return undefined;
}
