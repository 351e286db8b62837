// Request schema of /crypto and /lab/crypto.

import { Type, defaulted, type Static } from '../../core/schema.js';

export const CryptoQuery = Type.Object({
  coin: Type.String({ minLength: 1, maxLength: 2000, description: 'a comma list of up to 25 coins, each by CoinGecko id (bitcoin), symbol (btc) or name (Bitcoin)' }),
  vs: defaulted(Type.String({ minLength: 1, maxLength: 100, default: 'inr', description: 'a comma list of up to 5 currencies the prices are in (e.g. inr,usd,btc)' })),
});
export type CryptoQuery = Static<typeof CryptoQuery>;
