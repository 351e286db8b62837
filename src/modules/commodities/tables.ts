// The commodities module's tables: the pair every crawled price group keeps, under its prefix
// (priceTablesMigration creates them; the shared PriceRepository of src/lib/prices
// queries them, checked on columns through AnyPriceGroupTables).

import type { PriceGroupTables } from '../../lib/prices/index.js';

export type CommoditiesTables = PriceGroupTables<'commodities'>;
