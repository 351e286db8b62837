// The train module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<TrainTables>(database)`.

import type { Generated, Insertable, Selectable } from 'kysely';

export interface StationTable {
  code: string;
  name: string;
  /** Lower-cased name (LIKE is case-sensitive on PostgreSQL, not on SQLite). */
  name_lc: string;
  state: string | null;
  zone: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
}

export interface StationLoadTable {
  id: Generated<number>;
  loaded_at: string;
  source: string;
  rows: number;
}

export type StationRow = Selectable<StationTable>;
export type NewStationRow = Insertable<StationTable>;
export type StationLoadRow = Selectable<StationLoadTable>;
export type NewStationLoadRow = Insertable<StationLoadTable>;

export interface TrainTables {
  train_station: StationTable;
  train_station_load: StationLoadTable;
}
