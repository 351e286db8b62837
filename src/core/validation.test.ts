import { describe, expect, it } from 'vitest';
import { describeRule } from './validation.js';

describe('describeRule', () => {
  it('says a length rule once when the description repeats it (/search?q=x)', () => {
    const q = { type: 'string', minLength: 2, maxLength: 400, description: 'the search terms, 2 to 400 characters' };
    expect(describeRule('q', q).message).toBe('q must be 2 to 400 characters: the search terms');
  });

  it('reads a description that states the rule within it as the whole rule', () => {
    const q = { type: 'string', minLength: 2, maxLength: 100, description: 'text of 2 to 100 characters to find in product names' };
    expect(describeRule('q', q).message).toBe('q must be text of 2 to 100 characters to find in product names');
  });

  it('keeps a description that says more than the rule', () => {
    const name = { type: 'string', minLength: 1, maxLength: 60, description: 'a name for the title line' };
    expect(describeRule('name', name).message).toBe('name must be 1 to 60 characters: a name for the title line');
  });
});
