// UPI payment links (NPCI's "UPI Linking Specification": upi://pay?pa=…&pn=…&am=…&tn=…&cu=INR).
// Every value is percent-encoded; the VPA is checked for the handle@provider shape, the amount
// written with two decimals. Pure: no I/O.

import { invalidParam } from '../../core/errors.js';
import type { UpiQuery } from './schemas.js';

// handle: letters, digits, dot, hyphen, underscore; provider: letters (bank or app handle).
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
// The largest single UPI payment NPCI allows in any category (₹5 lakh, for a few merchant kinds).
export const MAX_UPI_AMOUNT = 500_000;

export interface UpiLink {
  link: string;
  pa: string;
  pn: string;
  am: string | null;
  tn: string | null;
  cu: 'INR';
}

export function upiLink(q: Pick<UpiQuery, 'pa' | 'pn' | 'am' | 'tn' | 'cu'>): UpiLink {
  const pa = q.pa.trim();
  if (!VPA.test(pa)) throw invalidParam('pa', 'pa must be a UPI id like name@bank (letters, digits, . - _ before the @; the provider handle after it)');
  const pn = q.pn.trim();
  if (!pn) throw invalidParam('pn', 'pn must be the payee name');
  let am: string | null = null;
  if (q.am !== undefined) {
    const n = Number(q.am);
    if (!(n > 0 && n <= MAX_UPI_AMOUNT)) throw invalidParam('am', `am must be an amount from 0.01 to ${MAX_UPI_AMOUNT} rupees, with at most two decimals`);
    am = n.toFixed(2);
  }
  const tn = q.tn?.trim() || null;
  const params = new URLSearchParams({ pa, pn });
  if (am) params.set('am', am);
  if (tn) params.set('tn', tn);
  params.set('cu', 'INR');
  // URLSearchParams writes spaces as "+"; UPI apps expect percent-encoding (%20).
  const link = `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
  return { link, pa, pn, am, tn, cu: 'INR' };
}
