// The landing listing as HTML for browsers (the JSON is the same data as is).

import { createHash } from 'node:crypto';
import type { GroupInfo } from '../../core/http/catalog.js';
import { htmlPageHeaders } from '../../core/http/response-headers.js';

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin-bottom:1rem}td,th{border-bottom:1px solid #ddd;padding:.35rem;text-align:left;vertical-align:top}
code{background:#f4f4f4;padding:0 .2rem}small{color:#666}`;

// The page runs no script and loads nothing: its one inline style is allowed by its hash.
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
export const LANDING_HEADERS = htmlPageHeaders(
  `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
);

export function landingHtml(name: string, version: string, groups: GroupInfo[]): string {
  const sections = groups
    .map((g) => {
      const rows = g.endpoints
        .map((e) => {
          const params = e.params
            .map((p) => `<code>${esc(p.name)}</code>${p.required ? '*' : ''}${p.rule ? ` <small>(${esc(p.rule)}${p.default !== undefined ? `; default ${esc(p.default)}` : ''})</small>` : ''}`)
            .join(', ');
          const ex = e.example ? `<a href="${esc(e.example)}">${esc(e.example)}</a>` : '';
          return `<tr><td><code>${esc(e.path)}</code></td><td>${esc(e.summary)}</td><td>${params}</td><td>${ex}</td></tr>`;
        })
        .join('\n');
      return `<section><h2>${esc(g.title)}</h2><p>${esc(g.description)}</p>
<table><thead><tr><th>Path</th><th>What</th><th>Parameters</th><th>Example</th></tr></thead><tbody>
${rows}
</tbody></table></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(name)} ${esc(version)}</title>
<style>${STYLE}</style></head>
<body><h1>${esc(name)}</h1><p>Read-only API about India and the web. Every endpoint is a plain GET; no key is needed unless this instance configures API keys.
Interactive docs: <a href="/docs">/docs</a> · OpenAPI: <a href="/openapi.json">/openapi.json</a> · Health: <a href="/health">/health</a></p>
${sections}
</body></html>`;
}
