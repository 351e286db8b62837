// What both readings of KSBC's price list share (kerala-layout.ts describes the list): the words
// of its page furniture, and the Reader that takes each row as read, under the supplier last
// seen, gives a blank description the name of the row above and checks the row's figures.

import type { PriceRow } from '../types.js';

/** A printed figure: digits, maybe a sign and decimals. */
export const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
export const TITLE = /Corporation Limited\s+(Price List of .+?)\s+With effect from\s+(\d{2})-(\d{2})-(\d{4})\s*(\([^)]*\))?\s*(\d{1,2}-[A-Za-z]{3}-\d{2,4})?/i;
export const FOOTER = /^\*\s*Note\s*:\s*Page\s+\d+$/i;
export const CLOSING = /^(?:Sd\/-|Managing Director|Prepared by\s*:.*)$/i;
/** The words of the column headers and page furniture (a line of only these is furniture). */
export const FURNITURE_WORDS = new Set(
  'PRICE LIST Product Code Description UOM ml Bot/ Case Bot/Case Proof Landed Cost Excise Duty Import Fee Cess Amt. Sl.No Before Tax Tax* After Selling Price at Warehouse FL1 FL-1 Shop'
    .split(' ')
    .map((w) => w.toLowerCase()),
);
/** FL-1 before tax ÷ warehouse before tax per bottle: 1.07–1.33 observed on the real list, with room. */
export const RATIO_BAND = [1.03, 1.35] as const;
/** How many unread stretches a problem quotes. */
export const SHOWN = 5;

export interface Section {
  kind: string;
  supplier: string;
}

/** The printed numbers of a row, the warehouse ones included (they are checked, not stored). */
export interface Cells {
  code: string;
  desc: string;
  ml: number;
  perCase: number;
  cess: number;
  wh: [number, number, number];
  fl: [number, number, number];
}

/** What one reading of the pages gave: the rows, and every line or row it could not account for. */
export interface Reading {
  rows: PriceRow[];
  problems: string[];
}

/**
 * Rows in reading order. A blank description repeats the nearest row above it in that order,
 * across a page break too, when that row is of the same supplier; otherwise it is a problem.
 */
export class Reader {
  readonly rows: PriceRow[] = [];
  readonly problems: string[] = [];
  private section: Section | undefined;
  private previous: { name: string; supplier: string } | undefined;

  setSection(s: Section) {
    this.section = s;
  }

  add(serial: number, c: Cells, where: string) {
    if (!this.section) {
      this.problems.push(`${where}: row ${c.code} before any supplier line`);
      return;
    }
    let name = c.desc.trim();
    if (!name) {
      if (!this.previous || this.previous.supplier !== this.section.supplier) {
        this.problems.push(`${where}: row ${c.code} has a blank description and no row above it to repeat`);
        return;
      }
      name = this.previous.name;
    }
    this.previous = { name, supplier: this.section.supplier };
    const [whBefore, whTax, whAfter] = c.wh;
    const [before, tax, price] = c.fl;
    if (Math.abs(whBefore + whTax + c.cess * c.perCase - whAfter) > 0.05)
      this.problems.push(`serial ${serial} (${c.code}): warehouse before tax + tax + cess × case ≠ after tax`);
    if (whBefore > 0 && c.perCase > 0) {
      const ratio = before / (whBefore / c.perCase);
      if (!(ratio >= RATIO_BAND[0] && ratio <= RATIO_BAND[1]))
        this.problems.push(
          `serial ${serial} (${c.code}): FL-1 ÷ warehouse price per bottle ${ratio.toFixed(3)} is outside ${RATIO_BAND.join('–')} (a shop triplet on the wrong row?)`,
        );
    }
    this.rows.push({
      serial,
      code: c.code,
      name,
      volume_ml: c.ml,
      supplier: this.section.supplier,
      section: this.section.kind,
      before_tax: before,
      tax,
      cess: c.cess,
      price,
    });
  }

  /** The reading, with the count and first few of the stretches it could not account for. */
  reading(unread: string[], what: string): Reading {
    const problems = [...this.problems];
    if (unread.length)
      problems.unshift(
        `${unread.length} ${what} that are neither a row, a supplier, page furniture nor the closing block: ${unread.slice(0, SHOWN).join(', ')}`,
      );
    return { rows: this.rows, problems };
  }
}
