import { describe, expect, it } from 'vitest';
import { serializerLater, type Validator, validatorLater } from './compile-later.js';

/** A compiled validator that accepts even numbers, as Ajv's: `errors` after a failure, `schemaEnv` when it takes parent data. */
function even(withEnv: boolean, calls: unknown[][]): Validator {
  const v: Validator = (...args: unknown[]) => {
    calls.push(args);
    const ok = typeof args[0] === 'number' && args[0] % 2 === 0;
    v.errors = ok ? null : [{ message: 'must be even' }];
    return ok;
  };
  if (withEnv) v.schemaEnv = {};
  return v;
}

describe('validatorLater', () => {
  it('compiles on the first call, once, and answers as the compiled validator with its errors', () => {
    let compiles = 0;
    const calls: unknown[][] = [];
    const v = validatorLater(() => {
      compiles++;
      return even(false, calls);
    });
    expect(compiles).toBe(0);
    expect(v(3)).toBe(false);
    expect(v.errors).toEqual([{ message: 'must be even' }]);
    expect(v(4)).toBe(true);
    expect(v.errors).toBeNull();
    expect(compiles).toBe(1);
  });

  it('asks Fastify for the parent data and hands it on only to a validator that takes it', () => {
    const ctx = { parentData: {}, parentDataProperty: 'query' };
    const plain: unknown[][] = [];
    const withEnv: unknown[][] = [];
    const a = validatorLater(() => even(false, plain));
    const b = validatorLater(() => even(true, withEnv));
    expect(a.schemaEnv).toBeTruthy();
    a(2, ctx);
    b(2, ctx);
    expect(plain).toEqual([[2]]);
    expect(withEnv).toEqual([[2, ctx]]);
  });
});

describe('serializerLater', () => {
  it('compiles on the first call, once', () => {
    let compiles = 0;
    const write = serializerLater(() => {
      compiles++;
      return (data: { a: number }) => JSON.stringify(data);
    });
    expect(compiles).toBe(0);
    expect(write({ a: 1 })).toBe('{"a":1}');
    expect(write({ a: 2 })).toBe('{"a":2}');
    expect(compiles).toBe(1);
  });
});
