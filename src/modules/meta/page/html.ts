// Small pieces of HTML the landing page is built from: escaping, and one endpoint's "try it"
// form. The form works without the script too (a plain GET to the endpoint); the script
// makes it fill path parameters, send the API key, and show the answer in the page.

import type { EndpointInfo, ParamInfo } from '../../../core/http/catalog.js';
import { esc, slug } from '../../../core/http/html-text.js';

export { esc, slug };

/**
 * The values an endpoint's example URL gives its parameters: query values by name, and path
 * parameters (`/ifsc/:code`) by matching the example's segments against the template.
 */
export function exampleValues(path: string, example: string | undefined): Record<string, string> {
  if (!example) return {};
  const u = new URL(example, 'http://x');
  const out: Record<string, string> = Object.fromEntries(u.searchParams);
  const tpl = path.split('/');
  const got = u.pathname.split('/');
  // A wildcard route's last parameter (/r/:url) takes the rest of the path, slashes and all.
  const rest = tpl.length < got.length && tpl[tpl.length - 1]!.startsWith(':');
  if (tpl.length === got.length || rest) {
    tpl.forEach((seg, i) => {
      const value = rest && i === tpl.length - 1 ? got.slice(i).join('/') + u.search : got[i]!;
      if (seg.startsWith(':')) out[seg.slice(1)] = decodeURIComponent(value);
    });
  }
  return out;
}

/** The catalog's rule for an enum reads "one of a, b, c": those values become a <select>. */
function choices(p: ParamInfo): string[] | undefined {
  const m = /^one of (.+)$/.exec(p.rule ?? '');
  return m ? m[1]!.split(', ') : undefined;
}

function hint(p: ParamInfo): string {
  const parts = [p.required ? 'required' : 'optional'];
  if (p.rule && !choices(p)) parts.push(p.rule);
  if (p.default !== undefined) parts.push(`default ${p.default}`);
  return parts.join('; ');
}

function field(id: string, p: ParamInfo, value: string | undefined, inPath: boolean): string {
  const fid = `${id}-${slug(p.name)}`;
  const label = `<label for="${fid}"><code>${esc(p.name)}</code> <span class="hint" id="${fid}-h">${esc(hint(p))}</span></label>`;
  const common = `id="${fid}" name="${esc(p.name)}" aria-describedby="${fid}-h"${p.required ? ' required' : ''}${inPath ? ' data-in="path"' : ''}`;
  const options = choices(p);
  if (options) {
    const opts = [p.required ? '' : '<option value="">(not set)</option>']
      .concat(options.map((o) => `<option${o === (value ?? String(p.default ?? '')) ? ' selected' : ''}>${esc(o)}</option>`))
      .join('');
    return `<div class="field">${label}<select ${common}>${opts}</select></div>`;
  }
  const numeric = p.type === 'integer' || p.type === 'number' ? ' inputmode="decimal"' : '';
  return `<div class="field">${label}<input ${common} type="text"${numeric} value="${esc(value ?? '')}" autocomplete="off" spellcheck="false"></div>`;
}

/**
 * One endpoint: its path, a form that calls it (folded, beside the path until opened, so the
 * page stays short), and its summary.
 */
export function endpointHtml(e: EndpointInfo, id: string): string {
  const values = exampleValues(e.path, e.example);
  const pathParams = new Set([...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
  const fields = e.params.map((p) => field(id, p, values[p.name], pathParams.has(p.name))).join('');
  const example = e.example ? ` <a class="example" href="${esc(e.example)}">example</a>` : '';
  return `<article class="endpoint" aria-labelledby="${id}">
<h4 id="${id}"><span class="method">GET</span> <code>${esc(e.path)}</code></h4>
<details><summary>Try it<span class="visually-hidden"> ${esc(e.path)}</span></summary>
<form class="try" method="get" action="${esc(e.path)}" data-path="${esc(e.path)}">
${fields || '<p class="hint">No parameters.</p>'}
<div class="actions"><button type="submit">Send request</button></div>
<p class="status" role="status"></p>
<pre class="answer" tabindex="0" aria-label="Answer" hidden></pre>
</form>
</details>
<p>${esc(e.summary)}${example}</p>
</article>`;
}
