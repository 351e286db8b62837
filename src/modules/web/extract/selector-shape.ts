// The shape a caller's CSS selector may have (include, exclude, wait_for, and every door that hands
// them on), checked on css-what's parse before anything is fetched. The limits keep the work of
// matching one selector near linear in the page (about N·k for N elements and k compounds) in
// every engine that may run it: our own matcher (query.ts), css-select, and the browser that waits
// for a wait_for selector. docs/decisions/web-untrusted-work.md says why each bound is what it is.

import { isTraversal, parse, type Selector, SelectorType, stringify } from 'css-what';
import nthCheck from 'nth-check';

export type { Selector };

export const SELECTOR_LIMITS = {
  /** Compound selectors in all (`div.a`, `h1`…), those in :is/:not/:where/:has arguments included. */
  compounds: 16,
  /** Combinators in all (descendant space, >, +, ~), those in arguments included. */
  combinators: 8,
  /** General-sibling combinators (~) of a selector; none inside an argument of :is/:not/:where/:has. */
  generalSiblings: 1,
  /** :has() per selector; never one inside another. */
  has: 2,
  /** :is/:not/:where/:matches/:has inside one another. */
  nesting: 3,
} as const;

/** The positional pseudo-classes whose argument is an An+B formula. */
export const NTH_PSEUDOS = new Set(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
/** Pseudo-classes that take a selector list. */
const LIST_PSEUDOS = new Set(['is', 'not', 'where', 'matches', 'has']);

/**
 * A selector this service does not run: `invalid` is not a selector at all, `refused` is one
 * whose shape makes matching cost more than the page's size. `part` is the piece at fault.
 */
export class SelectorError extends Error {
  constructor(
    readonly kind: 'invalid' | 'refused',
    message: string,
    readonly part?: string,
  ) {
    super(message);
  }
}

const show = (tokens: readonly Selector[]) => stringify([tokens as Selector[]]);

const refuse = (message: string, part: readonly Selector[]) => new SelectorError('refused', message, show(part));

interface Tally {
  compounds: number;
  combinators: number;
  has: number;
}

/** css-what's parse of one selector, checked against SELECTOR_LIMITS; throws SelectorError. */
export function parseSelector(selector: string): Selector[][] {
  let list: Selector[][];
  try {
    list = parse(selector);
  } catch (err) {
    throw new SelectorError('invalid', (err as Error).message);
  }
  const tally: Tally = { compounds: 0, combinators: 0, has: 0 };
  checkList(list, { nesting: 0, inHas: false, underHas: false }, tally);
  if (tally.compounds > SELECTOR_LIMITS.compounds)
    throw new SelectorError('refused', `at most ${SELECTOR_LIMITS.compounds} compound selectors (as div.a or h1) in all; it has ${tally.compounds}`);
  if (tally.combinators > SELECTOR_LIMITS.combinators)
    throw new SelectorError('refused', `at most ${SELECTOR_LIMITS.combinators} combinators (space, >, +, ~) in all; it has ${tally.combinators}`);
  return list;
}

interface Where {
  /** How many :is/:not/:where/:has arguments this list is inside. */
  nesting: number;
  /** Directly the argument of a :has(). */
  inHas: boolean;
  /** Inside a :has() argument at any depth. */
  underHas: boolean;
}

function checkList(list: Selector[][], where: Where, tally: Tally): void {
  for (const complex of list) checkComplex(complex, where, tally);
}

function checkComplex(tokens: Selector[], where: Where, tally: Tally): void {
  let siblings = 0;
  let inCompound = false;
  tokens.forEach((t, i) => {
    if (isTraversal(t)) {
      tally.combinators++;
      inCompound = false;
      if (t.type === SelectorType.Parent || t.type === SelectorType.ColumnCombinator)
        throw new SelectorError('invalid', `the combinator ${t.type === SelectorType.Parent ? '<' : '||'} is not CSS a browser knows`);
      if (i === tokens.length - 1) throw new SelectorError('invalid', 'a selector cannot end with a combinator');
      if (where.inHas) {
        // Inside :has() a compound, or > and a compound: one pass over the page answers it (query.ts).
        if (i !== 0 || t.type !== SelectorType.Child)
          throw refuse(':has() takes a compound selector, or > and one (as li:has(> a)); combinators beyond that cost a scan of every subtree', tokens);
        return;
      }
      if (i === 0) throw new SelectorError('invalid', 'a selector cannot start with a combinator (>, +, ~) outside :has()');
      if (t.type === SelectorType.Sibling) {
        if (where.nesting > 0)
          throw refuse(
            'a general sibling combinator (~) inside :is(), :not() or :where() scans every earlier sibling for each element; use it outside',
            tokens,
          );
        if (++siblings > SELECTOR_LIMITS.generalSiblings)
          throw refuse(
            `at most ${SELECTOR_LIMITS.generalSiblings} general sibling combinator (~) per selector: each one more multiplies the siblings scanned per element`,
            tokens,
          );
      }
      return;
    }
    if (!inCompound) tally.compounds++;
    inCompound = true;
    if (t.type !== SelectorType.Pseudo) return;
    if (t.name === 'contains' || t.name === 'icontains')
      throw refuse(
        `:${t.name}() is not offered: it reads the text of every element it tests (cost grows with page depth times text); select by element or attribute`,
        [t],
      );
    if (NTH_PSEUDOS.has(t.name) && typeof t.data === 'string') {
      try {
        nthCheck(t.data);
      } catch {
        throw new SelectorError('invalid', `:${t.name}(${t.data}) is not an An+B formula (as 2n+1, odd, 3)`);
      }
    }
    if (!Array.isArray(t.data) || !LIST_PSEUDOS.has(t.name)) return;
    if (where.nesting + 1 > SELECTOR_LIMITS.nesting) throw refuse(`:is(), :not(), :where() and :has() nest at most ${SELECTOR_LIMITS.nesting} deep`, [t]);
    if (t.name === 'has') {
      if (where.underHas) throw refuse(':has() inside another :has() is refused: each level multiplies the subtrees scanned', [t]);
      if (++tally.has > SELECTOR_LIMITS.has) throw refuse(`at most ${SELECTOR_LIMITS.has} :has() per selector`, [t]);
    }
    const inHas = t.name === 'has';
    checkList(t.data, { nesting: where.nesting + 1, inHas, underHas: where.underHas || inHas }, tally);
  });
}
