// The crypto module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<CryptoTables>(database)`.

import type { Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../core/db/index.js';
import type { CoinEntry } from './coin-list.js';

export interface CoinListTable {
  /** Whose list: only "coingecko" is kept. */
  name: string;
  source: string;
  fetched_at: string;
  coins: number;
  body: JsonColumn<CoinEntry[]>;
}

export type CoinListRow = Selectable<CoinListTable>;
export type NewCoinListRow = Insertable<CoinListTable>;

export interface CryptoTables {
  crypto_coin_list: CoinListTable;
}
