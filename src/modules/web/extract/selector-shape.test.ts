// The shapes of caller selectors: what real include/exclude lists use is accepted; what makes
// matching cost a power of the page (issue 42) is refused, naming the part at fault.

import { describe, expect, it } from 'vitest';
import { parseSelector, SELECTOR_LIMITS, SelectorError } from './selector-shape.js';
import { REAL_SELECTORS } from './testing/real-selectors.js';

const failure = (s: string): SelectorError => {
  try {
    parseSelector(s);
  } catch (err) {
    if (err instanceof SelectorError) return err;
    throw err;
  }
  throw new Error(`"${s}" was accepted`);
};

describe('caller selector shapes', () => {
  it('accepts the selectors real include and exclude lists use', () => {
    for (const s of REAL_SELECTORS) expect(() => parseSelector(s), s).not.toThrow();
  });

  it('refuses general sibling chains and ~ inside a pseudo-class argument', () => {
    expect(failure('.nope ~ div ~ div')).toMatchObject({ kind: 'refused', part: '.nope ~ div ~ div' });
    expect(failure('.nope ~ * ~ * ~ *').message).toMatch(/at most 1 general sibling combinator/);
    expect(failure(':is(.a ~ .b)')).toMatchObject({ kind: 'refused', part: '.a ~ .b' });
    expect(failure('p:not(h2 ~ p)').kind).toBe('refused');
  });

  it('refuses nested :has(), and :has() arguments beyond a compound or > and one', () => {
    expect(failure(':has(:has(:has(.nope)))')).toMatchObject({ kind: 'refused', part: ':has(:has(.nope))' });
    expect(failure('div:has(:not(:has(p)))').kind).toBe('refused');
    expect(failure('li:has(+ li)').message).toMatch(/:has\(\) takes a compound selector/);
    expect(failure('li:has(~ li)').kind).toBe('refused');
    expect(failure('div:has(a img)').kind).toBe('refused');
    expect(failure('div:has(> a > img)').kind).toBe('refused');
    expect(failure('a:has(b):has(i):has(u)').message).toMatch(`at most ${SELECTOR_LIMITS.has} :has()`);
  });

  it('refuses deep nesting and too many compounds or combinators in all', () => {
    expect(failure(':not(:is(:where(:not(.x))))').message).toMatch(/nest at most 3 deep/);
    expect(failure(Array.from({ length: 10 }, (_, i) => `.c${i}`).join(' ')).message).toMatch(/at most 8 combinators/);
    expect(failure(`:is(${Array.from({ length: 17 }, (_, i) => `.c${i}`).join(',')})`).message).toMatch(/at most 16 compound selectors/);
  });

  it('refuses :contains(), whose cost is the text under every element it tests', () => {
    expect(failure('p:contains(monsoon)')).toMatchObject({ kind: 'refused', part: ':contains(monsoon)' });
  });

  it('calls what is not a selector invalid, not refused', () => {
    for (const s of ['a,,b', '> p', 'a >', 'a < b', 'li:nth-child(2n+1 of .x)', 'li:nth-child(x)']) expect(failure(s).kind, s).toBe('invalid');
  });
});
