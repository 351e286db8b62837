// The price figures a page shows outside its tables and sentences, each with what labels it: an element whose
// whole text is one rupee amount ("₹111.11", "₹ 94.72 /Ltr", "Rs. 103.50"), the unit written in
// it or right after it ("/ Ltr" in the next element), the nearest heading before it, and the
// short text of the block around it. Readers pick the figure by what those labels say; class
// names and ids only rank figures that say the same (a `hint`), so a renamed class still reads.

import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { cellText } from './html.js';

export interface Figure {
  value: number;
  /** The unit written in or right after the figure, lower case ("ltr", "kg", "g"), or ''. */
  unit: string;
  /** Marked as rupees (₹, Rs., INR); an unmarked figure always has a unit. */
  rupees: boolean;
  /** The figure's text as the page writes it. */
  text: string;
  /** The nearest heading before the figure in the document (h1–h6), or ''. */
  heading: string;
  /** The text of the smallest block around the figure that says more than the figure (at most ~300 characters), or ''. */
  context: string;
  /** The figure's own and its parents' ids and classes, for hints and reports ("#fp-price .fp-price-big"). */
  marks: string;
  /** Document order. */
  at: number;
}

// The whole text of a figure: one amount marked as rupees, optionally with a unit; or a bare
// amount with paise ("111.11"), which counts only with a unit in it or right after it.
const FIGURE = /^(₹|rs\.?|inr)?\s*(\d[\d,]*(?:\.\d+)?)\s*(?:\/-)?\s*(?:(?:\/|per)\s*(\d*\s*[a-z.]+))?$/i;
const BARE = /^\d[\d,]*\.\d{1,2}$/;

/** A text that is a figure on its own: an amount marked as rupees or written with its unit. */
const isFigure = (text: string) => {
  const m = FIGURE.exec(text);
  return !!m && !!(m[1] || m[3]);
};
const UNIT_AFTER = /^\s*(?:\/|per\b)\s*(\d*\s*[a-z]+)/i;
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const HEADINGS = /^h[1-6]$/;
const CONTEXT_MAX = 300;

const marksOf = (el: Element) => {
  const id = el.attribs?.id ? `#${el.attribs.id}` : '';
  const cls = (el.attribs?.class ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => `.${c}`)
    .join('');
  return `${id}${cls}`;
};

/**
 * The visible text of every element whose text is short (scripts and styles not counted), in one
 * pass from the leaves up: a 650 KB page of scripts costs one walk, not a text() per element.
 */
function shortTexts(root: AnyNode[], limit: number): Map<Element, string> {
  const memo = new Map<Element, string>();
  const textOf = (node: AnyNode): string | null => {
    if (node.type === 'text') return (node as unknown as { data: string }).data;
    if (node.type !== 'tag') return '';
    const el = node as Element;
    if (INVISIBLE.has(el.tagName)) return '';
    let s = '';
    let long = false;
    for (const c of el.children) {
      const t = textOf(c);
      if (t === null || s.length + t.length > limit) long = true;
      else s += t;
    }
    if (long) return null;
    memo.set(el, s);
    return s;
  };
  for (const n of root) textOf(n);
  return memo;
}

/** Whether a figure is part of a paragraph's running text ("… is at ₹<b>103.50</b> per litre …"): a sentence, not a figure. */
function inSentence(el: Element, text: string, short: (el: Element) => string | null): boolean {
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (p.tagName !== 'p') continue;
    const t = short(p);
    return t === null || t.length > text.length + 30;
  }
  return false;
}

/** Every rupee figure in the body outside tables, scripts, styles and running text, in document order. */
export function moneyFigures($: CheerioAPI): Figure[] {
  const body = $('body')
    .toArray()
    .flatMap((b) => b.children);
  const texts = shortTexts(body, 600);
  const short = (el: Element) => {
    const t = texts.get(el);
    return t === undefined ? null : cellText(t);
  };
  const out: Figure[] = [];
  let heading = '';
  let at = 0;
  const visit = (node: AnyNode) => {
    if (node.type !== 'tag') return;
    const el = node as Element;
    if (INVISIBLE.has(el.tagName) || el.tagName === 'table') return;
    at++;
    if (HEADINGS.test(el.tagName)) {
      heading = short(el) ?? heading;
      return;
    }
    const text = short(el);
    // A figure's text is short; a longer block is walked for the figures inside it.
    if (text !== null && text.length <= 40) {
      const m = FIGURE.exec(text);
      // The innermost element that is a figure by itself: a wrapper around "₹111.11" and "/ Ltr" is not
      // the figure, its first child is; "₹<b>111.11</b>" is one figure (the bare amount alone is not).
      const inner = m && el.children.some((c) => c.type === 'tag' && isFigure(short(c as Element) ?? ''));
      if (m && !inner && (m[1] || m[3] || BARE.test(m[2]))) {
        const f = figureAt(el, m, { heading, at, short });
        if ((f.rupees || f.unit) && !inSentence(el, f.text, short)) {
          out.push(f);
          return;
        }
      }
    }
    for (const c of el.children) visit(c);
  };
  for (const c of body) visit(c);
  return out;
}

function figureAt(el: Element, m: RegExpExecArray, o: { heading: string; at: number; short: (el: Element) => string | null }): Figure {
  const text = o.short(el) ?? '';
  let unit = (m[3] ?? '').toLowerCase().replace(/[.\s]+$/, '');
  // The unit may be the next element ("<span id=fp-price-unit>/ Ltr</span>") or the text after it.
  if (!unit) {
    let after = '';
    for (let n = el.next; n && after.length < 20; n = n.next)
      after += n.type === 'tag' ? (o.short(n as Element) ?? '') : n.type === 'text' ? (n as unknown as { data: string }).data : '';
    unit = (UNIT_AFTER.exec(cellText(after))?.[1] ?? '').toLowerCase();
  }
  // The smallest block around the figure that says more than the figure, within four levels.
  let context = '';
  for (let p = el.parent as Element | null, i = 0; p && p.type === 'tag' && p.tagName !== 'body' && i < 4; p = p.parent as Element | null, i++) {
    const t = o.short(p);
    if (t === null || t.length > CONTEXT_MAX) break;
    context = t;
    if (t.length > text.length + 10) break;
  }
  const marks = [el, el.parent as Element | null]
    .filter((x): x is Element => !!x && x.type === 'tag')
    .map(marksOf)
    .filter(Boolean)
    .join(' ');
  return { value: Number(m[2].replace(/,/g, '')), unit, rupees: !!m[1], text, heading: o.heading, context, marks, at: o.at };
}
