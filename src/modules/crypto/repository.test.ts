// The stored coin list, on every dialect.

import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { migrations } from './migrations.js';
import { CryptoRepository } from './repository.js';

describe.each(DIALECTS)('crypto repository on $name', (dialect) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('stores the coin list and replaces it with the next one', async () => {
    const db = await dialect.open();
    drop = async () => {
      await db.close();
      await db.drop();
    };
    await db.migrate(migrations);
    const repo = new CryptoRepository(db);
    expect(await repo.getCoinList()).toBeUndefined();
    expect(await repo.fetchedAt()).toBeUndefined();
    const first = {
      source: 'https://api.coingecko.com/api/v3/coins/list',
      fetched_at: '2026-11-23T00:00:00.000Z',
      coins: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' }],
    };
    await repo.saveCoinList(first);
    expect(await repo.getCoinList()).toEqual(first);
    await repo.saveCoinList({ ...first, fetched_at: '2026-11-24T00:00:00.000Z', coins: [...first.coins, { id: 'ethereum', symbol: 'eth', name: 'Ethereum' }] });
    expect((await repo.getCoinList())?.coins).toHaveLength(2);
    expect(await repo.fetchedAt()).toBe('2026-11-24T00:00:00.000Z');
  });
});
