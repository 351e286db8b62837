// /docs: the API reference as one HTML page, built on the server from the OpenAPI document the
// service publishes (every operation, generated: nothing here names one). No script: the page is
// readable the moment its HTML arrives, and its one stylesheet is inline, allowed by its hash.
// Why this and not Swagger UI, Redoc or Scalar: docs/decisions/api-docs-page.md.

import { createHash } from 'node:crypto';
import { curlCommand, esc, slug } from '../core/http/html-text.js';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  $ref?: string;
};
type Param = {
  in: string;
  name: string;
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: Schema & { deprecated?: boolean };
  example?: unknown;
};
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, { summary?: string; value: unknown }> };
type Response = { description?: string; content?: Record<string, Media> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Param[];
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
};
export type DocsDocument = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
};

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
a{color:#0b57a4}a:focus-visible,summary:focus-visible,pre:focus-visible,.scroll:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:2}
header{padding:1rem 1.25rem;border-bottom:1px solid #ccc}header h1{margin:0 0 .25rem;font-size:1.6rem}header p{margin:.25rem 0}
.links{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0 0;list-style:none}
.layout{display:grid;grid-template-columns:minmax(0,1fr)}
nav.ops{padding:.5rem 1.25rem;border-bottom:1px solid #ccc}nav.ops ul{list-style:none;margin:0;padding:0}
nav.ops>ul>li{margin:.5rem 0}nav.ops li li{font-size:.9rem;overflow-wrap:anywhere}nav.ops h2{font-size:1rem;margin:.5rem 0}
main{padding:0 1.25rem 2rem;min-width:0}
section.tag>h2{margin:2rem 0 .5rem;padding-top:.5rem;border-top:2px solid #1a1a1a;font-size:1.35rem}
article.op{margin:1.25rem 0;padding:0 0 1rem;border-bottom:1px solid #ddd;content-visibility:auto;contain-intrinsic-size:auto 40rem}
article.op h3{font-size:1.05rem;margin:.25rem 0;overflow-wrap:anywhere}article.op p{overflow-wrap:anywhere}
.method{display:inline-block;font:600 .8rem/1.6 ui-monospace,monospace;background:#0a5c2f;color:#fff;padding:0 .4rem;border-radius:3px;margin-right:.3rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
pre{background:#f4f4f4;border:1px solid #ccc;border-radius:4px;padding:.5rem .75rem;overflow:auto;max-height:28rem;margin:.25rem 0}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.25rem 0;font-size:.9rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#f0f0f0}
td code{overflow-wrap:anywhere}
details{margin:.25rem 0}summary{cursor:pointer;padding:.15rem 0}
.muted{color:#4a4a4a}.key{color:#7a3d00}
h4{font-size:.95rem;margin:.75rem 0 .25rem}
@media (min-width:960px){.layout{grid-template-columns:18rem minmax(0,1fr)}nav.ops{border-bottom:0;border-right:1px solid #ccc;position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto}}
@media (max-width:959px){nav.ops{max-height:45vh;overflow:auto}}
@media (max-width:600px){table.params,table.params tbody,table.params tr,table.params th,table.params td{display:block}table.params thead{position:absolute;left:-9999px}table.params tr{border:1px solid #ccc;margin:.35rem 0;padding:.25rem .5rem}table.params th,table.params td{border:0;padding:.1rem 0;background:none}table.params td[data-label]::before{content:attr(data-label) ": ";color:#4a4a4a}}`;

/** The page's Content-Security-Policy: nothing runs, the one inline stylesheet is allowed by its hash. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** A schema's type as a person reads it: `string`, `integer`, `string or number`, `array of string`. */
function typeOf(s: Schema | undefined): string {
  if (!s) return '';
  if (s.$ref) return s.$ref.split('/').pop()!;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeOf).join(' or ');
  if (s.type === 'array' && s.items) return `array of ${typeOf(s.items)}`;
  if (s.type) return [s.type].flat().join(' or ');
  if (s.enum) return typeof s.enum[0] === 'number' ? 'number' : 'string';
  return '';
}

/** What the schema allows, in words: values, range, length, pattern, default. */
function ruleOf(s: Schema | undefined): string {
  if (!s) return '';
  const parts: string[] = [];
  if (s.enum) parts.push(`one of ${s.enum.map((v) => `<code>${esc(v)}</code>`).join(', ')}`);
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`${s.minimum ?? '…'} to ${s.maximum ?? '…'}`);
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(`${s.minLength ?? 0} to ${s.maxLength ?? '…'} characters`);
  if (s.pattern) parts.push(`pattern <code>${esc(s.pattern)}</code>`);
  if (s.format) parts.push(esc(s.format));
  if (s.default !== undefined) parts.push(`default <code>${esc(s.default)}</code>`);
  return parts.join('; ');
}

const pretty = (v: unknown) => esc(typeof v === 'string' ? v : JSON.stringify(v, null, 2));

/** The operation's example request: its path with the parameters' example values. */
export function exampleRequest(path: string, params: Param[]): string | undefined {
  let url = path;
  const query = new URLSearchParams();
  for (const p of params) {
    if (p.example === undefined) {
      if (p.in === 'path' || p.required) return undefined;
      continue;
    }
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
    else if (p.in === 'query') query.set(p.name, String(p.example));
  }
  const q = query.toString();
  return q ? `${url}?${q}` : url;
}

function paramsHtml(params: Param[]): string {
  if (params.length === 0) return '<p class="muted">No parameters.</p>';
  const rows = params
    .map(
      (p) =>
        `<tr><th scope="row"><code>${esc(p.name)}</code></th><td data-label="In">${esc(p.in)}${p.required ? ', <strong>required</strong>' : ''}</td><td data-label="Type">${esc(typeOf(p.schema))}</td><td>${[esc(p.description ?? ''), ruleOf(p.schema)].filter(Boolean).join('. ')}</td></tr>`,
    )
    .join('');
  return `<div class="scroll" role="region" aria-label="Parameters" tabindex="0"><table class="params"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description and rule</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function responseHtml(status: string, r: Response, label: string): string {
  const head = `${esc(status)} ${esc(STATUS_TEXT[status] ?? '')}`.trim();
  const bodies = Object.entries(r.content ?? {}).flatMap(([type, m]) => {
    const shown = m.examples ? Object.values(m.examples) : m.example !== undefined ? [{ value: m.example }] : [];
    if (shown.length === 0) return [`<p class="muted">${esc(type)}${m.schema ? `: ${esc(typeOf(m.schema))}` : ''}</p>`];
    // An example's summary is its message, which the body shows already.
    return shown.map((x) => `<pre tabindex="0" aria-label="${esc(`${label}, ${head}, ${type}`)}"><code>${pretty(x.value)}</code></pre>`);
  });
  // Fastify's swagger writes "Default Response" on a 200 whose route gave no description.
  const said = r.description && r.description !== 'Default Response' ? r.description : 'example answer';
  return `<details><summary><strong>${head}</strong> <span class="muted">${esc(said)}</span></summary>${bodies.join('')}</details>`;
}

function operationHtml(origin: string, method: string, path: string, op: Operation): string {
  const id = op.operationId ?? slug(`${method} ${path}`);
  // A deprecated parameter stays in /openapi.json (older clients read its 400 there) but is no
  // longer offered to a reader: /fuel's commodity, say, only answers "moved to /commodities".
  const params = (op.parameters ?? []).filter((p) => !p.deprecated && !p.schema?.deprecated);
  const example = exampleRequest(path, params);
  const label = `${method.toUpperCase()} ${path}`;
  const keyed = (op.security ?? []).some((s) => Object.keys(s).length > 0);
  const call = example
    ? `<p>Example: <a href="${esc(example)}">${esc(example)}</a></p><pre tabindex="0" aria-label="${esc(`curl for ${label}`)}"><code>${esc(curlCommand(origin, example))}</code></pre>`
    : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => responseHtml(status, r, label))
    .join('');
  return `<article class="op" id="${esc(id)}" aria-labelledby="${esc(id)}-h">
<h3 id="${esc(id)}-h"><span class="method">${esc(method.toUpperCase())}</span><code>${esc(path)}</code></h3>
<p>${esc(op.summary ?? '')}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}${keyed ? '<p class="key">Needs an API key on this server: <code>x-api-key: &lt;key&gt;</code> or <code>Authorization: Bearer &lt;key&gt;</code>.</p>' : ''}
${call}<h4>Parameters</h4>${paramsHtml(params)}<h4>Responses</h4>${responses}
</article>`;
}

type Entry = { method: string; path: string; op: Operation };

/** Operations by their tag (the group), in the document's order. */
function byTag(doc: DocsDocument): Map<string, Entry[]> {
  const tags = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!tags.has(tag)) tags.set(tag, []);
      tags.get(tag)!.push({ method, path, op });
    }
  }
  return tags;
}

/**
 * The whole reference page. `origin` is what the curl lines call (the public address, or the
 * one the page was asked at); links in the page stay relative.
 */
export function docsHtml(doc: DocsDocument, origin: string): string {
  const tags = byTag(doc);
  const count = [...tags.values()].reduce((n, ops) => n + ops.length, 0);
  const idOf = (e: Entry) => e.op.operationId ?? slug(`${e.method} ${e.path}`);
  const nav = [...tags]
    .map(
      ([tag, ops]) =>
        `<li><a href="#tag-${slug(tag)}">${esc(tag)}</a><ul>${ops.map((e) => `<li><a href="#${esc(idOf(e))}"><code>${esc(e.path)}</code></a></li>`).join('')}</ul></li>`,
    )
    .join('');
  const sections = [...tags]
    .map(
      ([tag, ops]) =>
        `<section class="tag" aria-labelledby="tag-${slug(tag)}"><h2 id="tag-${slug(tag)}">${esc(tag)}</h2>
${ops.map((e) => operationHtml(origin, e.method, e.path, e.op)).join('\n')}</section>`,
    )
    .join('\n');
  const { title, version, description } = doc.info;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} ${esc(version)}: API reference</title>
<link rel="icon" href="data:,">
<meta name="description" content="Every operation of ${esc(title)}: parameters, example calls and example answers.">
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#ops">Skip to the operations</a>
<header><h1>${esc(title)} API reference</h1>
<p>${esc(description ?? '')} Version ${esc(version)}; ${count} operations, every one a plain GET answering JSON unless it says otherwise.</p>
<p class="muted">Errors answer <code>{"status":"error","code":…,"message":…}</code> (the web endpoints: <code>{"success":false,"error":…,"code":…}</code>) with the status of the code; each operation lists the ones it can answer, with a real example.</p>
<ul class="links"><li><a href="/">Home</a></li><li><a href="/openapi.json">OpenAPI document (/openapi.json)</a></li><li><a href="/mcp">MCP endpoint (/mcp)</a></li><li><a href="/health">Health (/health)</a></li></ul>
</header>
<div class="layout">
<nav class="ops" aria-labelledby="nav-h"><h2 id="nav-h">Operations</h2><ul>${nav}</ul></nav>
<main id="ops">
${sections}
</main>
</div>
</body></html>`;
}
