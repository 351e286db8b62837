// A caller's selector matched against a parsed page in one pass, however its compounds are joined:
// css-select tests each compound on one element, and the combinators are answered from what the
// walk already knows (an ancestor, the parent, the previous sibling, any earlier sibling matched
// the part before), so a selector costs about N·k for N elements and k compounds. css-select's own
// matching scans every earlier sibling for each ~ and every subtree for each :has(), which a page
// of many siblings turns into minutes (issue 42). :has() is answered by one bottom-up pass per
// :has(), and the positional pseudo-classes (:nth-child…) by one count per parent, for the same
// reason. Selectors arrive checked by selector-shape.ts, whose limits this relies on.

import { type Selector, SelectorType, isTraversal } from 'css-what';
import nthCheck from 'nth-check';
import { cssSelect, descendants, isElement, type Element, type ParentNode } from './dom.js';
import { parseSelector, SelectorError } from './selector-shape.js';

type Combinator = SelectorType.Descendant | SelectorType.Child | SelectorType.Adjacent | SelectorType.Sibling;

/** One complex selector: its compounds, and the combinator before each compound but the first. */
interface Complex {
  compounds: Selector[][];
  combinators: Combinator[];
}

/** An argument of :has(): a compound its subject's descendants (or, with >, children) are tested against. */
interface HasArg {
  child: boolean;
  compound: Selector[];
}

/** A checked selector, split for matching. Holds no page state: compile it per page with queryAll. */
export interface Query {
  complexes: Complex[];
  /** Each :has() of the selector, replaced in the compounds by the pseudo-class HAS + its index. */
  has: HasArg[][];
}

type Test = (el: Element) => boolean;
type Pseudo = ((el: Element) => boolean) | ((el: Element, data: string) => boolean);

const HAS = 'jankari-has-';

/** The selector as a Query, checked as controls.ts checks it; throws SelectorError when it is invalid or refused. */
export function checkedQuery(selector: string): Query {
  const query = compileQuery(selector);
  // css-select's compile refuses what it cannot run (pseudo-elements, unknown pseudo-classes).
  try {
    compileTests(query);
  } catch (err) {
    throw new SelectorError('invalid', (err as Error).message);
  }
  return query;
}

/** The selector as a Query (its shape checked; css-select compiles it per page, in queryAll). */
export function compileQuery(selector: string): Query {
  const list = parseSelector(selector);
  const has: HasArg[][] = [];
  replaceHas(list, has);
  return { complexes: list.map(splitComplex), has };
}

/** The elements under root that a query matches, in document order. */
export function queryAll(query: Query, root: ParentNode): Element[] {
  const { has, complexes, found } = compileTests(query);
  has.forEach((args, i) => {
    found[i] = hasMatches(root, args);
  });
  return walk(root, complexes);
}

/** Turns each :has() into a reference to its argument list (tokens are fresh from css-what). */
function replaceHas(list: Selector[][], has: HasArg[][]): void {
  for (const complex of list) {
    for (const t of complex) {
      if (t.type !== SelectorType.Pseudo || !Array.isArray(t.data)) continue;
      replaceHas(t.data, has);
      if (t.name !== 'has') continue;
      has.push(t.data.map((c) => (c[0]?.type === SelectorType.Child ? { child: true, compound: c.slice(1) } : { child: false, compound: c })));
      t.name = HAS + (has.length - 1);
      t.data = null;
    }
  }
}

function splitComplex(tokens: Selector[]): Complex {
  const out: Complex = { compounds: [[]], combinators: [] };
  for (const t of tokens) {
    if (isTraversal(t)) {
      out.combinators.push(t.type as Combinator);
      out.compounds.push([]);
    } else out.compounds[out.compounds.length - 1].push(t);
  }
  return out;
}

/**
 * The compounds and :has() arguments compiled with this service's pseudo-classes; each :has()
 * answers from `found`, which queryAll fills (one pass per :has()) before the walk.
 */
function compileTests(query: Query) {
  const found: Set<Element>[] = [];
  const pseudos: Record<string, Pseudo> = positionalPseudos();
  for (let i = 0; i < query.has.length; i++) pseudos[HAS + i] = (el: Element) => found[i]?.has(el) ?? false;
  const one = (compound: Selector[]): Test => cssSelect().compile<ParentNode, Element>(structuredClone([compound]), { pseudos: pseudos as never });
  const has = query.has.map((args) => args.map((a) => ({ child: a.child, test: one(a.compound) })));
  const complexes = query.complexes.map((c) => ({ ...c, tests: c.compounds.map(one) }));
  return { has, complexes, found };
}

interface Frame {
  kids: ParentNode['children'];
  i: number;
  /** Bit j set when some ancestor of the children matched compounds 0..j with itself as j's subject. */
  above: number;
  /** The same for the parent alone. */
  parent: number;
  /** The same for the previous element child, and for any earlier element child. */
  prev: number;
  earlier: number;
}

type Compiled = Complex & { tests: Test[] };

/** The elements of any of the complex selectors (a list such as `h1, h2` has one per item), in document order. */
function walk(root: ParentNode, complexes: Compiled[]): Element[] {
  if (complexes.length === 1) return walkOne(root, complexes[0]);
  const found = new Set(complexes.flatMap((c) => walkOne(root, c)));
  return descendants(root).filter((el) => found.has(el));
}

/**
 * One pre-order walk: for each element, the bit set of the selector's prefixes it matches as
 * subject, from its own compounds and the sets of its ancestors and earlier siblings. Each
 * compound is tested at most once per element, and only when the combinator before it holds.
 */
function walkOne(root: ParentNode, { tests, combinators }: Compiled): Element[] {
  const out: Element[] = [];
  const last = 1 << (tests.length - 1);
  const stack: Frame[] = [{ kids: root.children, i: 0, above: 0, parent: 0, prev: 0, earlier: 0 }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (f.i >= f.kids.length) {
      stack.pop();
      continue;
    }
    const el = f.kids[f.i++];
    if (!isElement(el)) continue;
    let m = 0;
    for (let j = 0; j < tests.length; j++) {
      if (j > 0) {
        const c = combinators[j - 1];
        const before = c === SelectorType.Descendant ? f.above : c === SelectorType.Child ? f.parent : c === SelectorType.Adjacent ? f.prev : f.earlier;
        if (!(before & (1 << (j - 1)))) continue;
      }
      if (tests[j](el)) m |= 1 << j;
    }
    if (m & last) out.push(el);
    f.prev = m;
    f.earlier |= m;
    if (el.children.length) stack.push({ kids: el.children, i: 0, above: f.above | m, parent: m, prev: 0, earlier: 0 });
  }
  return out;
}

/** The elements with a child (> arguments) or a descendant matching an argument: one bottom-up pass. */
function hasMatches(root: ParentNode, args: { child: boolean; test: Test }[]): Set<Element> {
  const childTests = args.filter((a) => a.child).map((a) => a.test);
  const descTests = args.filter((a) => !a.child).map((a) => a.test);
  const out = new Set<Element>();
  // desc/child: whether a descendant/child seen so far matched.
  const stack: { node: ParentNode; i: number; desc: boolean; child: boolean }[] = [{ node: root, i: 0, desc: false, child: false }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (f.i < f.node.children.length) {
      const c = f.node.children[f.i++];
      if (isElement(c)) stack.push({ node: c, i: 0, desc: false, child: false });
      continue;
    }
    stack.pop();
    const el = f.node;
    if (!isElement(el)) continue;
    if (f.desc || f.child) out.add(el);
    const up = stack[stack.length - 1];
    if (!up.desc && (f.desc || descTests.some((t) => t(el)))) up.desc = true;
    if (!up.child && childTests.some((t) => t(el))) up.child = true;
  }
  return out;
}

interface Place {
  /** Index among the parent's element children, and their number. */
  i: number;
  n: number;
  /** Index among those of the same name, and their number. */
  t: number;
  tn: number;
}

/**
 * The positional pseudo-classes, each answered from one count of the parent's children (css-select
 * counts the siblings again for every element, quadratic in a list of many items).
 */
function positionalPseudos(): Record<string, Pseudo> {
  const places = new Map<Element, Place>();
  const formulas = new Map<string, (i: number) => boolean>();
  const place = (el: Element): Place => {
    const known = places.get(el);
    if (known) return known;
    const kids = el.parent ? el.parent.children.filter(isElement) : [el];
    const names = new Map<string, number>();
    kids.forEach((k, i) => {
      const t = names.get(k.name) ?? 0;
      names.set(k.name, t + 1);
      places.set(k, { i, n: kids.length, t, tn: 0 });
    });
    for (const k of kids) (places.get(k) as Place).tn = names.get(k.name) as number;
    return places.get(el) as Place;
  };
  const nth = (formula: string, i: number) => {
    let f = formulas.get(formula);
    if (!f) formulas.set(formula, (f = nthCheck(formula)));
    return f(i);
  };
  return {
    'first-child': (el: Element) => place(el).i === 0,
    'last-child': (el: Element) => place(el).i === place(el).n - 1,
    'only-child': (el: Element) => place(el).n === 1,
    'first-of-type': (el: Element) => place(el).t === 0,
    'last-of-type': (el: Element) => place(el).t === place(el).tn - 1,
    'only-of-type': (el: Element) => place(el).tn === 1,
    'nth-child': (el: Element, f: string) => nth(f, place(el).i),
    'nth-last-child': (el: Element, f: string) => nth(f, place(el).n - 1 - place(el).i),
    'nth-of-type': (el: Element, f: string) => nth(f, place(el).t),
    'nth-last-of-type': (el: Element, f: string) => nth(f, place(el).tn - 1 - place(el).t),
  };
}
