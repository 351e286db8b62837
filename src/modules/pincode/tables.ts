// The pincode module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<PincodeTables>(database)`.

import type { Generated, Insertable, Selectable } from 'kysely';

export interface OfficeTable {
  id: Generated<number>;
  pin: string;
  name: string;
  branch_type: string | null;
  delivery: string | null;
  division: string | null;
  region: string | null;
  circle: string | null;
  district: string | null;
  state: string | null;
  // Lower-cased copies (LIKE is case-sensitive on PostgreSQL, not on SQLite).
  name_lc: string;
  district_lc: string;
}

export interface OfficeLoadTable {
  id: Generated<number>;
  loaded_at: string;
  source: string;
  rows: number;
}

export type OfficeRow = Selectable<OfficeTable>;
export type NewOfficeRow = Insertable<OfficeTable>;
export type OfficeLoadRow = Selectable<OfficeLoadTable>;
export type NewOfficeLoadRow = Insertable<OfficeLoadTable>;

export interface PincodeTables {
  pincode_office: OfficeTable;
  pincode_load: OfficeLoadTable;
}
