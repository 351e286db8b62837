// What a client generator needs from /openapi.json beyond the route schemas: a stable
// operationId per operation, the group as its tag, the error answers of the catalog, and the
// key requirement of the keyed routes. Applied when the document is generated, from what the
// routes already declare (config.envelope, config.apiKey, config.group), so no route repeats it.

import { ERROR_STATUS, type ErrorCode } from '../errors.js';

type Parameter = { in: string; name: string; schema?: { type?: string | string[] }; example?: unknown };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  tags?: string[];
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
};
type Doc = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

/** `GET /fuel/history` → `getFuelHistory`; `/liquor/product/{id}` → `getLiquorProductById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[{:]([^}]+)}?$/.exec(part);
      return param ? `by-${param[1]}` : part;
    })
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const tail = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${tail || 'Root'}`;
}

// What a 502/504 says of each upstream, and what a 503 says of the job that loads missing data
// (docs/decisions/upstream-error-messages.md).
const UPSTREAM_AND_LOAD_FIELDS = {
  tried: {
    type: 'array',
    description: 'With a 502/504 (and some 404s): what each upstream did, in the order asked',
    items: {
      type: 'object',
      required: ['provider', 'reason'],
      properties: {
        provider: { type: 'string', description: 'the provider id (as /health lists it)' },
        host: { type: 'string', description: 'the host that failed, when the call reached the network' },
        reason: {
          type: 'string',
          description: 'the failure kind: timeout, network, rate_limited, blocked, unavailable, bad_response, parse, not_found, suspended',
        },
        message: { type: 'string', description: 'what happened, in words' },
      },
    },
  },
  state: {
    type: 'string',
    description:
      'With a 503 for data not loaded yet: loading, retrying, failed, scheduled, not_run_here, or waiting (a load not started); for a /liquor price list not imported, the Indian state it is for',
  },
  job: { type: 'string', description: 'With a 503: the job that loads the data (npm run crawl -- <job>)' },
  last_error: { type: ['string', 'null'], description: 'With a 503: why its last run failed' },
  last_failure_at: { type: ['string', 'null'], description: 'With a 503: when its last run failed, ISO 8601' },
  next_try: { type: ['string', 'null'], description: 'With a 503: when it runs next, ISO 8601' },
};

const STANDARD_ERROR = {
  type: 'object',
  required: ['status', 'code', 'message'],
  properties: {
    status: { type: 'string', const: 'error' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string' },
    param: { type: 'string', description: 'The parameter at fault, when one is' },
    hint: { type: 'string', description: 'The next step: what to check, which setting to change, or the command that loads missing data' },
    ...UPSTREAM_AND_LOAD_FIELDS,
    valid_values: { type: 'array', items: { type: ['string', 'number'] } },
    errors: { $ref: '#/components/schemas/ParamErrors' },
    suggestions: {
      type: 'array',
      description:
        'With a 404 for an unknown thing, or a 400 for an unknown place: the closest known ones, best first (names, places as "name, state", or for coins their id, symbol and name)',
      items: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'string' } }] },
    },
  },
  additionalProperties: true,
};

const WEB_ERROR = {
  type: 'object',
  required: ['success', 'error', 'code'],
  properties: {
    success: { type: 'boolean', const: false },
    error: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    param: { type: 'string', description: 'The parameter at fault, when one is' },
    errors: { $ref: '#/components/schemas/ParamErrors' },
    hint: { type: 'string', description: 'The next step: what to check, or which setting to change' },
    ...UPSTREAM_AND_LOAD_FIELDS,
  },
  additionalProperties: true,
};

const PARAM_ERRORS = {
  type: 'array',
  description: 'Every invalid parameter of the request, when more than one is',
  items: { type: 'object', required: ['param', 'message'], properties: { param: { type: 'string' }, message: { type: 'string' } } },
};

const ANSWERS: [string, string, ErrorCode[]][] = [
  ['400', 'A parameter is missing, malformed or out of range (the body names it)', ['INVALID_PARAMETER', 'BLOCKED_URL', 'UNSUPPORTED_CONTENT']],
  ['404', 'Unknown path, or unknown thing (city, train, code…)', ['NOT_FOUND']],
  ['429', 'Rate limited; Retry-After says when to come back', ['RATE_LIMITED']],
  ['502', 'Every upstream asked failed', ['UPSTREAM_FAILED']],
  [
    '503',
    'Not ready (no data yet) or a dependency is down, Retry-After says when to come back; or NOT_CONFIGURED: no upstream that could answer is configured (the hint names the setting)',
    ['NOT_READY', 'NOT_CONFIGURED'],
  ],
  ['504', 'The upstream did not answer in time', ['UPSTREAM_TIMEOUT']],
];

/**
 * The error answers of an operation. With captured examples (test/openapi-examples.test.ts asks
 * each operation for them for real), exactly the statuses it was seen answering, each with its
 * real body; without (no example captured), every status the catalog allows, unexampled.
 * `mirrors` names the API a route mirrors (Firecrawl's), whose operations may also answer 501.
 */
function errorResponses(web: boolean, keyed: boolean, seen?: Readonly<Record<string, unknown>>, mirrors?: string): Record<string, unknown> {
  const schema = { $ref: `#/components/schemas/${web ? 'WebError' : 'Error'}` };
  const rows: [string, string][] = ANSWERS.map(([status, description]) => [status, description]);
  if (keyed) rows.splice(1, 0, ['401', 'API keys are configured and none, or a wrong one, was sent']);
  // Only the web reader names selectors (include) and parses pages, so only its operations can
  // answer 422 (the examples test asks each operation with include for a selector its page lacks).
  if (web)
    rows.splice(
      rows.findIndex(([s]) => s === '429'),
      0,
      [
        '422',
        'A CSS selector named in include matched nothing on the page (the body names it), or the page has more HTML nodes than are read (PAGE_TOO_COMPLEX)',
      ],
    );
  // A route mirroring another API answers what of it this service lacks with 501, saying what to use instead.
  if (mirrors)
    rows.splice(
      rows.findIndex(([s]) => s === '502'),
      0,
      ['501', `An operation or option of ${mirrors}'s API that this server does not offer (NOT_SUPPORTED; the body says what to use instead)`],
    );
  const shown = seen ? rows.filter(([status]) => status in seen) : rows;
  return Object.fromEntries(
    shown.map(([status, description]) => {
      const body = seen?.[status] as { code?: string; message?: string; error?: string } | undefined;
      const media = body ? { schema, examples: { [body.code ?? status]: { summary: body.message ?? body.error, value: body } } } : { schema };
      return [status, { description, content: { 'application/json': media } }];
    }),
  );
}

export type WildcardSchema = { params?: { properties?: Record<string, { title?: string }>; required?: string[] } } | undefined;

/**
 * A wildcard route (`/r/*`) as OpenAPI can say it: the path `{*}` is no valid template, so the
 * rest of the path is the parameter its schema titles (`'*': Type.String({ title: 'url' })`),
 * `/r/{url}`.
 */
export function namedWildcard(url: string, schema: WildcardSchema): { url: string; schema: WildcardSchema } {
  const rest = schema?.params?.properties?.['*'];
  if (!url.endsWith('*') || !rest?.title) return { url, schema };
  const { '*': _, ...others } = schema!.params!.properties!;
  const params = {
    ...schema!.params,
    properties: { ...others, [rest.title]: rest },
    required: [...(schema!.params!.required ?? []).filter((n) => n !== '*'), rest.title],
  };
  return { url: `${url.slice(0, -1)}:${rest.title}`, schema: { ...schema, params } };
}

/** `/liquor/product/:id` as OpenAPI writes it, `/liquor/product/{id}`. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * An operation's example: the request (path and query) and, for JSON answers, the answer it
 * got in the test that captures them (test/openapi-examples.test.ts), cut to a readable size.
 */
export interface OperationExample {
  request: string;
  body?: unknown;
  /** The operation's real error answers by status (400, 404, 429, 502, …), as it gave them. */
  errors?: Record<string, unknown>;
}

/** Describes every operation of a generated document from the routes' own declarations. */
export function describeDocument(
  doc: Doc,
  infos: ReadonlyMap<string, RouteDocInfo>,
  keysRequired: boolean,
  examples: Readonly<Record<string, OperationExample>> = {},
): Doc {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const info = infos.get(`${method.toUpperCase()} ${path}`);
      if (!info) continue;
      const example = examples[op.operationId ?? operationIdOf(info.method, info.url)];
      describeOperation(op, info, example?.errors);
      if (example) addExample(op, info.url, example);
    }
  }
  addComponents(doc, keysRequired);
  return doc;
}

export interface RouteDocInfo {
  method: string;
  url: string;
  group?: string;
  web: boolean;
  keyed: boolean;
  /** API_KEYS is set on this server: the keyed routes need a key. */
  keysRequired: boolean;
  /** The API the route mirrors (config.mirrors): its operations document 501 NOT_SUPPORTED. */
  mirrors?: string;
}

/** Fills in one operation from what its route declared (and the error answers seen of it). */
export function describeOperation(op: Operation, info: RouteDocInfo, errors?: Readonly<Record<string, unknown>>): void {
  op.operationId ??= operationIdOf(info.method, info.url);
  if (info.group) op.tags ??= [info.group];
  const keyed = info.keyed && info.keysRequired;
  op.responses = { ...errorResponses(info.web, keyed, errors, info.mirrors), ...op.responses };
  // `{}` is "no key": the document describes this server, whose keys are configured or not.
  op.security = keyed ? [{ apiKey: [] }, { bearer: [] }] : [{}];
}

/** The schemas and security schemes the described operations refer to. */
export function addComponents(doc: Doc, keysRequired: boolean): void {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Error: STANDARD_ERROR, WebError: WEB_ERROR, ParamErrors: PARAM_ERRORS };
  if (!keysRequired) return;
  doc.components.securitySchemes = {
    apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Needed only when the server sets API_KEYS' },
    bearer: { type: 'http', scheme: 'bearer', description: 'The same key as Authorization: Bearer <key>' },
  };
}

/** A parameter's example value as its schema types it ("100" is 100 for a number). */
function typed(value: string, schema: Parameter['schema']): unknown {
  const types = [schema?.type ?? 'string'].flat();
  if ((types.includes('number') || types.includes('integer')) && value !== '' && Number.isFinite(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The example request's values on the operation's parameters, and its answer on the 200. */
export function addExample(op: Operation, routeUrl: string, example: OperationExample): void {
  const url = new URL(example.request, 'http://x');
  const pathValues = new Map<string, string>();
  const pattern = routeUrl.split('/');
  const parts = url.pathname.split('/');
  parts.forEach((part, i) => {
    const name = /^:(.+)$/.exec(pattern[i] ?? '')?.[1];
    if (!name) return;
    // A last parameter given more parts than the pattern has is a wildcard's (/r/{url}): it takes the rest of the path.
    const rest = i === pattern.length - 1 && parts.length > pattern.length;
    pathValues.set(name, decodeURIComponent(rest ? parts.slice(i).join('/') : part));
  });
  for (const p of op.parameters ?? []) {
    const value = p.in === 'path' ? pathValues.get(p.name) : p.in === 'query' ? url.searchParams.get(p.name) : null;
    if (value !== null && value !== undefined) p.example = typed(value, p.schema);
  }
  if (example.body === undefined) return;
  const ok = (op.responses?.['200'] ?? {}) as { description?: string; content?: Record<string, { example?: unknown }> };
  ok.content ??= { 'application/json': {} };
  const json = ok.content['application/json'];
  if (json) json.example = example.body;
  op.responses = { ...op.responses, '200': { description: ok.description ?? 'OK', ...ok } };
}
