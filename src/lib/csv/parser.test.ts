import { describe, expect, it } from 'vitest';
import { CsvParser } from './parser.js';

/** Every row of the chunks, fed one after another. */
function rowsOf(chunks: string[]): string[][] {
  const parser = new CsvParser();
  const rows: string[][] = [];
  for (const chunk of chunks) for (const row of parser.push(chunk)) rows.push(row);
  for (const row of parser.end()) rows.push(row);
  return rows;
}

// Quoted commas, newlines and CRLFs, doubled quotes (one at the end of a field), an empty
// quoted field, text after a closing quote, a blank line, CRLF and LF line ends, a byte-order
// mark, a trailing comma, and an unclosed quote at the end.
const TRICKY =
  '\ufeffBANK,IFSC,ADDRESS\r\n' +
  '"State ""Bank"" of India",SBIN0000001,"1 ROAD, KOLKATA\nSECOND LINE"\r\n' +
  '"HDFC """,HDFC0000001,""\n' +
  '\n' +
  'PLAIN,"a\r\nb","x"y\r' +
  'LAST,,\n' +
  'tail,"unclosed, "" and\non';

describe('CsvParser', () => {
  const whole = rowsOf([TRICKY]);

  it('reads the text whole as the CSV rules say', () => {
    expect(whole).toEqual([
      ['BANK', 'IFSC', 'ADDRESS'],
      ['State "Bank" of India', 'SBIN0000001', '1 ROAD, KOLKATA\nSECOND LINE'],
      ['HDFC "', 'HDFC0000001', ''],
      ['PLAIN', 'a\r\nb', 'xy'],
      ['LAST', '', ''],
      ['tail', 'unclosed, " and\non'],
    ]);
  });

  it('reads the same rows whatever two places the text is cut at', () => {
    for (let i = 0; i <= TRICKY.length; i++) {
      for (let j = i; j <= TRICKY.length; j++) {
        expect(rowsOf([TRICKY.slice(0, i), TRICKY.slice(i, j), TRICKY.slice(j)]), `cut at ${i} and ${j}`).toEqual(whole);
      }
    }
  });

  it('reads the same rows fed a character at a time', () => {
    expect(rowsOf([...TRICKY])).toEqual(whole);
  });

  it('adds no row for input that ends with a line break, or for no input', () => {
    expect(rowsOf(['a,b\r', '\n'])).toEqual([['a', 'b']]);
    expect(rowsOf(['a,b\r'])).toEqual([['a', 'b']]);
    expect(rowsOf([''])).toEqual([]);
  });

  it('keeps a trailing empty field when the input ends after a comma', () => {
    expect(rowsOf(['a,'])).toEqual([['a', '']]);
  });
});
