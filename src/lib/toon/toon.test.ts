// fastEncode against @toon-format/toon's encode on values built to reach every layout rule;
// src/modules/astro/toon.test.ts holds it to the library on real charts too.

import { describe, expect, it } from 'vitest';
import { encode } from '@toon-format/toon';
import { fastEncode } from './toon.js';

describe('fastEncode on edge values', () => {
  const label = (v: unknown) => JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
  const same = (v: unknown) => expect(fastEncode(v), label(v)).toBe(encode(v));

  it('quotes strings exactly where the library does', () => {
    const strings = [
      '',
      ' ',
      ' a',
      'a ',
      '\ta',
      'a\t',
      'a,b',
      'a:b',
      'a"b',
      'a\\b',
      '[x',
      'x]',
      '{x',
      'x}',
      '-x',
      'x-',
      '#x',
      'x#',
      '-',
      '12',
      '1.5',
      '1e5',
      '1E-5',
      '+3',
      '-3',
      '05',
      '.5',
      '5.',
      '1e',
      '1.e5',
      '1.5e+10x',
      '2024-01-01',
      '12:30',
      'true',
      'false',
      'null',
      'True',
      'NULL',
      'a\nb',
      'a\rb',
      'a\u0001b',
      '\u001f',
      'a\u007fb',
      '\uFEFF',
      '\uFEFFx',
      'é',
      'नमस्ते',
      '😀',
      'a b',
      'a|b',
    ];
    for (const s of strings) {
      same(s);
      same({ k: s });
      same([s, s]);
      same({
        t: [
          { a: s, b: 1 },
          { a: 'x', b: 2 },
        ],
      });
    }
  });

  it('quotes keys exactly where the library does', () => {
    same({ '': 1, ' ': 2, 'a b': 3, '1': 4, _x: 5, 'a.b': 6, 'a-b': 7, '"': 8, é: 9, a1: 10, '\n': 11, 'x:y': 12 });
    same(JSON.parse('{"__proto__": {"a": 1}, "b": [{"__proto__": 1}, {"__proto__": 2}]}'));
    same({
      rows: [
        { 'a b': 1, '2': 2 },
        { 'a b': 3, '2': 4 },
      ],
    });
  });

  it('lays out empty, nested, mixed, tabular and keyed containers as the library does', () => {
    const values: unknown[] = [
      {},
      [],
      [[]],
      [{}],
      { a: {} },
      { a: [] },
      [
        [1, 2],
        [3, 4],
      ],
      [[], [1]],
      [[1], [2, [3]]],
      [[{ a: 1 }]],
      [1, [2], { a: 1 }],
      { x: [{ a: 1 }, { a: 2, b: 3 }] },
      [
        { a: 1, b: 2 },
        { b: 3, a: 4 },
      ],
      [{ a: { b: 1, c: 2 } }, { a: { b: 3, c: 4 } }],
      [{ a: { b: 1 } }, { a: { c: 1 } }],
      [{ a: {} }, { a: {} }],
      [{ a: [1, 2] }, { a: [3] }],
      { o: { p: { a: 1 }, q: { a: 2 } } },
      { o: { p: { a: 1 } } },
      { o: { p: { a: 1 }, q: {} } },
      { o: { p: { a: 1 }, q: 2 } },
      { m: { a: { x: 1, y: { z: 2 } }, b: { x: 3, y: { z: 4 } } } },
      { m: { a: { x: 1 }, b: { x: [1] } } },
      { p: { a: { x: 1 }, b: { x: 2 } }, q: 1 },
      {
        l: [
          { x: [{ a: 1 }, { a: 2 }], y: 1 },
          { x: { p: { a: 1 }, q: { a: 2 } }, z: [1] },
          { x: { p: 1 } },
          { x: [] },
          { x: [1, 2] },
          { x: [[1], {}] },
          { x: {} },
          {},
          [1, { a: [] }],
          [[]],
          's',
          null,
          [{ a: 1 }, { a: 2 }],
        ],
      },
      { n: [null, true, false, 1.5, -2, 'q'] },
      42,
      true,
      false,
      null,
      'plain',
      [undefined, null],
      { u: undefined, f() {} },
      [[[1]]],
      { deep: { er: { est: [{ a: [{ b: 1 }] }] } } },
      [{ a: undefined }, { a: 1 }],
      Object.assign(Object.create(null), { a: 1 }),
      Object.assign(new Array(3), { 0: 1, 2: 3 }), // a hole reads as null
    ];
    for (const v of values) same(v);
    same(values);
    same({ all: values });
  });

  it('writes numbers as the library does: -0 as 0, non-finite as null, String(n) exponents kept', () => {
    for (const n of [0, -0, 1, -1, 0.1, 1 / 3, 1e21, 1e-7, 1e-6, 123456789012345680000, 5e-324, Number.MAX_VALUE, -1e-300, NaN, Infinity, -Infinity]) {
      same(n);
      same({ n });
      same({ ns: [n, n] });
      same({ t: [{ n }, { n }] });
    }
    expect(fastEncode({ a: -0, b: NaN, c: 1e21 })).toBe('a: 0\nb: null\nc: 1e+21');
  });

  it('matches the library on 500 random JSON values', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const atoms: unknown[] = [null, true, false, 0, -0, 7, -2.5, 1e21, NaN, '', 'a', 'a b', ' x', '1', '-', 'true', 'a,b', 'x:y', '"', 'é'];
    const keys = ['a', 'b', 'c', 'a b', '1', ''];
    const gen = (depth: number): unknown => {
      const r = rnd(depth > 3 ? 1 : 5);
      if (r === 0) return atoms[rnd(atoms.length)];
      if (r === 1 || r === 2) {
        // Often uniform rows, so tables and keyed tables come up.
        const shape = keys.slice(0, 1 + rnd(3));
        return Array.from({ length: rnd(4) }, () => (rnd(3) ? Object.fromEntries(shape.map((k) => [k, gen(depth + 2)])) : gen(depth + 1)));
      }
      const o: Record<string, unknown> = {};
      for (let i = rnd(4); i > 0; i--) o[keys[rnd(keys.length)]!] = gen(depth + 1);
      return o;
    };
    for (let i = 0; i < 500; i++) same(gen(0));
  });

  // Tables are written while their rows are checked, and taken back when a later row breaks the
  // pattern; these rows break it in every place the library's rule looks.
  const nearTables: unknown[][] = [
    [{ a: 1, b: 2 }, { a: 3, b: 4 }, { a: 5 }],
    [
      { a: 1, b: 2 },
      { a: 3, b: 4 },
      { a: 5, b: 6, c: 7 },
    ],
    [
      { a: 1, b: 2 },
      { a: 3, b: 4 },
      { a: 5, c: 6 },
    ],
    [
      { a: 1, b: 2 },
      { a: 3, b: 4 },
      { b: 5, c: 6 },
    ],
    [
      { a: 1, b: 2 },
      { b: 3, a: 4 },
    ],
    [
      { a: 1, b: 2 },
      { b: 3, a: 4, c: 5 },
    ],
    [
      { a: 1, b: 2 },
      { b: 3, c: 4 },
    ],
    [
      { a: { x: 1, y: 2 }, b: 1 },
      { b: 2, a: { y: 3, x: 4 } },
    ],
    [
      { a: { x: 1 }, b: 1 },
      { a: { x: 2 }, b: 2 },
      { a: {}, b: 3 },
    ],
    [
      { a: { x: 1 }, b: 1 },
      { a: { x: 2 }, b: 2 },
      { a: 3, b: 3 },
    ],
    [
      { a: { x: 1 }, b: 1 },
      { a: { x: 2 }, b: 2 },
      { a: { y: 3 }, b: 3 },
    ],
    [
      { a: 1, b: 1 },
      { a: 2, b: 2 },
      { a: { x: 3 }, b: 3 },
    ],
    [
      { a: 1, b: 1 },
      { a: 2, b: 2 },
      { a: [3], b: 3 },
    ],
    [{ a: { x: { p: 1 } } }, { a: { x: { p: 2 } } }, { a: { x: { p: 3, q: 4 } } }],
    [{ a: { x: { p: 1 } } }, { a: { x: { p: 2 } } }, { a: { x: { q: 3 } } }],
    [{ a: 1 }, { a: 2 }, null],
    [{ a: 1 }, { a: 2 }, [1]],
    [{ a: 1 }, { a: 2 }, 's'],
    [{ a: 1 }, { a: 2 }, {}],
    [{ a: 1 }],
    [
      { '1': 'x', b: 2 },
      { b: 3, '1': 'y' },
    ],
  ];

  it('takes back a table when a later row breaks the pattern, in every place a table can start', () => {
    for (const rows of nearTables) {
      const keyed = Object.fromEntries(rows.map((r, i) => [`r${i}`, r]));
      same(rows);
      same({ t: rows });
      same({ k: keyed });
      same(keyed);
      same([{ t: rows, z: 1 }]);
      same([{ k: keyed, z: [rows] }]);
      same({ deep: [[{ t: rows }], { k: keyed }] });
    }
  });

  it('hands a table with a value outside JSON in its last row to the library', () => {
    class Row {
      a = 3;
    }
    const rows: unknown[][] = [
      [{ a: 1 }, { a: 2 }, { a: new Date(0) }],
      [{ a: { x: 1 } }, { a: { x: 2 } }, { a: new Map([['x', 3]]) }],
      [{ a: 1 }, { a: 2 }, new Row()],
      [
        { a: 1, toJSON: 2 },
        { a: 2, toJSON: 3 },
      ],
      [{ a: 1 }, { a: 2 }, { a: 3n }],
      [Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(null), { a: 2 })],
    ];
    for (const r of rows) {
      same({ t: r });
      same({ k: Object.fromEntries(r.map((x, i) => [`r${i}`, x])) });
    }
  });

  it('matches the library on 500 random near-tables (rows reordered, short of a key, with nested cells)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const atoms: unknown[] = [null, true, 0, -0, 1.5, NaN, '', 'x y', '-1', 'a:b', '2024-01-01'];
    const names = ['a', 'b', 'c', 'd e'];
    const cellOf = (depth: number): unknown => {
      const r = rnd(depth > 1 ? 6 : 8);
      if (r < 5) return atoms[rnd(atoms.length)];
      if (r === 5) return [atoms[rnd(atoms.length)]];
      return rowOf(names.slice(0, 1 + rnd(2)), depth + 1);
    };
    const rowOf = (shape: string[], depth: number): Record<string, unknown> => {
      const keys = shape.filter(() => rnd(12) > 0); // now and then a key short
      if (rnd(4) === 0) keys.reverse();
      if (rnd(12) === 0) keys.push('z');
      return Object.fromEntries(keys.map((k) => [k, cellOf(depth)]));
    };
    for (let i = 0; i < 500; i++) {
      const shape = names.slice(0, 1 + rnd(4));
      const rows = Array.from({ length: 1 + rnd(4) }, () => rowOf(shape, 0));
      same(rnd(2) ? { t: rows } : { k: Object.fromEntries(rows.map((r, j) => [`r${j}`, r])) });
      same([{ t: rows, n: i }]);
    }
  });

  it('hands values outside JSON to the library, which converts or refuses them', () => {
    for (const v of [new Date(0), { d: new Date(0) }, { m: new Map([[1, 2]]) }, { s: new Set([1]) }, 10n, { b: 2n ** 70n }, { j: { toJSON: () => 'x' } }])
      same(v);
    // toJSON wherever an object can be written: the library calls it, so the output would differ if it were missed.
    const f = () => 'replaced';
    for (const v of [
      { toJSON: f, a: 1 },
      { m: { a: 1, toJSON: f } },
      {
        t: [
          { a: 1, toJSON: f },
          { a: 2, toJSON: f },
        ],
      },
      {
        t: [
          { a: 1, b: 2 },
          { a: 1, toJSON: f },
        ],
      },
      { k: { r1: { a: 1, toJSON: f }, r2: { a: 2, toJSON: f } } },
      { k: { r1: { a: 1 }, r2: { a: 2, toJSON: f } } },
      [{ toJSON: f, a: 1 }],
      [{ a: 1, toJSON: f }],
      { t: [{ a: { x: 1, toJSON: f } }, { a: { x: 2, toJSON: f } }] },
      { t: [{ a: { x: 1 } }, { a: { x: 2, toJSON: f } }] },
      [{ a: { b: 1, toJSON: f } }],
      { k: { toJSON: { a: 1 }, r: { a: 2 } } },
      { d: { toJSON: 3 } },
    ])
      same(v);
    expect(() => fastEncode({ s: '\ud800' })).toThrow(/unpaired surrogate/);
    expect(() => fastEncode({ '\udc00': 1 })).toThrow(/unpaired surrogate/);
    same({ ok: '😀', '😀': 1 });
  });
});
