// Resolving what a user typed to one coin, and the close-match suggestions.

import { describe, expect, it } from 'vitest';
import { CoinIndex, distance, readCoinList } from './coin-list.js';

const index = new CoinIndex(
  readCoinList([
    { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
    { id: 'wrapped-bitcoin', symbol: 'wbtc', name: 'Wrapped Bitcoin' },
    { id: 'bitcoin-on-somechain', symbol: 'btc', name: 'Bitcoin (Somechain)' },
    { id: 'ripple', symbol: 'xrp', name: 'XRP' },
    { id: 'binance-peg-xrp', symbol: 'xrp', name: 'Binance-Peg XRP' },
    { id: 'xrp', symbol: 'xrpx', name: 'Another Coin' },
    { id: 'solana', symbol: 'sol', name: 'Solana' },
  ]),
);

describe('coin index', () => {
  it('resolves an id before a symbol before a name, ignoring case and spaces', () => {
    expect(index.resolve(' Bitcoin ')).toMatchObject({ coin: { id: 'bitcoin' }, matched_by: 'id' });
    expect(index.resolve('SOL')).toMatchObject({ coin: { id: 'solana' }, matched_by: 'symbol' });
    expect(index.resolve('wrapped  bitcoin')).toMatchObject({ coin: { id: 'wrapped-bitcoin' }, matched_by: 'name' });
    // "xrp" is an id here (a made-up coin), so the id wins and the symbol's coins are alternatives.
    expect(index.resolve('xrp')).toEqual({ coin: { id: 'xrp', symbol: 'xrpx', name: 'Another Coin' }, matched_by: 'id', alternatives: ['ripple', 'binance-peg-xrp'] });
  });

  it('prefers, for a shared symbol, the coin whose id is its name, then the id with fewer hyphens', () => {
    expect(index.resolve('btc')).toMatchObject({ coin: { id: 'bitcoin' }, alternatives: ['bitcoin-on-somechain'] });
    const xrpOnly = new CoinIndex([{ id: 'binance-peg-xrp', symbol: 'xrp', name: 'Binance-Peg XRP' }, { id: 'ripple', symbol: 'xrp', name: 'XRP' }]);
    expect(xrpOnly.resolve('xrp')?.coin.id).toBe('ripple');
  });

  it('suggests the closest ids, symbols and names within a few edits, and nothing for nonsense', () => {
    expect(index.suggest('bitcoim').map((c) => c.id)).toEqual(['bitcoin']);
    expect(index.suggest('solan').map((c) => c.id)).toEqual(['solana']);
    expect(index.suggest('zzzzzzzz')).toEqual([]);
  });

  it('counts edits, stopping past the limit', () => {
    expect(distance('kitten', 'sitting', 5)).toBe(3);
    expect(distance('a', 'abcdef', 2)).toBe(3);
  });
});
