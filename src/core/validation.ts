// Turns a schema validation failure into a sentence naming the parameter and its rule:
// "days must be an integer from 1 to 90", with valid_values for enumerations.

import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { invalidParam, type ApiError } from './errors.js';

type Schema = {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: (string | number)[];
  anyOf?: Schema[];
  const?: string | number;
  pattern?: string;
  /** The rule in words, when the description says more than the rule (a date parameter's). */
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
};

/** The accepted values of an enum-like schema (enum, or a union of literals). */
function enumValues(s: Schema | undefined): (string | number)[] | undefined {
  if (!s) return undefined;
  if (s.enum) return s.enum;
  if (s.anyOf?.every((x) => x.const !== undefined)) return s.anyOf.map((x) => x.const!);
  return undefined;
}

function range(s: Schema): string {
  const lo = s.minimum ?? s.exclusiveMinimum;
  const hi = s.maximum ?? s.exclusiveMaximum;
  if (lo !== undefined && hi !== undefined) return ` from ${lo} to ${hi}`;
  if (lo !== undefined) return ` of at least ${lo}`;
  if (hi !== undefined) return ` of at most ${hi}`;
  return '';
}

/** The rule a parameter must follow, as words. */
export function describeRule(param: string, s: Schema | undefined): { message: string; valid?: (string | number)[] } {
  if (!s) return { message: `${param} is invalid` };
  const values = enumValues(s);
  if (values) return { message: `${param} must be one of ${values.join(', ')}`, valid: values };
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer') return { message: `${param} must be an integer${range(s)}` };
  if (type === 'number') return { message: `${param} must be a number${range(s)}` };
  if (type === 'boolean') return { message: `${param} must be true or false` };
  if (s.title && s.pattern) return { message: `${param} must be ${s.title}` };
  if (s.description && (s.pattern || type === 'string')) {
    if (s.minLength !== undefined || s.maxLength !== undefined) {
      const rule = lengthRule(s);
      // A description that states the rule too is not made to say it twice: one ending with it
      // ("the search terms, 2 to 400 characters") loses that end, one saying it within ("text of
      // 2 to 100 characters to find in product names") is the whole sentence.
      if (s.description.endsWith(rule)) {
        const rest = s.description.slice(0, -rule.length).replace(/[\s,;:]+$/, '');
        return { message: rest ? `${param} must be ${rule}: ${rest}` : `${param} must be ${rule}` };
      }
      if (s.description.includes(rule)) return { message: `${param} must be ${s.description}` };
      return { message: `${param} must be ${rule}: ${s.description}` };
    }
    return { message: `${param} must be ${s.description}` };
  }
  if (s.minLength !== undefined || s.maxLength !== undefined) return { message: `${param} must be ${lengthRule(s)}` };
  if (s.pattern) return { message: `${param} must match ${s.pattern}` };
  return { message: `${param} is invalid` };
}

function lengthRule(s: Schema): string {
  if (s.minLength !== undefined && s.maxLength !== undefined) return `${s.minLength} to ${s.maxLength} characters`;
  if (s.minLength !== undefined) return `at least ${s.minLength} characters`;
  return `at most ${s.maxLength} characters`;
}

type OneError = { param: string; message: string; valid?: (string | number)[]; suggestion?: string };

function describeError(e: FastifySchemaValidationError, context: string | undefined, root: Schema | undefined): OneError {
  if (e.keyword === 'typo') {
    // A misspelt parameter name (core/http/param-names.ts): the message is the validator's.
    return { param: e.instancePath.slice(1), message: e.message ?? 'unknown parameter', suggestion: (e.params as { suggestion?: string }).suggestion };
  }
  const missing = (e.params as { missingProperty?: string } | undefined)?.missingProperty;
  const param = missing ?? (e.instancePath.replace(/^\//, '').split('/')[0] || context || 'request');
  const rule = describeRule(param, root?.properties?.[param]);
  return { param, message: missing ? `${param} is required; ${rule.message}` : rule.message, valid: rule.valid };
}

/**
 * A request's validation errors as one ApiError: `param` and `message` name the first invalid
 * parameter (as before), and `errors` lists every invalid parameter once, in the schema's order, when
 * there is more than one.
 */
export function validationError(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  schemas: { querystring?: unknown; params?: unknown; headers?: unknown; body?: unknown } | undefined,
): ApiError {
  const parts = { params: schemas?.params, headers: schemas?.headers, body: schemas?.body };
  const root = (parts[context as keyof typeof parts] ?? schemas?.querystring) as Schema | undefined;
  const seen = new Map<string, OneError>();
  for (const e of errors) {
    const one = describeError(e, context, root);
    if (!seen.has(one.param)) seen.set(one.param, one);
  }
  const all = [...seen.values()];
  const first = all[0] ?? { param: context ?? 'request', message: 'the request is invalid' };
  return invalidParam(first.param, first.message, {
    ...(first.valid ? { valid_values: first.valid } : {}),
    ...(first.suggestion ? { suggestion: first.suggestion } : {}),
    ...(all.length > 1 ? { errors: all.map(({ param, message }) => ({ param, message })) } : {}),
  });
}
