// Razorpay's published IFSC data set: IFSC.csv, a release asset of github.com/razorpay/ifsc
// (https://github.com/razorpay/ifsc/releases; about 45 MB, 177,000 rows, refreshed when RBI
// updates its lists, roughly monthly).
// Columns: BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT.
// Quirks: "NA" (and empty) mean not known; flags are "true"/"false"; CONTACT is a phone number
// as RBI lists it; there is no bank-code column (sub-member banks share their sponsor's prefix).
// Terms: the data is public domain (compiled from RBI's lists); the code is MIT.

import { csvRowsOf } from '../../../lib/csv/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { IFSC_RULE } from '../directory.js';
import type { Branch } from '../repository.js';

export const RAZORPAY_DATASET = 'razorpay-ifsc-dataset';

const ALL = [
  'BANK',
  'IFSC',
  'BRANCH',
  'CENTRE',
  'DISTRICT',
  'STATE',
  'ADDRESS',
  'CONTACT',
  'IMPS',
  'RTGS',
  'CITY',
  'ISO3166',
  'NEFT',
  'MICR',
  'UPI',
  'SWIFT',
] as const;
type Column = (typeof ALL)[number];
// Without these the file is not the data set.
const REQUIRED: Column[] = ['BANK', 'IFSC', 'BRANCH', 'CITY', 'STATE'];

const text = (v: string | undefined): string | null => {
  const t = (v ?? '').replace(/\s+/g, ' ').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};
const flag = (v: string | undefined): boolean | null => {
  const t = (v ?? '').trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
};

/**
 * Branches of the CSV, read as its text arrives (a file read a chunk at a time, or the whole
 * text as one chunk): rows whose IFSC breaks the rule, or repeats one, are skipped.
 * `bankCodeOf` names the bank a code belongs to (the directory knows the sub-members).
 */
export async function* parseIfscCsv(chunks: AsyncIterable<string> | Iterable<string>, bankCodeOf: (ifsc: string) => string): AsyncGenerator<Branch> {
  // Each column's place in a row, from the header: fields are read by place, not through an
  // object per row (a 45 MB file makes 177,000 of them).
  let at: Record<Column, number> | undefined;
  const seen = new Set<string>();
  for await (const row of csvRowsOf(chunks)) {
    if (!at) {
      at = columnsOf(row);
      continue;
    }
    const field = (c: Column) => row[at![c]];
    const ifsc = (field('IFSC') ?? '').trim().toUpperCase();
    // A repeated code keeps its first row: the code is the key.
    if (!IFSC_RULE.test(ifsc) || seen.has(ifsc)) continue;
    seen.add(ifsc);
    yield {
      ifsc,
      bank_code: bankCodeOf(ifsc),
      bank: text(field('BANK')) ?? ifsc.slice(0, 4),
      branch: text(field('BRANCH')),
      address: text(field('ADDRESS')),
      city: text(field('CITY')),
      centre: text(field('CENTRE')),
      district: text(field('DISTRICT')),
      state: text(field('STATE')),
      contact: text(field('CONTACT')),
      micr: text(field('MICR')),
      swift: text(field('SWIFT')),
      iso3166: text(field('ISO3166')),
      neft: flag(field('NEFT')),
      rtgs: flag(field('RTGS')),
      imps: flag(field('IMPS')),
      upi: flag(field('UPI')),
    };
  }
  if (!at) columnsOf([]);
}

/** Where each column is in the header row; a file without the required ones is refused. */
function columnsOf(header: string[]): Record<Column, number> {
  const names = header.map((h) => h.trim());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length) throw new UpstreamError(RAZORPAY_DATASET, 'bad_response', `the IFSC data set has no ${missing.join(', ')} column`);
  // A column the file lacks is at -1: its field reads as undefined, i.e. unknown.
  return Object.fromEntries(ALL.map((c) => [c, names.indexOf(c)])) as Record<Column, number>;
}
