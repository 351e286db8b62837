// Route schemas compiled on a route's first request rather than when the app starts. Fastify
// compiles a validator for every part of every route and a serializer for every response schema
// at ready time: some 500 ms of Ajv and fast-json-stringify code generation on a quiet 2-core
// machine, before the port is open, for routes a given process may never serve
// (docs/decisions/start-up.md). Each compiled function is the same as before, made once; only
// when it is made moves. Checks that must refuse a route at registration (validator.ts's bounds)
// stay there: they read the schema, they do not compile it.

/** A validator as Fastify calls it: Ajv's shape, `errors` set after a failed call. */
export type Validator = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown[] | null; schemaEnv?: unknown };

/**
 * A validator that compiles on its first call. Fastify passes the parent data (so Ajv may replace a
 * root value, e.g. a default) only to a validator that has `schemaEnv`: this one always says it
 * has, and hands the parent on only when the compiled one wants it.
 */
export function validatorLater(compile: () => Validator): Validator {
  let inner: Validator | undefined;
  const later: Validator = (data, ctx) => {
    inner ??= compile();
    const ok = inner.schemaEnv ? inner(data, ctx) : inner(data);
    later.errors = inner.errors;
    return ok;
  };
  later.schemaEnv = true;
  return later;
}

/** A serializer that compiles on its first call. */
export function serializerLater<T>(compile: () => (data: T) => string): (data: T) => string {
  let inner: ((data: T) => string) | undefined;
  return (data) => (inner ??= compile())(data);
}
