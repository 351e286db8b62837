// The CSV reader's state machine, fed a chunk at a time. A quoted field, a doubled quote or a
// CRLF may be cut anywhere between two chunks; the parser keeps where it was, so the rows of a
// text fed in pieces are the rows of the text fed whole (csvRows feeds it whole).

/** Where the parser stands between two characters. */
enum At {
  /** The start of a row: the end of the input here adds no row. */
  RowStart,
  /** After a comma: a field follows, even if the input ends. */
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: a second one makes a literal quote, anything else closes it. */
  QuoteInQuoted,
  /** After a closing quote: characters up to the delimiter are kept, as spreadsheets do. */
  AfterQuote,
  /** After a CR that ended a row: an LF next belongs to it. */
  AfterCr,
}

const COMMA = 44;
const CR = 13;
const LF = 10;

export class CsvParser {
  private at = At.RowStart;
  private row: string[] = [];
  private field = '';
  private started = false;

  /** The rows this chunk completes. */
  *push(chunk: string): Generator<string[]> {
    let i = 0;
    const n = chunk.length;
    if (!this.started && n > 0) {
      this.started = true;
      // A byte-order mark is not part of the first field.
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < n) {
      switch (this.at) {
        case At.AfterCr:
          if (chunk[i] === '\n') i++;
          this.at = At.RowStart;
          break;
        case At.RowStart:
        case At.FieldStart:
          if (chunk[i] === '"') {
            i++;
            this.at = At.Quoted;
          } else {
            this.at = At.Unquoted;
          }
          break;
        case At.Quoted: {
          const q = chunk.indexOf('"', i);
          if (q < 0) {
            this.field += chunk.slice(i);
            i = n;
          } else {
            this.field += chunk.slice(i, q);
            i = q + 1;
            this.at = At.QuoteInQuoted;
          }
          break;
        }
        case At.QuoteInQuoted:
          if (chunk[i] === '"') {
            this.field += '"';
            i++;
            this.at = At.Quoted;
          } else {
            this.at = At.AfterQuote;
          }
          break;
        case At.Unquoted:
        case At.AfterQuote: {
          let j = i;
          let c = 0;
          while (j < n && (c = chunk.charCodeAt(j)) !== COMMA && c !== CR && c !== LF) j++;
          this.field += chunk.slice(i, j);
          if (j === n) {
            i = n;
            break;
          }
          i = j + 1;
          if (c === COMMA) {
            this.row.push(this.field);
            this.field = '';
            this.at = At.FieldStart;
            break;
          }
          const row = this.endRow();
          this.at = c === CR ? At.AfterCr : At.RowStart;
          if (row) yield row;
          break;
        }
      }
    }
  }

  /** The last row, when the input does not end with a line break. */
  *end(): Generator<string[]> {
    if (this.at === At.RowStart || this.at === At.AfterCr) return;
    // An unclosed quote runs to the end of the input: what is there is kept.
    const row = this.endRow();
    this.at = At.RowStart;
    if (row) yield row;
  }

  private endRow(): string[] | undefined {
    this.row.push(this.field);
    const row = this.row;
    this.row = [];
    this.field = '';
    // A blank line (often the last) is no row.
    return row.length === 1 && row[0] === '' ? undefined : row;
  }
}
