import { describe, expect, it } from 'vitest';
import { csvRecords, csvRows } from './index.js';

describe('csvRows', () => {
  it('reads plain fields, quoted commas, doubled quotes and newlines inside quotes', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n';
    expect([...csvRows(text)]).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
    ]);
  });

  it('skips a byte-order mark and blank lines', () => {
    expect([...csvRows('\ufeffa,b\n\n1,2')]).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps an unclosed quote to the end rather than looping', () => {
    expect([...csvRows('a\n"open')]).toEqual([['a'], ['open']]);
  });
});

describe('csvRecords', () => {
  it('keys each row by the header and fills short rows with empty strings', () => {
    expect([...csvRecords('X, Y\n1\n3,4')]).toEqual([
      { X: '1', Y: '' },
      { X: '3', Y: '4' },
    ]);
  });
});
