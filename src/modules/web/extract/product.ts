// Product pages: the item is its name, price, description and specifications. Around it,
// shops put other items (related, recently viewed, "complete the look" shelves), colour
// and size pickers, and customer reviews. These rules run only on a page that declares a
// product (page-kind.ts): on a listing the same cards are the content.

import {
  createElement,
  innerLength,
  insertAfter,
  isElement,
  parseHtml,
  prependChild,
  remove,
  createText,
  textLengths,
  textOf,
  type Element,
  type ParentNode,
} from './dom.js';
import { toText } from './text.js';

/**
 * A card's signature, shared by the cards of one grid: its tag and first class word
 * without digits (the other words vary by card: post-123, in-stock).
 */
const signature = (el: Element) => `${el.name}.${(el.attribs.class ?? '').split(/\s+/).find((w) => w && !/\d/.test(w)) ?? ''}`;

function hasLink(el: ParentNode): boolean {
  return el.children.some((c) => isElement(c) && ((c.name === 'a' && c.attribs.href !== undefined) || hasLink(c)));
}

/**
 * A grid of cards: at least MIN_CARDS element children, most of one signature, each with a
 * link and a little text (a name, a price). Other products on a product page, or the
 * variant picker; never the specification table (its rows carry no links) or a feature
 * list (its items carry no links, or not in every item).
 */
export function isCardGrid(el: Element, len: (e: Element) => number = innerLength): boolean {
  const kids = el.children.filter(isElement);
  if (kids.length < MIN_CARDS) return false;
  const counts = new Map<string, number>();
  for (const k of kids) counts.set(signature(k), (counts.get(signature(k)) ?? 0) + 1);
  let best = '';
  let n = 0;
  for (const [s, c] of counts) if (c > n) [best, n] = [s, c];
  if (n < MIN_CARDS || n < kids.length * 0.7) return false;
  const cards = kids.filter((k) => signature(k) === best);
  const linked = cards.filter(hasLink).length;
  if (linked < cards.length * 0.8) return false;
  const text = cards.reduce((s, k) => s + len(k), 0);
  return text / cards.length < MAX_CARD_TEXT;
}

// Headings of what follows the item: reviews, questions, and shelves of other items.
const AFTER_ITEM_HEADING =
  /^((customer |product |guest )?reviews?( \(\d+\))?|ratings?( (&|and) reviews?)?|reviews? (&|and) ratings?|customer (questions|ratings)|questions (&|and) answers|q ?& ?a|write a review)$/i;

// What the shop says around every item: cart and wishlist buttons, stock, delivery,
// returns, payment plans, star ratings and review counts, seller and store links.
const SHOP_TEXT =
  /(add(ed)? to (cart|bag|basket|wish ?list|watch ?list)|buy (it )?now|pre-?order|(in|out of|low) stock|currently unavailable|free (shipping|delivery|returns?)|\bships? (from|to|within|today|in \d)|shipping|\bdelivery\b|arrives|returns?( (&|and) exchanges| policy|\b)|money.back|out of 5( stars)?|\d[\d,.]* (ratings?|reviews?)\b|(see|read|write) (all )?(the )?reviews?|report (an issue|this)|visit the .{0,40}store|sold by|payments?\b|financing|klarna|afterpay|paypal|checkout|pick ?up|order (today|now|within|by)|\bqty\b|quantity|compare)/i;

// Headings of shelves of other items, whatever their cards look like (a carousel of
// images and prices with no link in each card is no card grid).
const SHELF_HEADING =
  /^(related (products|items)|similar (items|products)|you (may|might) also (like|need)|recently viewed( items| products)?|customers (who )?(also )?(viewed|bought)( this item also (viewed|bought))?|explore (related|more)( items)?|more from this (seller|brand)|frequently bought together|complete the look|shop the look|pairs well with)$/i;

function leadHeading(el: Element): string | undefined {
  for (const c of el.children) {
    if (!isElement(c)) {
      if (c.type === 'text' && c.data.trim()) return undefined;
      continue;
    }
    if (/^h[1-6]$/.test(c.name)) return textOf(c).replace(/\s+/g, ' ').trim();
    return innerLength(c) === 0 ? undefined : leadHeading(c);
  }
  return undefined;
}

/**
 * Drops, inside a product page's content, the grids of other items, short shop lines and
 * the sections led by a reviews/questions heading. A removed grid takes with it the
 * wrapper it leaves holding only a heading ("You may also like").
 */
export function pruneProductPage(root: Element): void {
  const lengths = textLengths(root);
  const len = (e: Element) => lengths.get(e) ?? 0;
  const total = len(root) || 1;
  const doomed: Element[] = [];
  const walk = (p: Element) => {
    for (const n of p.children) {
      if (!isElement(n)) continue;
      const l = len(n);
      if (l === 0) continue;
      const shopLine = l < SHOP_LINE && l < total * 0.2 && !/^h[1-6]$/.test(n.name) && SHOP_TEXT.test(textOf(n));
      const heading = l < total * 0.6 && !shopLine ? leadHeading(n) : undefined;
      if (l < total * 0.6 && (shopLine || isCardGrid(n, len) || (heading !== undefined && (AFTER_ITEM_HEADING.test(heading) || SHELF_HEADING.test(heading)))))
        doomed.push(n);
      else walk(n);
    }
  };
  walk(root);
  for (const n of doomed) {
    const parent = n.parent as Element | null;
    remove(n);
    if (parent) dropEmptiedWrappers(parent, root);
  }
}

/** Removes the wrappers a removed grid leaves holding only a heading ("You may also like"). */
function dropEmptiedWrappers(from: Element, root: Element): void {
  let el: Element | null = from;
  while (el && el !== root && !hasMedia(el)) {
    const len = innerLength(el);
    const h = leadHeading(el);
    if (len > 0 && (len >= ORPHAN_TEXT || h === undefined || h.length < len - 2)) return;
    const parent = el.parent as Element | null;
    remove(el);
    el = parent;
  }
}

function hasMedia(el: ParentNode): boolean {
  return el.children.some((c) => isElement(c) && (c.name === 'img' || c.name === 'table' || hasMedia(c)));
}

/** A declared description whose words the content holds at this share is already there. */
const DESCRIPTION_PRESENT = 0.5;
/** Fewest cards that make a grid. */
const MIN_CARDS = 4;
/** Cards are short: a name, a price, a rating (characters, on average). */
const MAX_CARD_TEXT = 300;
/** Shop lines are short (characters): a description that mentions delivery stays. */
const SHOP_LINE = 120;
/** A wrapper left with no more text than this, all of it a heading, goes. */
const ORPHAN_TEXT = 80;

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The description the page declares for its Product, when the content holds less than
 * half of its words: shops that render the item in the browser often carry it only in
 * their JSON-LD. It goes after the item's name (the first <h1>), else first.
 */
export function addDeclaredDescription(root: Element, description: string): void {
  // Descriptions are plain text or (escaped) HTML: read either as a browser would show it.
  const text = toText(parseHtml(description));
  const want = words(text);
  if (want.length < 10) return;
  const have = new Set(words(textOf(root)));
  const found = want.filter((w) => have.has(w)).length;
  if (found >= want.length * DESCRIPTION_PRESENT) return;
  const paras = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((p) => createElement('p', [createText(p)]));
  let at = findH1(root);
  for (const p of paras) {
    if (at) insertAfter(at, p);
    else prependChild(root, p);
    at = p;
  }
}

function findH1(p: ParentNode): Element | undefined {
  for (const c of p.children) {
    if (!isElement(c)) continue;
    if (c.name === 'h1') return c;
    const inner = findH1(c);
    if (inner) return inner;
  }
  return undefined;
}
