// The domain module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<DomainTables>(database)`.

import type { Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../core/db/index.js';
import type { BootstrapFile } from './bootstrap.js';

export interface RdapBootstrapTable {
  /** The bootstrap kind: only "dns" is used. */
  name: string;
  publication: string | null;
  source: string;
  fetched_at: string;
  body: JsonColumn<BootstrapFile>;
}

export type RdapBootstrapRow = Selectable<RdapBootstrapTable>;
export type NewRdapBootstrapRow = Insertable<RdapBootstrapTable>;

export interface DomainTables {
  domain_rdap_bootstrap: RdapBootstrapTable;
}
