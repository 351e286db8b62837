// HTML → Markdown: ATX headings, inline links and images, "-" lists, GFM tables for every
// data table (the gfm plugin would keep header-less tables as raw HTML; here the first
// row becomes the header), fenced code blocks carrying the language the page declares
// (language-x, lang-x, highlight-source-x, data-lang), ~~strikethrough~~ and task lists.
// Layout tables (one column, or cells holding blocks) become plain blocks.

import type TurndownService from 'turndown';
import { lazyRequire } from '../../../core/lazy.js';

const LANG_CLASS = /(?:^|\s)(?:lang(?:uage)?-|highlight-(?:source|text)-|brush:\s*|sourceCode\s+)([\w+#.-]+)/i;
// Declared as "no language": no tag. Other names are kept as the page wrote them.
const NO_LANGUAGE = new Set(['none', 'text', 'plaintext', 'plain', 'nohighlight', 'no-highlight']);

export function codeLanguage(pre: Element): string {
  const code = pre.querySelector('code');
  const candidates: (Element | null)[] = [code, pre, pre.parentElement, pre.parentElement?.parentElement ?? null];
  for (const el of candidates) {
    if (!el) continue;
    const data = el.getAttribute('data-lang') ?? el.getAttribute('data-language');
    const cls = LANG_CLASS.exec(el.getAttribute('class') ?? '')?.[1];
    const raw = (data ?? cls ?? '').toLowerCase();
    if (raw) return NO_LANGUAGE.has(raw) ? '' : raw.replace(/[^\w+#.-]/g, '');
  }
  return '';
}

const BLOCKY = 'table, p, ul, ol, h1, h2, h3, h4, h5, h6, blockquote, pre, div > div';
const dataTableCache = new WeakMap<Node, boolean>();

/** A table of data (rows and columns) rather than one used for page layout. */
function isDataTable(table: Element): boolean {
  const known = dataTableCache.get(table);
  if (known !== undefined) return known;
  const rows = Array.from(table.querySelectorAll('tr')).filter((r) => r.closest('table') === table);
  const cols = Math.max(0, ...rows.map((r) => cellsOf(r).length));
  const blocky = rows.some((r) => cellsOf(r).some((c) => c.querySelector(BLOCKY) !== null));
  const ok = rows.length > 0 && cols >= 2 && !blocky;
  dataTableCache.set(table, ok);
  return ok;
}

const cellsOf = (row: Element) => Array.from(row.children).filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
/** Whether a row or cell belongs to a data table: one outside any table (stray markup) reads as a block. */
function inDataTable(n: Node): boolean {
  const table = (n as Element).closest?.('table');
  return table != null && isDataTable(table);
}

function escapeCell(s: string): string {
  return s
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** Builds a GFM table from rows of cell markdown: the first row is the header. */
function gfmTable(rows: string[][]): string {
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...new Array<string>(width - r.length).fill('')];
  const line = (r: string[]) => `| ${pad(r).join(' | ')} |`;
  const [head, ...rest] = rows;
  return [line(head), `| ${new Array(width).fill('---').join(' | ')} |`, ...rest.map(line)].join('\n');
}

function createService(): TurndownService {
  const td = new (turndown())({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  // GFM strikethrough, written "~~" (the gfm plugin writes a single "~").
  td.addRule('strikethrough', { filter: ['del', 's', 'strike'] as never, replacement: (content) => `~~${content}~~` });
  // Task lists: the checkbox's checked attribute (a parsed page has no live properties).
  td.addRule('taskCheckbox', {
    filter: (node) => node.nodeName === 'INPUT' && (node as unknown as Element).getAttribute('type') === 'checkbox',
    replacement: (_c, node) => ((node as unknown as Element).hasAttribute('checked') ? '[x] ' : '[ ] '),
  });
  td.addRule('fencedCode', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const el = node as unknown as Element;
      const code = (el.textContent ?? '').replace(/^\n+|\n+$/g, '');
      const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((m) => m.length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${codeLanguage(el)}\n${code}\n${fence}\n\n`;
    },
  });
  addTableRules(td);
  addBlockRules(td);
  td.remove(['script', 'style', 'noscript', 'template', 'head', 'title']);
  return td;
}

/** GFM tables: cells collect their markdown, the table assembles the grid; layout tables read as blocks. */
function addTableRules(td: TurndownService): void {
  td.addRule('tableCell', {
    filter: (node) => (node.nodeName === 'TD' || node.nodeName === 'TH') && inDataTable(node),
    replacement: (content) => `\u0000${escapeCell(content)}\u0001`,
  });
  td.addRule('tableRow', {
    filter: (node) => node.nodeName === 'TR' && inDataTable(node),
    replacement: (content) => `\u0002${content}\u0003`,
  });
  td.addRule('tableSection', {
    filter: (node) => ['THEAD', 'TBODY', 'TFOOT'].includes(node.nodeName) && inDataTable(node),
    replacement: (content) => content,
  });
  td.addRule('table', {
    filter: (node) => node.nodeName === 'TABLE',
    replacement: (content, node) => {
      if (!isDataTable(node as unknown as Element)) return `\n\n${content}\n\n`;
      const rows = Array.from(content.matchAll(/\u0002([\s\S]*?)\u0003/g)).map((m) => Array.from(m[1].matchAll(/\u0000([\s\S]*?)\u0001/g)).map((c) => c[1]));
      const caption = content.replace(/\u0002[\s\S]*?\u0003/g, '').trim();
      const filled = rows.filter((r) => r.length > 0);
      if (!filled.length) return '';
      return `\n\n${caption ? `${caption}\n\n` : ''}${gfmTable(filled)}\n\n`;
    },
  });
  // Cells of layout tables read as blocks. (Turndown tries later rules first; the filters
  // here exclude each other, so the order does not matter.)
  td.addRule('layoutCell', {
    filter: (node) => ['TD', 'TH', 'TR', 'THEAD', 'TBODY', 'TFOOT'].includes(node.nodeName) && !inDataTable(node),
    replacement: (content) => `\n\n${content}\n\n`,
  });
  td.addRule('caption', { filter: 'caption', replacement: (content) => `\n\n${content.trim()}\n\n` });
}

/** Figures, icon links and lists as a reader expects them. */
function addBlockRules(td: TurndownService): void {
  // Figures: the image, then its caption as a paragraph.
  td.addRule('figcaption', { filter: 'figcaption', replacement: (content) => `\n\n${content.trim()}\n\n` });
  // Links with no text (icons) say nothing in Markdown.
  td.addRule('emptyLink', {
    filter: (node) => node.nodeName === 'A' && !(node.textContent ?? '').trim() && !(node as unknown as Element).querySelector('img'),
    replacement: () => '',
  });
  // "- item" with one space (turndown pads to four), nested lists indented by four.
  td.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as unknown as Element | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + itemIndex(parent, node as unknown as Element)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
}

// Each list's items numbered once (finding each item among its siblings is quadratic in a long list).
const itemIndexes = new WeakMap<Element, Map<Element, number>>();

function itemIndex(list: Element, item: Element): number {
  let indexes = itemIndexes.get(list);
  if (!indexes) {
    indexes = new Map(
      Array.from(list.children)
        .filter((c) => c.nodeName === 'LI')
        .map((c, i) => [c, i]),
    );
    itemIndexes.set(list, indexes);
  }
  return indexes.get(item) ?? -1;
}

// Loaded on the first page turned into Markdown (core/lazy.ts), with the DOM it needs.
const turndown = lazyRequire<typeof TurndownService>('turndown');
const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

let service: TurndownService | undefined;

/**
 * Markdown of an HTML fragment. Turndown needs a full DOM; only the (small) extracted
 * fragment is parsed into one.
 */
export function toMarkdown(fragment: string): string {
  service ??= createService();
  const { document } = linkedom().parseHTML(`<!doctype html><html><body>${fragment}</body></html>`);
  const md = service.turndown(document.body as never);
  return md
    .replace(/[\u0000-\u0003]/g, '')
    .replace(/^(\s*- \[[ x]\]) {2,}/gm, '$1 ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
