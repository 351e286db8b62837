// Stored stations: replaced as a whole on each good load, looked up by code, searched by
// code or name. Rows map to Station objects in one place (toStation).

import type { Kysely } from 'kysely';
import { tablesOf, type Database } from '../../core/db/index.js';
import type { NewStationRow, StationRow, TrainTables } from './tables.js';

export interface Station {
  code: string;
  name: string;
  state: string | null;
  zone: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
}

export interface StationLoad {
  loaded_at: string;
  source: string;
  rows: number;
}

const toStation = (r: StationRow): Station => ({
  code: r.code,
  name: r.name,
  state: r.state,
  zone: r.zone,
  address: r.address,
  lat: r.lat === null ? null : Number(r.lat),
  lon: r.lon === null ? null : Number(r.lon),
});

// 8 columns × 400 rows stays far below both dialects' bound-parameter limits.
const BATCH = 400;

export class StationRepository {
  private readonly db: Kysely<TrainTables>;

  constructor(database: Database) {
    this.db = tablesOf<TrainTables>(database);
  }

  /** Replaces every station in one transaction and records the load. */
  async replaceAll(stations: Station[], source: string, at: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('train_station').execute();
      for (let i = 0; i < stations.length; i += BATCH) {
        const rows: NewStationRow[] = stations.slice(i, i + BATCH).map((s) => ({ ...s, name_lc: s.name.toLowerCase() }));
        await trx.insertInto('train_station').values(rows).execute();
      }
      await trx.insertInto('train_station_load').values({ loaded_at: at.toISOString(), source, rows: stations.length }).execute();
    });
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('train_station')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Whether any list has been loaded (cheaper than count). */
  async loaded(): Promise<boolean> {
    const r = await this.db.selectFrom('train_station').select('code').limit(1).executeTakeFirst();
    return r !== undefined;
  }

  async lastLoad(): Promise<StationLoad | undefined> {
    const r = await this.db.selectFrom('train_station_load').select(['loaded_at', 'source', 'rows']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r ? { loaded_at: r.loaded_at, source: r.source, rows: Number(r.rows) } : undefined;
  }

  /** Stations by code (upper case), as a map; unknown codes are absent. */
  async byCodes(codes: string[]): Promise<Map<string, Station>> {
    const out = new Map<string, Station>();
    const unique = [...new Set(codes)];
    for (let i = 0; i < unique.length; i += BATCH) {
      const rows = await this.db
        .selectFrom('train_station')
        .selectAll()
        .where('code', 'in', unique.slice(i, i + BATCH))
        .execute();
      for (const r of rows) out.set(r.code, toStation(r));
    }
    return out;
  }

  /**
   * Stations whose code or name matches `q`: exact code first, then codes and names that
   * start with it, then names that contain it; alphabetical within each rank.
   */
  async search(q: string, limit: number): Promise<Station[]> {
    const code = q.trim().toUpperCase();
    const lc = q.trim().toLowerCase();
    // LIKE wildcards are dropped rather than escaped: the two dialects escape differently.
    const needle = lc.replace(/[\\%_]/g, '');
    const rows = await this.db
      .selectFrom('train_station')
      .selectAll()
      .where((eb) => eb.or([eb('code', '=', code), eb('code', 'like', `${needle.toUpperCase()}%`), eb('name_lc', 'like', `%${needle}%`)]))
      .limit(500)
      .execute();
    const rank = (r: StationRow) => (r.code === code ? 0 : r.code.startsWith(code) ? 1 : r.name_lc.startsWith(lc) ? 2 : r.name_lc.includes(lc) ? 3 : 4);
    return rows
      .filter((r) => rank(r) < 4)
      .sort((a, b) => rank(a) - rank(b) || a.name_lc.localeCompare(b.name_lc) || a.code.localeCompare(b.code))
      .slice(0, limit)
      .map(toStation);
  }
}
