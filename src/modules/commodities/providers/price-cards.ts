// Price cards: the small blocks some metals pages put above their tables (goodreturns since
// 2026: a "gr-price-cards" block of cards "24K Gold /g ₹15,289"). A card is the smallest
// element, among those whose class says card (a hint only), whose own text names one grade,
// a weight and a rupee amount; what it says is read, never its id.

import type { CheerioAPI } from 'cheerio';
import { hasChildren, isText, type AnyNode, type Element } from 'domhandler';
import { cellText, plausible } from '../../../lib/prices/index.js';
import { gradeIn, gramsIn, rupees, type Grade } from './page-text.js';
import type { Figures } from './price-tables.js';
import { PRICE_RANGE, UNIT_GRAMS, type Metal } from './types.js';

// A purity or a weight in a label is not the price: "24K", "1 kg".
const KARAT_WORD = /\b(24|22|18)\s*-?\s*(k|kt|karat|carat|ct)\b/gi;
const WEIGHT_WORD = /\b\d+(?:\.\d+)?\s*(kgs?|kilo\w*|grams?|gms?|gm|g)\b/gi;

/** An element's text in document order, its text nodes joined by spaces: a value and a change pill side by side stay two figures. */
function spacedText(node: AnyNode): string {
  if (isText(node)) return node.data;
  return hasChildren(node) ? node.children.map(spacedText).join(' ') : '';
}

export interface CardReading {
  figures: Figures;
  /** The cards' texts as read, for a reason. */
  texts: string[];
}

/** What the price cards of a page say for `metal`, per its unit; undefined when it has none. */
export function readPriceCards($: CheerioAPI, metal: Metal): CardReading | undefined {
  const said = new Map<Element, { grade: Grade; perUnit: number; text: string }>();
  const els = $('[class*="card"], [class*="Card"]').toArray();
  for (const el of els) {
    const text = cellText(spacedText(el));
    if (text.length > 200) continue;
    const grade = gradeIn(text, metal);
    // The weight is read from the label, the amount from the rest: "24K Gold /g ₹15,289".
    const grams = gramsIn(text);
    const price = rupees(text.replace(KARAT_WORD, ' ').replace(WEIGHT_WORD, ' '));
    if (grade === undefined || !grams || price === null) continue;
    const perUnit = (price * UNIT_GRAMS[metal]) / grams;
    // A block that names a purity and an amount but no believable price (a change, a teaser "up ₹500 per 10 g") is no card.
    if (!plausible(perUnit, ...PRICE_RANGE[metal])) continue;
    said.set(el, { grade, perUnit, text });
  }
  const figures: Figures = {};
  const texts: string[] = [];
  for (const [el, card] of said) {
    // Only the smallest: a block holding several cards is not a card.
    if (
      $(el)
        .find('*')
        .toArray()
        .some((inner) => said.has(inner))
    )
      continue;
    if (figures[card.grade] === undefined) {
      figures[card.grade] = card.perUnit;
      texts.push(card.text);
    }
  }
  return texts.length ? { figures, texts } : undefined;
}
