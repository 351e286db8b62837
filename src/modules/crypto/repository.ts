// Storage of the coin list (one row per list; only CoinGecko's is kept).

import type { Kysely } from 'kysely';
import { tablesOf, type Database } from '../../core/db/index.js';
import type { CoinEntry } from './coin-list.js';
import type { CryptoTables, NewCoinListRow } from './tables.js';

export interface StoredCoinList {
  source: string;
  fetched_at: string;
  coins: CoinEntry[];
}

export class CryptoRepository {
  private readonly db: Kysely<CryptoTables>;

  constructor(database: Database) {
    this.db = tablesOf<CryptoTables>(database);
  }

  async getCoinList(name = 'coingecko'): Promise<StoredCoinList | undefined> {
    const row = await this.db.selectFrom('crypto_coin_list').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    // jsonb comes back parsed from PostgreSQL, text from SQLite.
    const coins = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as CoinEntry[];
    return { source: row.source, fetched_at: row.fetched_at, coins };
  }

  /** When the stored list was fetched, without reading the list itself. */
  async fetchedAt(name = 'coingecko'): Promise<string | undefined> {
    const row = await this.db.selectFrom('crypto_coin_list').select('fetched_at').where('name', '=', name).executeTakeFirst();
    return row?.fetched_at;
  }

  async saveCoinList(list: StoredCoinList, name = 'coingecko'): Promise<void> {
    const values: NewCoinListRow = { name, source: list.source, fetched_at: list.fetched_at, coins: list.coins.length, body: JSON.stringify(list.coins) };
    await this.db
      .insertInto('crypto_coin_list')
      .values(values)
      .onConflict((oc) => oc.column('name').doUpdateSet({ source: values.source, fetched_at: values.fetched_at, coins: values.coins, body: values.body }))
      .execute();
  }
}
