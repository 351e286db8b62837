// Reads an Indian registration mark written in any spacing or case. Pure: what the mark
// itself says, nothing looked up elsewhere. Kinds recognised by shape:
//   regular     SS RR X(XX) NNNN   state code, RTO number (1-2 digits), series letters (0-3), number (1-4 digits)
//   bharat      YY BH NNNN XX      BH series (2021 rules): year of registration, number, letters; no state, no RTO
//   temporary   T MMYY SS NNNN X(X) the temporary-registration shape several states issue
//   diplomatic  NN CD|CC|UN NNNN   mission number, corps diplomatique / consular corps / United Nations
// Anything else is a 400 that says which part is wrong.

import { invalidParam } from '../../core/errors.js';
import type { StateCode } from './codes.js';

export type MarkKind = 'regular' | 'bharat' | 'temporary' | 'diplomatic';

export interface ParsedMark {
  /** The mark as it is written on a plate, parts separated by spaces. */
  formatted: string;
  kind: MarkKind;
  state: StateCode | null;
  /** State code and RTO number, e.g. "KA01"; null where the mark has none. */
  rto_code: string | null;
  series: string | null;
  number: string;
  /** BH marks: the year of first registration. */
  registered_year: number | null;
  /** Diplomatic marks: the mission's number and the corps. */
  diplomatic: { mission: string; corps: 'CD' | 'CC' | 'UN'; corps_name: string } | null;
}

const CORPS = { CD: 'Corps Diplomatique (embassy or high commission)', CC: 'Consular Corps', UN: 'United Nations organisation' } as const;

// Matched against the mark with its separators folded to single spaces: a space the writer put
// settles what run-together digits leave open ("GJ 1 1234" is RTO 1, number 1234; "GJ11234" is RTO 11).
const BH = /^(\d{2}) ?BH ?(\d{4}) ?([A-Z]{1,2})$/;
const DIPLOMATIC = /^(\d{1,3}) ?(CD|CC|UN) ?(\d{1,4})$/;
const TEMPORARY = /^T ?(\d{4}) ?([A-Z]{2}) ?(\d{4}) ?([A-Z]{1,2})$/;
const REGULAR = /^([A-Z]{2}) ?(\d{1,2}) ?((?:[A-Z] ?){0,3})(\d{1,4})$/;

const bad = (message: string, extra: Record<string, unknown> = {}) => invalidParam('number', message, extra);

export function parseMark(raw: string, states: ReadonlyMap<string, StateCode>): ParsedMark {
  const trimmed = raw.trim();
  if (!/^[A-Za-z0-9 .-]*$/.test(trimmed)) throw bad('number may hold only letters, digits, spaces, hyphens and dots');
  const spaced = trimmed.replace(/[ .-]+/g, ' ').toUpperCase();
  const s = spaced.replace(/ /g, '');
  if (s.length < 4) throw bad('number is too short for a registration mark (e.g. KA 01 AB 1234)');
  if (s.length > 13) throw bad('number is too long for a registration mark (at most 13 letters and digits, e.g. KA 01 AB 1234)');

  let m = BH.exec(spaced);
  if (m) {
    if (m[2] === '0000') throw bad('the number of a mark is never 0000');
    return {
      formatted: `${m[1]} BH ${m[2]} ${m[3]}`,
      kind: 'bharat',
      state: null,
      rto_code: null,
      series: m[3],
      number: m[2],
      registered_year: 2000 + Number(m[1]),
      diplomatic: null,
    };
  }
  m = DIPLOMATIC.exec(spaced);
  if (m) {
    const corps = m[2] as keyof typeof CORPS;
    return {
      formatted: `${m[1]} ${corps} ${m[3]}`,
      kind: 'diplomatic',
      state: null,
      rto_code: null,
      series: corps,
      number: m[3],
      registered_year: null,
      diplomatic: { mission: m[1], corps, corps_name: CORPS[corps] },
    };
  }
  m = TEMPORARY.exec(spaced);
  if (m && states.has(m[2])) {
    return {
      formatted: `T ${m[1]} ${m[2]} ${m[3]} ${m[4]}`,
      kind: 'temporary',
      state: states.get(m[2])!,
      rto_code: null,
      series: m[4],
      number: m[3],
      registered_year: null,
      diplomatic: null,
    };
  }
  m = REGULAR.exec(spaced);
  if (m) {
    const state = states.get(m[1]);
    if (!state) throw unknownState(m[1], states);
    if (Number(m[2]) === 0) throw bad(`the RTO number after ${m[1]} is never 0`);
    if (Number(m[4]) === 0) throw bad('the number of a mark is never 0000');
    const rto = m[2].padStart(2, '0');
    const series = m[3].replace(/ /g, '');
    const number = m[4].padStart(4, '0');
    return {
      formatted: [m[1], rto, series, number].filter(Boolean).join(' '),
      kind: 'regular',
      state,
      rto_code: `${m[1]}${rto}`,
      series: series || null,
      number,
      registered_year: null,
      diplomatic: null,
    };
  }
  throw diagnose(s, states);
}

function unknownState(code: string, states: ReadonlyMap<string, StateCode>) {
  return bad(`${code} is not a state or union-territory code`, { valid_values: [...states.keys()] });
}

/** Says which part of an unreadable mark is wrong, reading it as a regular mark. */
function diagnose(s: string, states: ReadonlyMap<string, StateCode>) {
  if (/^\d{2}BH/.test(s)) return bad('a BH-series mark is two digits of the year, BH, four digits and one or two letters (e.g. 21 BH 2345 AA)');
  const code = s.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(code))
    return bad('a registration mark starts with a two-letter state code (e.g. KA 01 AB 1234), or is a BH-series mark (e.g. 21 BH 2345 AA)');
  if (!states.has(code)) return unknownState(code, states);
  const rest = s.slice(2);
  const rto = /^\d+/.exec(rest)?.[0] ?? '';
  if (rto.length === 0 || rto.length > 2) return bad(`after the state code ${code} come the one or two digits of the RTO (e.g. ${code} 01 AB 1234)`);
  const after = rest.slice(rto.length);
  const series = /^[A-Z]*/.exec(after)![0];
  if (series.length > 3) return bad(`the series after ${code} ${rto} is one to three letters, got ${series.length}`);
  const num = after.slice(series.length);
  if (!/^\d+$/.test(num)) return bad('a registration mark ends with a number of 1 to 4 digits (e.g. KA 01 AB 1234)');
  return bad(`the number at the end is 1 to 4 digits, got ${num.length}`);
}
