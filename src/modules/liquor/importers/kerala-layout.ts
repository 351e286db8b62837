// The layout of Kerala State Beverages (M&M) Corporation's price list of IMFL, beer and wine.
// Described by the list itself and by niap3/beverage_lister's scripts/parse_pdf.py (read, not
// copied; docs/decisions/scraped-parsers-real-pages.md lists which facts came from it). Every
// page repeats a title line:
//   "Kerala State Beverages (M&M) Corporation Limited Price List of IMFL/BEER/WINE for Warehouses
//    and FL-1 Shops With effect from 11-05-2026 (Tender 2026-27 - Quoted Items) 23-Sep-26"
// Suppliers are introduced by a line "NNN NAME" and then "IMFL Supplier :" (or BEER, WINE). A row
// prints Sl.No, a 9-character product code (sometimes digits only), the description (blank when
// it repeats the row above; it may itself begin with a number, "999 POWER STAR …"), ml, bottles
// per case, proof, landed cost, excise, import fee, cess, the warehouse triplet (before tax, tax,
// after tax) and the FL-1 shop triplet.
// Quirk: the FL-1 shop triplets are a separate text block at a different line pitch (and maybe
// size), so grouping words by y puts triplets beside the wrong row, or none, or on a supplier
// line. The content stream draws each row's cells in order: code … shop triplet, then Sl.No and
// cess. So the stream's words are read first, as one sequence parsed by the row's grammar
// (kerala-stream.ts), whatever lines the producer broke them into; grouping by y is the
// fallback, kept only when the stream does not read.
// Each row is checked as it is read: shop before tax + tax + cess = after tax (a gate), warehouse
// before tax + tax + cess × case = after tax, and FL-1 before tax ÷ warehouse before tax per
// bottle within 1.03–1.35 (a triplet on a neighbouring row stands out). The shop price is
// before tax + tax + cess (not before tax + tax).

import { UpstreamError } from '../../../core/upstream/index.js';
import type { PdfLine } from '../../../lib/pdf/index.js';
import type { ParsedList, PriceListMeta, PriceRow } from '../types.js';
import { CLOSING, FOOTER, FURNITURE_WORDS, NUMBER as N, Reader, type Reading, type Section, TITLE } from './kerala-rows.js';
import { readStream } from './kerala-stream.js';

const UPSTREAM = 'ksbc';
const SECTION = /^(IMFL|BEER|WINE)\s+Supplier\s*:\s*(?:(\d{3})\s+)?(.+)$/i;
/** A y-grouped row: serial, code, description, then thirteen numbers (cess among them). */
const LINE_ROW = new RegExp(
  String.raw`^(\d+)\s+([0-9A-Z]{9})(?:\s+(.*?))?\s+(\d+)\s+(\d+)\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})\s+(${N})$`,
);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "23-Sep-26" → "2026-09-23". */
function printedDate(s: string | undefined): string | null {
  const m = s ? /^(\d{1,2})-([A-Za-z]{3})-(\d{2,4})$/.exec(s) : null;
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) + 1 : 0;
  if (!m || !month) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return `${year}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

const nums = (xs: string[]) => xs.map((x) => Number(x));

function sectionOf(text: string): Section | undefined {
  const a = SECTION.exec(text);
  return a ? { kind: a[1].toUpperCase(), supplier: a[3].trim() } : undefined;
}

const isFurniture = (l: PdfLine) => l.words.every((w) => FURNITURE_WORDS.has(w.text.toLowerCase()));
const isSkipped = (l: PdfLine) => !l.text.trim() || TITLE.test(l.text) || FOOTER.test(l.text) || CLOSING.test(l.text) || isFurniture(l);

/** The title, effective and print dates from the pages' title lines (either reading's lines). */
export function metaOf(pages: PdfLine[][]): PriceListMeta {
  const effective = new Set<string>();
  let title = '';
  let printed: string | null = null;
  for (const line of pages.flat()) {
    const t = TITLE.exec(line.text);
    if (!t) continue;
    effective.add(`${t[4]}-${t[3]}-${t[2]}`);
    title ||= [t[1], t[5]].filter(Boolean).join(' ');
    printed ??= printedDate(t[6]);
  }
  if (!title)
    throw new UpstreamError(UPSTREAM, 'bad_response', 'the file is not a KSBC price list: no "Price List of … With effect from dd-mm-yyyy" title line');
  return { title, effective_dates: [...effective], printed };
}

/** Rows from lines grouped by y: "Sl.No code [description] ml case proof landed excise import cess wh×3 fl×3". */
export function readLines(pages: PdfLine[][]): Reading {
  const r = new Reader();
  const unclassified: string[] = [];
  pages.forEach((lines, p) => {
    for (const line of lines) {
      const text = line.text.trim();
      if (isSkipped(line)) continue;
      const s = sectionOf(text);
      if (s) {
        r.setSection(s);
        continue;
      }
      const m = LINE_ROW.exec(text);
      if (m) {
        const [ml, perCase, , , , , cess, wb, wt, wa, fb, ft, fa] = nums(m.slice(4, 17));
        r.add(Number(m[1]), { code: m[2], desc: m[3] ?? '', ml, perCase, cess, wh: [wb, wt, wa], fl: [fb, ft, fa] }, `page ${p + 1}`);
        continue;
      }
      unclassified.push(`page ${p + 1}: "${text.slice(0, 80)}"`);
    }
  });
  return r.reading(unclassified, 'line(s) grouped by position');
}

const sameRows = (a: PriceRow[], b: PriceRow[]) => a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));

/**
 * The list from both readings of its pages: the content-stream reading when it accounts for
 * every line and every row checks out, else the y-grouped one when that does; the answer says
 * which was used and whether the other agreed. When neither reads cleanly, the stream reading's
 * rows are returned with its problems, which the gates turn into a refusal.
 */
export function parseKeralaPages(stream: PdfLine[][], lines: PdfLine[][]): ParsedList {
  const meta = metaOf(lines);
  const s = readStream(stream);
  const y = readLines(lines);
  const clean = (x: Reading) => x.rows.length > 0 && x.problems.length === 0;
  if (clean(s))
    return {
      meta,
      rows: s.rows,
      layout: `content stream${sameRows(s.rows, y.rows) ? ' (grouping by y agrees)' : ' (grouping by y disagrees; not used)'}`,
      problems: [],
    };
  if (clean(y)) return { meta, rows: y.rows, layout: 'grouping by y (the content stream did not read as rows)', problems: [] };
  const best = s.rows.length >= y.rows.length ? s : y;
  return { meta, rows: best.rows, layout: best === s ? 'content stream' : 'grouping by y', problems: best.problems };
}
