// Local validation of GSTINs and PANs, so a malformed number never costs an upstream call
// and the 400 says exactly what is wrong. Pure functions; no I/O.
// Layouts and the treatment of special registrations: docs/decisions/gst-special-registrations.md.

import { STATE_CODES } from './states.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * PAN holder types (the PAN's 4th character). The ten of the Income Tax Department's list,
 * plus K (Krish / Trust Krish), which python-stdnum accepts: rejecting a real PAN costs the
 * user more than letting an odd one reach the upstream, which then says "not found".
 */
export const PAN_HOLDER_TYPES: Readonly<Record<string, string>> = {
  A: 'Association of Persons',
  B: 'Body of Individuals',
  C: 'Company',
  F: 'Firm / LLP',
  G: 'Government agency',
  H: 'Hindu Undivided Family',
  J: 'Artificial Juridical Person',
  K: 'Krish (Trust Krish)',
  L: 'Local authority',
  P: 'Individual',
  T: 'Trust',
};

const HOLDER_LIST = Object.keys(PAN_HOLDER_TYPES).join(', ');

/** Which kind of registration a GSTIN's shape says it is. */
export type GstinLayout = 'regular' | 'tax_deductor' | 'tax_collector' | 'uin' | 'non_resident';

export interface ValidGstin {
  gstin: string;
  layout: GstinLayout;
  state_code: string;
  state: string;
  /** The embedded PAN (or TAN for a deductor registered without a PAN); null for UIN/non-resident. */
  pan: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The mod-36 Luhn check character of the first 14 characters (GSTN's algorithm). */
export function gstinCheckChar(first14: string): string {
  let total = 0;
  for (let i = 0; i < 14; i++) {
    const p = (i % 2 === 0 ? 1 : 2) * ALPHABET.indexOf(first14[i]);
    total += Math.floor(p / 36) + (p % 36);
  }
  return ALPHABET[(36 - (total % 36)) % 36];
}

/** Trims, removes inner spaces and upper-cases what a user typed. */
export const normalise = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** Why `pan` (already normalised) is not a PAN, or null when it is one. */
function panProblem(pan: string, where: string, offset: number): string | null {
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) {
    return `${where} ("${pan}") must be a PAN: five letters, four digits and a letter`;
  }
  if (!PAN_HOLDER_TYPES[pan[3]]) {
    return `position ${offset + 4} ("${pan[3]}") must be a PAN holder type, one of ${HOLDER_LIST}`;
  }
  if (pan.slice(5, 9) === '0000') return `the PAN's serial number (positions ${offset + 6}-${offset + 9}) cannot be 0000`;
  return null;
}

export function checkPan(input: string): Checked<string> {
  const pan = normalise(input);
  if (pan.length !== 10) return { ok: false, problem: `a PAN has 10 characters; "${pan}" has ${pan.length}` };
  const p = panProblem(pan, 'the PAN', 0);
  return p ? { ok: false, problem: p } : { ok: true, value: pan };
}

export function checkGstin(input: string): Checked<ValidGstin> {
  const g = normalise(input);
  const fail = (problem: string): Checked<ValidGstin> => ({ ok: false, problem });
  if (g.length !== 15) return fail(`a GSTIN has 15 characters; "${g}" has ${g.length}`);
  const bad = /[^0-9A-Z]/.exec(g);
  if (bad) return fail(`position ${bad.index + 1} ("${bad[0]}") is not a letter or a digit`);

  const stateCode = g.slice(0, 2);
  const state = STATE_CODES[stateCode];
  if (!state) return fail(`positions 1-2 ("${stateCode}") are not a GST state code; valid codes are 01 to 38, 97 and 99`);

  const body = g.slice(2, 14);
  let layout: GstinLayout;
  let pan: string | null = null;
  if (body.slice(10) === 'UN') {
    // UIN of a UN body or embassy: year, "UNO"/country letters, serial, "UN".
    if (!/^\d{2}[A-Z]{3}\d{5}$/.test(body.slice(0, 10))) {
      return fail('a UIN (positions 13-14 "UN") must have two digits, three letters and five digits at positions 3-12');
    }
    layout = 'uin';
  } else if (body.slice(10) === 'OS') {
    if (stateCode !== '99') return fail('a non-resident registration (positions 13-14 "OS") must have state code 99');
    if (!/^\d{2}[A-Z]{3}\d{5}$/.test(body.slice(0, 10))) {
      return fail('a non-resident registration must have two digits, three letters and five digits at positions 3-12');
    }
    layout = 'non_resident';
  } else {
    const id = body.slice(0, 10);
    const kind = g[13];
    const isTan = /^[A-Z]{4}\d{5}[A-Z]$/.test(id);
    // A tax deductor without a PAN registers against its TAN (DESIGN: special registrations).
    if (!(kind === 'D' && isTan)) {
      const p = panProblem(id, 'positions 3-12', 2);
      if (p) return fail(p);
    }
    if (!/^[1-9A-Z]$/.test(g[12])) return fail(`position 13 (the entity number) must be 1 to 9 or a letter, not "${g[12]}"`);
    if (kind === 'Z') layout = 'regular';
    else if (kind === 'D') layout = 'tax_deductor';
    else if (kind === 'C') layout = 'tax_collector';
    else return fail(`position 14 must be Z (or D for a tax deductor, C for a tax collector), not "${kind}"`);
    pan = id;
  }

  const expected = gstinCheckChar(g.slice(0, 14));
  if (g[14] !== expected) return fail(`the check digit should be ${expected}, not ${g[14]}`);
  return { ok: true, value: { gstin: g, layout, state_code: stateCode, state, pan } };
}
