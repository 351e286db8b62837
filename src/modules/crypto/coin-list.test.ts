// Resolving what a user typed to one coin, and the close-match suggestions.

import { describe, expect, it } from 'vitest';
import { CoinIndex, normalise, preference, readCoinList, type CoinEntry } from './coin-list.js';
import { editDistance } from '../../lib/fuzzy/index.js';
import { random } from '../../../test/helpers/random.js';

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
    expect(index.resolve('xrp')).toEqual({
      coin: { id: 'xrp', symbol: 'xrpx', name: 'Another Coin' },
      matched_by: 'id',
      alternatives: ['ripple', 'binance-peg-xrp'],
    });
  });

  it('prefers, for a shared symbol, the coin whose id is its name, then the id with fewer hyphens', () => {
    expect(index.resolve('btc')).toMatchObject({ coin: { id: 'bitcoin' }, alternatives: ['bitcoin-on-somechain'] });
    const xrpOnly = new CoinIndex([
      { id: 'binance-peg-xrp', symbol: 'xrp', name: 'Binance-Peg XRP' },
      { id: 'ripple', symbol: 'xrp', name: 'XRP' },
    ]);
    expect(xrpOnly.resolve('xrp')?.coin.id).toBe('ripple');
  });

  it('suggests the closest ids, symbols and names within a few edits, and nothing for nonsense', () => {
    expect(index.suggest('bitcoim').map((c) => c.id)).toEqual(['bitcoin']);
    expect(index.suggest('solan').map((c) => c.id)).toEqual(['solana']);
    expect(index.suggest('zzzzzzzz')).toEqual([]);
  });

  it('suggests the same coins, in the same order, as measuring every coin of the list', () => {
    // Made-up coins from a few syllables, so that many share pieces and symbols.
    const rnd = random(11);
    const parts = ['bit', 'coin', 'doge', 'eth', 'sol', 'ana', 'inu', 'x', 'wrapped-', 'pepe', 'ai'];
    const coins: CoinEntry[] = [];
    for (let i = 0; i < 2000; i++) {
      const stem = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => parts[Math.floor(rnd() * parts.length)]).join('');
      coins.push({
        id: `${stem}-${i % 7 ? i : ''}`.replace(/-+$/, ''),
        symbol: stem.replace(/-/g, '').slice(0, 3 + (i % 3)),
        name: `${stem.replace(/-/g, ' ')} ${i % 5 ? 'Token' : ''}`.trim(),
      });
    }
    const big = new CoinIndex(readCoinList(coins));
    const scan = (query: string, max = 3) => {
      const q = normalise(query);
      const limit = Math.min(3, Math.max(1, Math.floor(q.length / 3)));
      const within = big.coins
        .map((c) => ({ c, d: Math.min(...[c.id, c.symbol, normalise(c.name)].map((s) => editDistance(q, s, { limit }))) }))
        .filter((x) => x.d <= limit);
      return within
        .sort((a, b) => a.d - b.d || preference(a.c, b.c))
        .slice(0, max)
        .map((x) => x.c.id);
    };
    for (const q of ['bitcoim', 'dogeinu', 'eth', 'wrapped sol', 'pepeai token', 'solanna', 'xx', 'b', 'coin-123', 'zzzz', 'inu inu inu']) {
      expect(
        big.suggest(q).map((c) => c.id),
        q,
      ).toEqual(scan(q));
      expect(
        big.suggest(q, 8).map((c) => c.id),
        q,
      ).toEqual(scan(q, 8));
    }
  });

  it('counts edits, stopping past the limit', () => {
    expect(editDistance('kitten', 'sitting', { limit: 5 })).toBe(3);
    expect(editDistance('a', 'abcdef', { limit: 2 })).toBe(3);
  });
});
