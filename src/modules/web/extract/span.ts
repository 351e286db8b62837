// Readability's pick is a selection, not a stretch of the page: besides trimming the
// article's edges, its conditional cleaning drops blocks from the middle of it (a list of
// services, a table, a section with a few links, a block its scoring did not reach). What
// the page's content column holds *between* the pick's first and last blocks is the same
// run of content the pick was taken from, so when the pick left out a fair amount there,
// that stretch of the column is the better answer. What lies before the pick's first block
// or after its last one (comments, related links, footers) stays out, as in the pick.
// The same mapping of the pick back onto the column also tells when the pick is one item
// of a list (one post of a thread, one panel of a page): then the column is the answer.

import { innerLength, isElement, isText, remove, textOf, type Element, type ParentNode } from './dom.js';

// Elements that start a new block of text (as text.ts lays them out).
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

interface Run {
  el: Element;
  /** A stretch of the block's own text (up to a nested block), lower-cased, whitespace collapsed. */
  text: string;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Every stretch of text between block boundaries, in document order, with its block. */
export function runs(root: Element): Run[] {
  const out: Run[] = [];
  const block = (el: Element) => {
    let own = '';
    const flush = () => {
      const text = norm(own);
      if (text) out.push({ el, text });
      own = '';
    };
    const inline = (p: ParentNode) => {
      for (const c of p.children) {
        if (isText(c)) own += c.data;
        else if (isElement(c)) {
          if (BLOCK.has(c.name)) {
            flush();
            block(c);
          } else inline(c);
        }
      }
    };
    inline(el);
    flush();
  };
  block(root);
  return out;
}

/** Word 4-grams of a text. */
function grams(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + GRAM <= words.length; i++) out.push(words.slice(i, i + GRAM).join(' '));
  return out;
}

/**
 * How much of each column run the pick holds (0..1), by word 4-grams: Readability rewraps
 * and trims text (a div's runs become paragraphs, an icon or a link goes), so neither its
 * blocks nor its exact strings are always the page's. A run too short for a 4-gram counts
 * as held when the pick's text contains it.
 */
export function held(pick: Element, col: Run[]): number[] {
  const words = norm(textOf(pick)).split(' ');
  const have = new Set(grams(words));
  // A short run is held when the pick's text, spaces dropped (Readability may join or split
  // words), contains it. A set of the pick's 1- to 3-word runs answers most in constant time;
  // the search of the whole text, for the rest, is bounded: once per short run it was quadratic
  // on long pages (a 2.9 MB article took 15 s here).
  const short = new Set<string>();
  for (let k = 1; k < GRAM; k++) for (let i = 0; i + k <= words.length; i++) short.add(words.slice(i, i + k).join(''));
  const squeezed = words.join('');
  let searchBudget = SEARCH_BUDGET;
  const contains = (run: string) => {
    if (short.has(run)) return true;
    if (searchBudget <= 0) return false;
    searchBudget -= squeezed.length;
    return squeezed.includes(run);
  };
  return col.map((r) => {
    const w = r.text.split(' ');
    const g = grams(w);
    if (!g.length) return contains(w.join('')) ? 1 : 0;
    let n = 0;
    for (const x of g) if (have.has(x)) n++;
    return n / g.length;
  });
}

/** Removes what precedes `el` (or, with after, what follows it) up to `root`. */
function cut(el: Element, root: Element, after: boolean): void {
  for (let e: Element = el; e !== root && e.parent; e = e.parent as Element) {
    const sibs = (e.parent as Element).children;
    const i = sibs.indexOf(e);
    for (const s of after ? sibs.slice(i + 1) : sibs.slice(0, i)) remove(s);
  }
}

/**
 * The stretch of `column` from the pick's first block to its last, when the pick left out at
 * least SPAN_MIN characters (and SPAN_SHARE of what it kept) there; undefined otherwise.
 * `column` is cut in place, unless dryRun (then it is only returned).
 */
export function pickSpan(pick: Element, column: Element, dryRun = false): Element | undefined {
  const col = runs(column);
  const h = held(pick, col);
  // Where the pick ends: the last run it holds exactly (a block it kept whole). Later runs
  // that only share text with it (a comment quoting the article, a link to one of its
  // sections) do not count, nor does a run that goes back in the pick's order (a reply
  // quoting the first post).
  const exact = new Map<string, number>();
  runs(pick).forEach((r, i) => {
    if (!exact.has(r.text)) exact.set(r.text, i);
  });
  let first = -1;
  let last = -1;
  let at = -1;
  for (let i = 0; i < col.length; i++) {
    const k = exact.get(col[i].text);
    if (k === undefined || k <= at || col[i].text.length < ANCHOR_MIN) continue;
    if (first < 0) first = i;
    last = i;
    at = k;
  }
  if (first < 0) return undefined;
  // Where it starts: also the first paragraph it holds most of (Readability may have
  // rewrapped it, so that no block of the pick is the same).
  for (let i = 0; i < first; i++) {
    if (h[i] >= ANCHOR_SHARE && col[i].text.length >= PARAGRAPH) {
      first = i;
      break;
    }
  }
  let inside = 0;
  let missing = 0;
  for (let i = first; i <= last; i++) {
    inside += col[i].text.length * h[i];
    // Short lines (names, dates, counts around each post) come along but do not call for it.
    if (col[i].text.split(' ').length >= SENTENCE_WORDS) missing += col[i].text.length * (1 - h[i]);
  }
  if (missing < SPAN_MIN || missing < inside * SPAN_SHARE) return undefined;
  if (dryRun) return column;
  cut(col[first].el, column, false);
  cut(col[last].el, column, true);
  return column;
}

const GRAM = 4;
/** Characters the short-run search may scan in all (about 20 ms): past it a run not found word for word is not held. */
const SEARCH_BUDGET = 20_000_000;
/** A run of fewer words than this is a label, not text the pick left out. */
const SENTENCE_WORDS = 4;
/** Text shorter than this (characters) cannot mark where the pick starts or ends. */
const ANCHOR_MIN = 20;
/** A paragraph (this long, in characters) the pick holds this share of marks where it starts. */
const PARAGRAPH = 80;
const ANCHOR_SHARE = 0.8;
/** What the pick must have left out between its first and last blocks (characters)… */
const SPAN_MIN = 500;
/** …and as a share of what it kept there. */
const SPAN_SHARE = 0.05;

/** Tag and first class name: what repeated items of one list share. */
const signature = (el: Element) => `${el.name}|${(el.attribs.class ?? '').trim().split(/\s+/)[0]}`;

function ancestry(el: Element, root: Element): Element[] {
  const out: Element[] = [];
  for (let e: Element | null = el; e; e = e === root ? null : (e.parent as Element | null)) out.unshift(e);
  return out;
}

/**
 * Whether the pick is one item of many: the column block it came from (the deepest one
 * holding all of the paragraphs it kept whole) is, or sits in, one of three or more sibling
 * blocks of one kind with text (the posts of a thread, the panels of a service page), and
 * holds less than ITEM_SHARE of their text. Then the page is the list, not the item.
 */
export function pickIsOneOfMany(pick: Element, column: Element): boolean {
  const kept = new Set(runs(pick).map((r) => r.text));
  const found = runs(column)
    .filter((r) => r.text.length >= PARAGRAPH && kept.has(r.text))
    .map((r) => r.el);
  if (!found.length) return false;
  let path = ancestry(found[0], column);
  for (const el of found.slice(1)) {
    const other = ancestry(el, column);
    let i = 0;
    while (i < path.length && i < other.length && path[i] === other[i]) i++;
    path = path.slice(0, i);
  }
  for (let k = path.length - 1; k >= 1; k--) {
    const e = path[k];
    const sig = signature(e);
    const items = (e.parent as Element).children.filter((c): c is Element => isElement(c) && signature(c) === sig);
    const lengths = items.map((c) => innerLength(c));
    if (lengths.filter((l) => l >= ITEM_TEXT).length < 3) continue;
    return innerLength(e) < lengths.reduce((a, b) => a + b, 0) * ITEM_SHARE;
  }
  return false;
}

/** Sibling blocks with at least this much text (characters) count as items of a list… */
const ITEM_TEXT = 100;
/** …and a pick holding less than this share of their text is one of them. */
const ITEM_SHARE = 0.65;
