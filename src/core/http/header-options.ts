// Options as request headers, for the routes whose path is the whole input (GET /r/<url>,
// GET /s/<query>): the query string there belongs to the target URL, so the options the twin
// route (/fetch, /search) takes in its query come as headers instead, as Jina Reader takes them.
// The headers are derived from the twin's query schema (`wait_for` is `X-Wait-For`), so a
// parameter added to /fetch is a header of /r/ with no change here; Jina's own names are
// aliases of them. The headers are documented and validated from the schema built here.

import type { FastifyRequest } from 'fastify';
import { invalidParam } from '../errors.js';
import { validationError } from '../validation.js';

type JsonSchema = { type?: unknown; enum?: unknown[]; default?: unknown; description?: string; [k: string]: unknown };
type ObjectSchema = { properties: Record<string, JsonSchema> };

/** Another name for a query parameter, as some client sends it. */
export interface HeaderAlias {
  /** The header, lowercase: `x-target-selector`. */
  header: string;
  /** The query parameter it sets. */
  param: string;
  /**
   * The parameter's value for the header's value (absent: the value as sent). `undefined`
   * leaves the parameter unset; a list parameter (comma-separated) gets the value added.
   */
  value?: (v: string) => string | undefined;
  /** Whether the value is added to the parameter's comma-separated list (beside an X-<param> header's) rather than replacing it. */
  adds?: boolean;
  /**
   * Other parameters the header implies when it gives a value and the request set them no other
   * way (Jina's selector wait needs a browser, which Jina uses by default: `{ render: '1' }`).
   */
  implies?: Record<string, string>;
  /** What the header means, for the API document. */
  description: string;
}

/** `wait_for` → `x-wait-for`. */
export const headerOf = (param: string): string => `x-${param.replace(/_/g, '-')}`;

/** A 0|1 switch of the query schema. */
const isFlag = (s: JsonSchema | undefined) => Array.isArray(s?.enum) && s.enum.length === 2 && s.enum.includes('0') && s.enum.includes('1');

/** Jina and most HTTP clients say a switch is on with `true`. */
const SWITCH: Record<string, string> = { '1': '1', '0': '0', true: '1', false: '0', yes: '1', no: '0', on: '1', off: '0' };
export const switchValue = (v: string): string | undefined => SWITCH[v.trim().toLowerCase()];

/** A switch of the query schema as a header: 1, 0, true or false. */
function headerSchemaOf(param: string, s: JsonSchema): JsonSchema {
  const { default: def, ...rest } = s;
  const said = def === undefined ? '' : ` (default ${def})`;
  if (isFlag(s)) return { type: 'string', enum: ['1', '0', 'true', 'false'], description: `the query parameter ${param}${said}: ${s.description ?? ''}` };
  return { ...rest, description: `the query parameter ${param}${said}: ${s.description ?? ''}` };
}

export interface HeaderOptions {
  /** The headers as a Fastify `headers` schema (validated before the handler; listed in OpenAPI). */
  readonly schema: { type: 'object'; properties: Record<string, JsonSchema> };
  /**
   * The twin's query object for a request: its headers, then the given values (the path's),
   * validated and defaulted by the twin's query schema, as the twin's handler would see it.
   */
  query<Q>(req: FastifyRequest, given: Record<string, string>): Q;
}

/**
 * The header form of a query schema: `X-<param>` for each parameter but the `skip`ped ones
 * (those the path gives), plus the aliases whose parameter the schema has. An alias of a
 * parameter the schema lacks is still read, and refused with a message naming it.
 */
export function headerOptions(querySchema: unknown, skip: readonly string[], aliases: readonly HeaderAlias[]): HeaderOptions {
  const props = (querySchema as ObjectSchema).properties;
  const params = Object.keys(props).filter((p) => !skip.includes(p));
  const properties: Record<string, JsonSchema> = {};
  for (const p of params) properties[headerOf(p)] = headerSchemaOf(p, props[p]);
  for (const a of aliases) if (props[a.param] && !properties[a.header]) properties[a.header] = { type: 'string', description: a.description };

  return {
    schema: { type: 'object', properties },
    query<Q>(req: FastifyRequest, given: Record<string, string>): Q {
      const q: Record<string, string> = {};
      // Header validation (the schema above) may have coerced a value to its type already.
      const header = (name: string) => {
        const v = req.headers[name] as unknown;
        // A list parameter's header comes back a list; the query takes it comma-separated.
        const s = typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? v.join(',') : v;
        return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
      };
      // Aliases first: a header named after the parameter itself says it more exactly, but
      // what an alias adds to a list is kept beside that header's list.
      const implied: Record<string, string> = {};
      const added: Record<string, string[]> = {};
      for (const a of aliases) {
        const raw = header(a.header);
        if (raw === undefined) continue;
        if (!props[a.param])
          throw invalidParam(a.header, `${a.header} is not supported by this server (it would set ${a.param}, which this endpoint does not take)`);
        const v = a.value ? a.value(raw) : raw;
        if (v === undefined) continue;
        if (a.adds) (added[a.param] ??= []).push(v);
        else q[a.param] = v;
        Object.assign(implied, a.implies);
      }
      for (const p of params) {
        const raw = header(headerOf(p));
        if (raw === undefined) continue;
        q[p] = isFlag(props[p]) ? (switchValue(raw) ?? raw) : raw;
      }
      for (const [p, vs] of Object.entries(added)) q[p] = [q[p], ...vs].filter(Boolean).join(',');
      for (const [p, v] of Object.entries(implied)) if (props[p] && q[p] === undefined) q[p] = v;
      Object.assign(q, given);
      return asQuery<Q>(req, querySchema, q);
    },
  };
}

/**
 * A query object built by hand (from headers, from a JSON body) validated, coerced and defaulted
 * by a route's query schema with the app's own validator, as if it had come in a query string;
 * a failure is the 400 that query string would have got.
 */
export function asQuery<Q>(req: FastifyRequest, querySchema: unknown, q: Record<string, string>): Q {
  const validate = req.compileValidationSchema(querySchema as Record<string, unknown>, 'querystring');
  if (!validate(q)) throw validationError(validate.errors ?? [], 'querystring', { querystring: querySchema });
  return q as Q;
}

/**
 * The part of the request's path after `prefix`, exactly as the client wrote it, query string
 * included (the parsed path and query would have split the target URL's own query off).
 */
export function rawTail(req: FastifyRequest, prefix: string): string {
  const url = req.raw.url ?? req.url;
  return url.startsWith(prefix) ? url.slice(prefix.length) : '';
}

/** Whether the client asked for JSON rather than text (Jina Reader's rule: `Accept: application/json`). */
export function wantsJson(req: FastifyRequest): boolean {
  return /\bapplication\/json\b/i.test(req.headers.accept ?? '');
}
