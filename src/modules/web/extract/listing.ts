// Listings that do not say so: a category page, a shop's collection or a blog index often
// declares nothing (or only "WebPage"), and Readability then picks one card, or a few, of
// the grid. What gives them away is the grid itself: many sibling cards of one tag and
// class, each with a link and a little text.

import { isElement, textLengths, type Element } from './dom.js';
import { isCardGrid } from './product.js';
import { held, runs } from './span.js';

/** The card grids of the column (outermost ones) and their share of its text. */
function cardGrids(column: Element): { grids: Element[]; share: number } {
  const lengths = textLengths(column);
  const len = (e: Element) => lengths.get(e) ?? 0;
  const total = len(column);
  const grids: Element[] = [];
  const walk = (p: Element) => {
    for (const c of p.children) {
      if (!isElement(c) || len(c) === 0) continue;
      if (isCardGrid(c, len)) grids.push(c);
      else walk(c);
    }
  };
  if (isCardGrid(column, len)) grids.push(column);
  else walk(column);
  return { grids, share: total ? grids.reduce((s, g) => s + len(g), 0) / total : 0 };
}

/**
 * Whether the pick is a piece of a card grid that holds most of the column: card grids hold
 * at least LISTING_SHARE of the column's text and at least PICK_IN_GRIDS of what the pick
 * holds of the column (by word 4-grams, span.ts) lies inside them. An article beside a grid
 * of related stories is not: its text lies outside the grid.
 */
export function pickIsPartOfGrid(pick: Element, column: Element): boolean {
  const { grids, share } = cardGrids(column);
  if (share < LISTING_SHARE) return false;
  const inGrids = new Set(grids);
  const inGrid = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parent as Element | null) {
      if (inGrids.has(e)) return true;
      if (e === column) return false;
    }
    return false;
  };
  const col = runs(column);
  const h = held(pick, col);
  let all = 0;
  let inside = 0;
  col.forEach((r, i) => {
    const t = r.text.length * h[i];
    all += t;
    if (inGrid(r.el)) inside += t;
  });
  return all > 0 && inside >= all * PICK_IN_GRIDS;
}

/** Card grids holding this share of the column's text make it a listing… */
const LISTING_SHARE = 0.5;
/** …and a pick is a piece of them when this share of what it holds lies inside them. */
const PICK_IN_GRIDS = 0.5;
