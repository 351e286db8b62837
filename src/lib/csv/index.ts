// A small RFC 4180 CSV reader for the data sets modules import (quoted fields, doubled quotes,
// commas and newlines inside quotes, CRLF or LF). Rows are yielded one at a time so an
// importer can store them in batches without building a second copy of the file.

/** Each row of `text` as an array of fields (the header row included). */
export function* csvRows(text: string): Generator<string[]> {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of the first field
  while (i < n) {
    const row: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            // An unclosed quote runs to the end of the file: keep what is there.
            field += text.slice(i);
            i = n;
            break;
          }
          field += text.slice(i, q);
          if (text[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      } else {
        let j = i;
        while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
        field = text.slice(i, j);
        i = j;
      }
      row.push(field);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    // A blank line (often the last) is no row.
    if (row.length === 1 && row[0] === '') continue;
    yield row;
  }
}

/** Rows as objects keyed by the header row's names. */
export function* csvRecords(text: string): Generator<Record<string, string>> {
  let header: string[] | undefined;
  for (const row of csvRows(text)) {
    if (!header) {
      header = row.map((h) => h.trim());
      continue;
    }
    const rec: Record<string, string> = {};
    for (let k = 0; k < header.length; k++) rec[header[k]] = row[k] ?? '';
    yield rec;
  }
}
