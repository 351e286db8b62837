// The state and union-territory codes of registration marks (data/state-codes.json) and the RTO
// offices behind the codes that follow them (data/rto-offices.json), see data/SOURCES.md; read once
// per module instance.

import { readFileSync } from 'node:fs';

export interface StateCode {
  code: string;
  name: string;
  kind: 'state' | 'ut';
  /** A code no longer issued (marks under it stay valid). */
  legacy: boolean;
  note: string | null;
}

interface Row {
  code: string;
  name: string;
  kind: 'state' | 'ut';
  legacy?: boolean;
  note?: string;
}

export function loadStateCodes(): Map<string, StateCode> {
  const rows = (JSON.parse(readFileSync(new URL('./data/state-codes.json', import.meta.url), 'utf8')) as { codes: Row[] }).codes;
  return new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, kind: r.kind, legacy: r.legacy === true, note: r.note ?? null }]));
}

export interface RtoOffice {
  office: string;
  city: string | null;
  district: string | null;
  /** 'two-sources': an independent list names the same town for the code; 'one-source': only `source` does. */
  agreement: 'two-sources' | 'one-source';
  /** Which published list the office is read from (data/SOURCES.md). */
  source: string;
  note: string | null;
}

/** RTO code (KA01) → office, for every code of the published lists (data/SOURCES.md), each with how sure it is. */
export function loadRtoOffices(): Map<string, RtoOffice> {
  const rows = (JSON.parse(readFileSync(new URL('./data/rto-offices.json', import.meta.url), 'utf8')) as { offices: (RtoOffice & { code: string })[] }).offices;
  return new Map(rows.map(({ code, office, city, district, agreement, source, note }) => [code, { office, city, district, agreement, source, note }]));
}
