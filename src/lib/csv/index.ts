// A small RFC 4180 CSV reader for the data sets modules import (quoted fields, doubled quotes,
// commas and newlines inside quotes, CRLF or LF). Rows are yielded one at a time, and a file
// can be read a chunk at a time (csvRowsOf), so an importer stores rows in batches without
// ever holding the whole file.

import { CsvParser } from './parser.js';

export { CsvParser } from './parser.js';

/** Each row of `text` as an array of fields (the header row included). */
export function* csvRows(text: string): Generator<string[]> {
  const parser = new CsvParser();
  yield* parser.push(text);
  yield* parser.end();
}

/** Turns rows into objects keyed by the first row's names; short rows get empty strings. */
class Keyed {
  header?: string[];

  /** The record of a row, or undefined for the header row. */
  record(row: string[]): Record<string, string> | undefined {
    if (!this.header) {
      this.header = row.map((h) => h.trim());
      return undefined;
    }
    const rec: Record<string, string> = {};
    for (let k = 0; k < this.header.length; k++) rec[this.header[k]] = row[k] ?? '';
    return rec;
  }
}

/** Rows as objects keyed by the header row's names. */
export function* csvRecords(text: string): Generator<Record<string, string>> {
  const keyed = new Keyed();
  for (const row of csvRows(text)) {
    const rec = keyed.record(row);
    if (rec) yield rec;
  }
}

/** The rows of a text that arrives in pieces (a file read a chunk at a time), the same as csvRows of the whole text. */
export async function* csvRowsOf(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string[]> {
  const parser = new CsvParser();
  for await (const chunk of chunks) yield* parser.push(chunk);
  yield* parser.end();
}
