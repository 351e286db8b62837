// Razorpay's published IFSC data set: IFSC.csv, a release asset of github.com/razorpay/ifsc
// (https://github.com/razorpay/ifsc/releases; about 45 MB, 177,000 rows, refreshed when RBI
// updates its lists, roughly monthly).
// Columns: BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT.
// Quirks: "NA" (and empty) mean not known; flags are "true"/"false"; CONTACT is a phone number
// as RBI lists it; there is no bank-code column (sub-member banks share their sponsor's prefix).
// Terms: the data is public domain (compiled from RBI's lists); the code is MIT.

import { csvRecords } from '../../../lib/csv/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import { IFSC_RULE } from '../directory.js';
import type { Branch } from '../repository.js';

export const RAZORPAY_DATASET = 'razorpay-ifsc-dataset';

const COLUMNS = ['BANK', 'IFSC', 'BRANCH', 'CITY', 'STATE'];

const text = (v: string | undefined): string | null => {
  const t = (v ?? '').replace(/\s+/g, ' ').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};
const flag = (v: string | undefined): boolean | null => {
  const t = (v ?? '').trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
};

/**
 * Branches of the CSV, lazily: rows whose IFSC breaks the rule, or repeats one, are skipped. `bankCodeOf`
 * names the bank a code belongs to (the directory knows the sub-members).
 */
export function* parseIfscCsv(csv: string, bankCodeOf: (ifsc: string) => string): Generator<Branch> {
  const firstLine = csv.slice(0, csv.indexOf('\n') >>> 0).replace(/^\ufeff/, '');
  const header = firstLine.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new UpstreamError(RAZORPAY_DATASET, 'bad_response', `the IFSC data set has no ${missing.join(', ')} column`);
  const seen = new Set<string>();
  for (const r of csvRecords(csv)) {
    const ifsc = (r.IFSC ?? '').trim().toUpperCase();
    // A repeated code keeps its first row: the code is the key.
    if (!IFSC_RULE.test(ifsc) || seen.has(ifsc)) continue;
    seen.add(ifsc);
    yield {
      ifsc,
      bank_code: bankCodeOf(ifsc),
      bank: text(r.BANK) ?? ifsc.slice(0, 4),
      branch: text(r.BRANCH),
      address: text(r.ADDRESS),
      city: text(r.CITY),
      centre: text(r.CENTRE),
      district: text(r.DISTRICT),
      state: text(r.STATE),
      contact: text(r.CONTACT),
      micr: text(r.MICR),
      swift: text(r.SWIFT),
      iso3166: text(r.ISO3166),
      neft: flag(r.NEFT),
      rtgs: flag(r.RTGS),
      imps: flag(r.IMPS),
      upi: flag(r.UPI),
    };
  }
}
