// The layout of Kerala State Beverages (M&M) Corporation's price list of IMFL, beer and wine,
// read from pdfjs text lines. Described by the list itself and by niap3/beverage_lister's
// scripts/parse_pdf.py (read, not copied). Every page repeats a title line:
//   "Kerala State Beverages (M&M) Corporation Limited Price List of IMFL/BEER/WINE for Warehouses
//    and FL-1 Shops With effect from 11-05-2026 (Tender 2026-27 - Quoted Items) 23-Sep-26"
// Rows sit under section lines "IMFL Supplier : 101 SUPPLIER NAME" (IMFL, BEER or WINE). A row
// reads: Sl.No, a 9-character product code, the description (blank when it repeats the row
// above), ml, bottles per case, proof, landed cost, excise, import fee, cess, the warehouse
// triplet (before tax, tax, after tax) and the FL-1 shop triplet, last. The shop triplet is a
// separate text block at a slightly different pitch, so a row is gathered with some y tolerance
// (src/lib/pdf) and its triplet taken as the three right-most numbers. Quirk: the shop price is
// before tax + tax + cess (not before tax + tax); the arithmetic gate checks exactly that.

import { UpstreamError } from '../../../core/upstream/index.js';
import type { PdfLine, PdfWord } from '../../../lib/pdf/index.js';
import type { ParsedList, PriceRow } from '../types.js';

const UPSTREAM = 'ksbc';
const TITLE = /Corporation Limited\s+(Price List of .+?)\s+With effect from\s+(\d{2})-(\d{2})-(\d{4})\s*(\([^)]*\))?\s*(\d{1,2}-[A-Za-z]{3}-\d{2,4})?/i;
const SECTION = /^(IMFL|BEER|WINE)\s+Supplier\s*:\s*(?:(\d{3})\s+)?(.+)$/i;
const SUPPLIER_FIRST = /^(?:(\d{3})\s+)?(.+?)\s+(IMFL|BEER|WINE)\s+Supplier\s*:$/i;
const CODE = /^\d[0-9A-Z]{8}$/;
const INT = /^\d{1,6}$/;
const NUM = /^-?\d{1,3}(?:,?\d{3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const num = (w: PdfWord) => Number(w.text.replace(/,/g, ''));
const mid = (w: PdfWord) => w.x + w.width / 2;

/** "23-Sep-26" → "2026-09-23". */
function printedDate(s: string | undefined): string | null {
  const m = s ? /^(\d{1,2})-([A-Za-z]{3})-(\d{2,4})$/.exec(s) : null;
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) + 1 : 0;
  if (!m || !month) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return `${year}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** Where a page's Sl.No and Cess columns sit (their header words), when the page has them. */
function columnsOf(lines: PdfLine[]): { serial?: number; cess?: number } {
  const out: { serial?: number; cess?: number } = {};
  for (const l of lines) {
    for (const w of l.words) {
      if (out.serial === undefined && /^Sl\.?\s*No\.?$/i.test(w.text)) out.serial = mid(w);
      if (out.cess === undefined && /^Cess$/i.test(w.text)) out.cess = mid(w);
    }
  }
  return out;
}

/** The number word nearest a column's x, within a column's width. */
function nearest(words: PdfWord[], x: number | undefined, test: RegExp): PdfWord | undefined {
  if (x === undefined) return undefined;
  let best: PdfWord | undefined;
  for (const w of words) if (test.test(w.text) && Math.abs(mid(w) - x) <= 30 && (!best || Math.abs(mid(w) - x) < Math.abs(mid(best) - x))) best = w;
  return best;
}

interface Section {
  kind: string;
  supplier: string;
}

function sectionOf(text: string): Section | undefined {
  const a = SECTION.exec(text);
  if (a) return { kind: a[1].toUpperCase(), supplier: a[3].trim() };
  const b = SUPPLIER_FIRST.exec(text);
  if (b) return { kind: b[3].toUpperCase(), supplier: b[2].trim() };
  return undefined;
}

type Cols = ReturnType<typeof columnsOf>;

/** One product row, or undefined when the line is not one. `previousName` fills a blank description. */
function rowOf(line: PdfLine, cols: Cols, section: Section, previousName: string | undefined): PriceRow | undefined {
  const at = line.words.findIndex((w) => CODE.test(w.text) && /\d{5}/.test(w.text));
  if (at < 0) return undefined;
  const code = line.words[at];
  const after = line.words.slice(at + 1);
  const mlAt = after.findIndex((w) => INT.test(w.text));
  if (mlAt < 0) return undefined;
  const numbers = after.slice(mlAt + 1).filter((w) => NUM.test(w.text));
  if (numbers.length < 3) return undefined;
  const [beforeTax, tax, price] = numbers.slice(-3).map(num);
  const name = after.slice(0, mlAt).map((w) => w.text).join(' ').trim() || previousName;
  const serialWord = nearest(line.words, cols.serial, INT) ?? line.words.slice(0, at).find((w) => INT.test(w.text));
  const cessWord = nearest(numbers.slice(0, -3), cols.cess, NUM);
  if (!name || !serialWord) return undefined;
  return {
    serial: num(serialWord),
    code: code.text,
    name,
    volume_ml: num(after[mlAt]),
    supplier: section.supplier,
    section: section.kind,
    before_tax: beforeTax,
    tax,
    cess: cessWord ? num(cessWord) : 0,
    price,
  };
}

/** The list's rows and header from its pages' lines. */
export function parseKeralaLines(pages: PdfLine[][]): ParsedList {
  const effective = new Set<string>();
  let title = '';
  let printed: string | null = null;
  const rows: PriceRow[] = [];
  let section: Section | undefined;
  let previous: { name: string; supplier: string } | undefined;
  for (const lines of pages) {
    const cols = columnsOf(lines);
    for (const line of lines) {
      const t = TITLE.exec(line.text);
      if (t) {
        effective.add(`${t[4]}-${t[3]}-${t[2]}`);
        title ||= [t[1], t[5]].filter(Boolean).join(' ');
        printed ??= printedDate(t[6]);
        continue;
      }
      const s = sectionOf(line.text);
      if (s) {
        section = s;
        continue;
      }
      if (!section) continue;
      const inherited = previous && previous.supplier === section.supplier ? previous.name : undefined;
      const row = rowOf(line, cols, section, inherited);
      if (!row) continue;
      rows.push(row);
      previous = { name: row.name, supplier: section.supplier };
    }
  }
  if (!title) throw new UpstreamError(UPSTREAM, 'bad_response', 'the file is not a KSBC price list: no "Price List of … With effect from dd-mm-yyyy" title line');
  return { meta: { title, effective_dates: [...effective], printed }, rows };
}
