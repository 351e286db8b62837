// The ifsc module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<IfscTables>(database)`.

import type { Generated, Insertable, Selectable } from 'kysely';

/** 1, 0 or null (unknown): an integer on both dialects. */
export type Flag = number | null;

export interface BranchTable {
  ifsc: string;
  bank_code: string;
  bank: string;
  branch: string | null;
  address: string | null;
  city: string | null;
  centre: string | null;
  district: string | null;
  state: string | null;
  contact: string | null;
  micr: string | null;
  swift: string | null;
  iso3166: string | null;
  neft: Flag;
  rtgs: Flag;
  imps: Flag;
  upi: Flag;
  // Lower-cased copies for search (LIKE is case-sensitive on PostgreSQL, not on SQLite).
  search_lc: string;
  city_lc: string;
  state_lc: string;
}

export interface BranchLoadTable {
  id: Generated<number>;
  loaded_at: string;
  source: string;
  rows: number;
}

export type BranchRow = Selectable<BranchTable>;
export type NewBranchRow = Insertable<BranchTable>;
export type BranchLoadRow = Selectable<BranchLoadTable>;
export type NewBranchLoadRow = Insertable<BranchLoadTable>;

export interface IfscTables {
  ifsc_branch: BranchTable;
  ifsc_load: BranchLoadTable;
}
