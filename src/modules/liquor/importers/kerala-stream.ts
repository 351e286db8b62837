// KSBC's price list read as a sequence of words in content-stream order (the order the file draws
// its text), parsed by the list's grammar. Where the producer breaks its lines, and at what height
// or size it draws a block of columns, is its own choice, not the list's structure: the words of
// a page are one sequence here, and a line break means nothing. The grammar, element by element:
//
//   page     := ( row | supplier | title | footer | closing | furniture )*
//   row      := CODE description ml bottles proof landed excise import
//               wh-before wh-tax wh-after fl-before fl-tax fl-after sl-no cess
//   supplier := NNN name KIND "Supplier" ":"          (the order the real list draws it)
//             | KIND "Supplier" ":" [NNN] name        (name runs to where the next element begins)
//   title    := "Kerala State Beverages (M&M) Corporation Limited Price List of … With effect from
//               dd-mm-yyyy [(…)] [dd-Mon-yy]"
//   footer   := "* Note : Page" N
//   closing  := "Sd/-" | "Managing Director" | "Prepared by :" words up to the next element
//   furniture:= one word of the column headers ("Sl.No", "Before", "Tax*", …)
//
// CODE is nine digits and capitals with at least one digit ("11001121W", "131007715"), so a
// nine-letter word of a name ("BREWERIES") is never a code. The description is the fewest words
// after the code that leave fourteen figures of the right kinds (ml, bottles and Sl.No whole
// numbers); it may be empty (the row above's name is repeated) or begin with a number ("999
// POWER STAR FINE RUM"), and it never holds a code, so an unreadable row cannot swallow the next.
// Words no element accounts for are reported in stretches, and any stretch refuses the list.

import type { PdfLine } from '../../../lib/pdf/index.js';
import { FURNITURE_WORDS, NUMBER, Reader, TITLE, type Cells, type Reading, type Section } from './kerala-rows.js';

const WHOLE = /^\d+$/;
const FIGURE = new RegExp(`^${NUMBER}$`);
const CODE = /^(?=[A-Z]*\d)[0-9A-Z]{9}$/;
const SUPPLIER_NO = /^\d{3}$/;
const KIND = /^(IMFL|BEER|WINE)$/i;
/** A row's figures after its description, in stream order (their meaning is in readRow). */
const TAIL = [WHOLE, WHOLE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, FIGURE, WHOLE, FIGURE];
const TITLE_AT = new RegExp(String.raw`^Kerala State Beverages \(M ?& ?M\) ${TITLE.source}(?= |$)`, 'i');
const FOOTER_AT = /^\* ?Note ?: ?Page \d+(?= |$)/i;
/** Words a title or footer may take at most (their matches are tried on this many). */
const WINDOW = 60;
const SHOWN_CHARS = 80;

/** How many words from i are the given regex's match, when it ends at a word's end (else 0). */
function wordsMatched(t: readonly string[], i: number, re: RegExp): number {
  const m = re.exec(t.slice(i, i + WINDOW).join(' '));
  return m ? m[0].split(' ').length : 0;
}

/** "IMFL Supplier :" (or "Supplier:") at i: how many words it takes, and the kind. */
function kindAt(t: readonly string[], i: number): { n: number; kind: string } | undefined {
  if (!KIND.test(t[i] ?? '')) return undefined;
  const kind = t[i].toUpperCase();
  if (/^Supplier:$/i.test(t[i + 1] ?? '')) return { n: 2, kind };
  if (/^Supplier$/i.test(t[i + 1] ?? '') && t[i + 2] === ':') return { n: 3, kind };
  return undefined;
}

const titleAt = (t: readonly string[], i: number) => (/^Kerala$/i.test(t[i]) ? wordsMatched(t, i, TITLE_AT) : 0);
const footerAt = (t: readonly string[], i: number) => (t[i].startsWith('*') ? wordsMatched(t, i, FOOTER_AT) : 0);

/** The closing block's fixed words at i (not "Prepared by :", whose free text follows it). */
function closingAt(t: readonly string[], i: number): number {
  if (t[i] === 'Sd/-') return 1;
  if (/^Managing$/i.test(t[i]) && /^Director$/i.test(t[i + 1] ?? '')) return 2;
  return 0;
}

function preparedByAt(t: readonly string[], i: number): number {
  if (!/^Prepared$/i.test(t[i])) return 0;
  if (/^by:$/i.test(t[i + 1] ?? '')) return 2;
  return /^by$/i.test(t[i + 1] ?? '') && t[i + 2] === ':' ? 3 : 0;
}

/** Where free text (a name after its "Supplier :", the words after "Prepared by :") ends: the next element. */
const endsFreeText = (t: readonly string[], i: number) =>
  CODE.test(t[i]) || kindAt(t, i) !== undefined || titleAt(t, i) > 0 || footerAt(t, i) > 0 || closingAt(t, i) > 0 || preparedByAt(t, i) > 0;

/** A row at i: how many words it takes, its serial and its cells. */
function readRow(t: readonly string[], i: number): { n: number; serial: number; cells: Cells } | undefined {
  if (!CODE.test(t[i])) return undefined;
  for (let j = i + 1; j + TAIL.length <= t.length; j++) {
    if (TAIL.every((re, k) => re.test(t[j + k]))) {
      const [ml, perCase, , , , , wb, wt, wa, fb, ft, fa, serial, cess] = t.slice(j, j + TAIL.length).map(Number);
      return {
        n: j + TAIL.length - i,
        serial,
        cells: { code: t[i], desc: t.slice(i + 1, j).join(' '), ml, perCase, cess, wh: [wb, wt, wa], fl: [fb, ft, fa] },
      };
    }
    if (CODE.test(t[j])) return undefined;
  }
  return undefined;
}

/** A supplier at i, in either order: how many words it takes and the section it opens. */
function readSupplier(t: readonly string[], i: number): { n: number; section: Section } | undefined {
  if (SUPPLIER_NO.test(t[i])) {
    for (let j = i + 1; j < t.length && !CODE.test(t[j]); j++) {
      const k = kindAt(t, j);
      if (k) return j > i + 1 ? { n: j + k.n - i, section: { kind: k.kind, supplier: t.slice(i + 1, j).join(' ') } } : undefined;
    }
    return undefined;
  }
  const k = kindAt(t, i);
  if (!k) return undefined;
  const from = i + k.n + (SUPPLIER_NO.test(t[i + k.n] ?? '') ? 1 : 0);
  let j = from;
  while (j < t.length && !endsFreeText(t, j)) j++;
  return j > from ? { n: j - i, section: { kind: k.kind, supplier: t.slice(from, j).join(' ') } } : undefined;
}

/** Words at i that carry no data: title, footer, closing block, a furniture word. */
function furnitureAt(t: readonly string[], i: number): number {
  const fixed = titleAt(t, i) || footerAt(t, i) || closingAt(t, i);
  if (fixed) return fixed;
  const prepared = preparedByAt(t, i);
  if (prepared) {
    let j = i + prepared;
    while (j < t.length && !endsFreeText(t, j)) j++;
    return j - i;
  }
  return FURNITURE_WORDS.has(t[i].toLowerCase()) ? 1 : 0;
}

/** Each page's words in content-stream order (the lines' breaks dropped). */
export const streamWords = (pages: PdfLine[][]): string[][] => pages.map((lines) => lines.flatMap((l) => l.words.map((w) => w.text)));

/** The rows of the pages' words in stream order, by the grammar above. */
export function readWords(pages: string[][]): Reading {
  const r = new Reader();
  const unread: string[] = [];
  pages.forEach((t, p) => {
    let stretch: string[] = [];
    const flush = () => {
      if (stretch.length) unread.push(`page ${p + 1}: "${stretch.join(' ').slice(0, SHOWN_CHARS)}"`);
      stretch = [];
    };
    for (let i = 0; i < t.length; ) {
      const row = readRow(t, i);
      const supplier = row ? undefined : readSupplier(t, i);
      const skipped = row || supplier ? 0 : furnitureAt(t, i);
      if (row) r.add(row.serial, row.cells, `page ${p + 1}`);
      if (supplier) r.setSection(supplier.section);
      const n = row?.n ?? supplier?.n ?? skipped;
      if (n) {
        flush();
        i += n;
      } else stretch.push(t[i++]);
    }
    flush();
  });
  return r.reading(unread, 'stretch(es) of words in stream order');
}

/** The rows of the pages' lines in stream order; where the lines break does not matter. */
export const readStream = (pages: PdfLine[][]): Reading => readWords(streamWords(pages));
