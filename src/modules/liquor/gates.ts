// The checks a parsed list must pass before anything is stored. A list that fails any of them
// is refused whole (the stored catalog stays as it was); each failure is a readable reason.

import type { ParsedList } from './types.js';

/** Printed amounts have two decimals: three rounded terms differ from their sum by under 2 paise. */
const ROUNDING = 0.02 + 1e-9;
/** How many offending rows a reason names. */
const SHOWN = 5;

const list = (xs: readonly (string | number)[]) => `${xs.slice(0, SHOWN).join(', ')}${xs.length > SHOWN ? ` and ${xs.length - SHOWN} more` : ''}`;

function arithmetic(list_: ParsedList): string | undefined {
  const bad = list_.rows.filter((r) => Math.abs(r.before_tax + r.tax + r.cess - r.price) > ROUNDING);
  if (!bad.length) return undefined;
  return `${bad.length} row(s) where before tax + tax + cess is not the price after tax: ${list(bad.map((r) => `serial ${r.serial} (${r.code}: ${r.before_tax} + ${r.tax} + ${r.cess} ≠ ${r.price})`))}`;
}

function serials(list_: ParsedList): string | undefined {
  const count = new Map<number, number>();
  for (const r of list_.rows) count.set(r.serial, (count.get(r.serial) ?? 0) + 1);
  const repeated = [...count].filter(([, n]) => n > 1).map(([s]) => s);
  const missing: number[] = [];
  for (let s = 1, max = Math.max(0, ...count.keys()); s <= max; s++) if (!count.has(s)) missing.push(s);
  const out: string[] = [];
  if (missing.length) out.push(`serial numbers are not contiguous from 1 (a row was not read?): missing ${list(missing)}`);
  if (repeated.length) out.push(`serial numbers repeated: ${list(repeated)}`);
  return out.join('; ') || undefined;
}

function codes(list_: ParsedList): string | undefined {
  const count = new Map<string, number>();
  for (const r of list_.rows) count.set(r.code, (count.get(r.code) ?? 0) + 1);
  const dup = [...count].filter(([, n]) => n > 1).map(([c]) => c);
  return dup.length ? `product codes repeated: ${list(dup)}` : undefined;
}

function prices(list_: ParsedList): string | undefined {
  const bad = list_.rows.filter((r) => !(r.price > 0) || !(r.before_tax > 0) || !(r.volume_ml > 0));
  return bad.length ? `${bad.length} row(s) with a zero or missing price or size: ${list(bad.map((r) => `serial ${r.serial} (${r.code})`))}` : undefined;
}

function effective(list_: ParsedList): string | undefined {
  const dates = list_.meta.effective_dates;
  if (dates.length === 1) return undefined;
  return dates.length ? `the pages give ${dates.length} effective dates (${dates.join(', ')}); a list has one` : 'no effective date found on any page';
}

function size(list_: ParsedList, minRows: number): string | undefined {
  return list_.rows.length < minRows ? `${list_.rows.length} rows read, fewer than LIQUOR_MIN_ROWS (${minRows})` : undefined;
}

function reading(list_: ParsedList): string | undefined {
  const problems = list_.problems ?? [];
  return problems.length ? `the ${list_.layout ?? 'reading'} left ${problems.length} problem(s): ${list(problems)}` : undefined;
}

/** Every reason the list is refused; empty when it may be stored. */
export function gateFailures(parsed: ParsedList, minRows: number): string[] {
  return [size(parsed, minRows), effective(parsed), reading(parsed), arithmetic(parsed), serials(parsed), codes(parsed), prices(parsed)].filter(
    (r): r is string => r !== undefined,
  );
}
