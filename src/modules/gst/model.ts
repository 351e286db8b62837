// The GST records every provider's parser produces (the fields /openapi.json gives /gst), so the service
// can combine parts from different upstreams without knowing their formats.

export interface TaxpayerProfile {
  trade_name: string | null;
  legal_name: string | null;
  registration_status: string | null;
  /** DD/MM/YYYY */
  registration_date: string | null;
  constitution: string | null;
  taxpayer_type: string | null;
  nature_of_business: string[];
  state: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
}

export interface HsnEntry {
  hsn: string;
  description: string;
}

export interface FilingYear {
  /** YYYY-YYYY */
  year: string;
  /** the start year, YYYY */
  value: string;
}

export interface ReturnEntry {
  return_type: 'GSTR1' | 'GSTR3B';
  /** month name */
  period: string;
  mode: string | null;
  /** DD/MM/YYYY */
  filed_on: string | null;
  status: string | null;
}

export interface ReturnsQuery {
  gstin: string;
  /** start year, YYYY */
  fy: string;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "NA", "" and null all mean absent on the GST upstreams. */
export function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' || s.toUpperCase() === 'NA' ? null : s;
}

export function num(v: unknown): number | null {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** DD/MM/YYYY from DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD; null when unreadable. */
export function ddmmyyyy(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  let m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(s);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  return null;
}

/** GSTR1 / GSTR3B from the spellings upstreams use (GSTR-1, GSTR3B, R1, …); null for other returns. */
export function returnType(v: unknown): 'GSTR1' | 'GSTR3B' | null {
  const s = (text(v) ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (s === 'GSTR1' || s === 'R1') return 'GSTR1';
  if (s === 'GSTR3B' || s === 'R3B' || s === '3B') return 'GSTR3B';
  return null;
}

/** "2024" -> "2024-2025" */
export const fyLabel = (start: string) => `${start}-${Number(start) + 1}`;

/** One line from address parts, skipping empty ones and repeats. */
export function joinAddress(parts: unknown[]): string | null {
  const out: string[] = [];
  for (const p of parts) {
    const s = text(p);
    if (s && !out.includes(s)) out.push(s);
  }
  return out.length ? out.join(', ') : null;
}
