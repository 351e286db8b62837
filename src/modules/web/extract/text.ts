// Plain text of a DOM subtree, laid out the way a reader sees it: block elements become
// paragraphs separated by a blank line, <br> a line break, list items a line each,
// table cells separated by tabs, whitespace collapsed inside inline text.

import { isElement, isText, textOf, type AnyNode } from './dom.js';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
  'body',
  'html',
  'center',
  'legend',
  'optgroup',
  'caption',
]);
const LINE = new Set(['li', 'tr', 'dt', 'dd', 'thead', 'tbody', 'tfoot']);

export function toText(root: AnyNode): string {
  const out: string[] = [];
  // Pending separator: 0 none, 1 line break, 2 paragraph break.
  let pending = 0;
  let line = '';
  const flush = () => {
    const t = line.replace(/[ \t\u00a0]+/g, (m) => (m.includes('\t') ? '\t' : ' ')).trim();
    if (t) {
      if (out.length) out.push(pending >= 2 ? '\n\n' : '\n');
      out.push(t);
    }
    line = '';
    pending = 0;
  };
  const breakAt = (level: number) => {
    if (line.trim()) {
      flush();
    }
    pending = Math.max(pending, level);
  };
  const walk = (node: AnyNode) => {
    if (isText(node)) {
      line += node.data.replace(/\s+/g, ' ');
      return;
    }
    if (!isElement(node)) {
      if (node.type === 'root') for (const c of node.children) walk(c);
      return;
    }
    const tag = node.name;
    if (tag === 'br') {
      breakAt(1);
      return;
    }
    if (tag === 'img') return;
    if (tag === 'pre') {
      // Preformatted text keeps its lines and indentation.
      breakAt(2);
      const code = textOf(node).replace(/^\n+|\s+$/g, '');
      if (code) {
        if (out.length) out.push('\n\n');
        out.push(code);
        pending = 2;
      }
      return;
    }
    if ((tag === 'td' || tag === 'th') && line.trim()) line += '\t';
    const block = BLOCK.has(tag);
    const level = LINE.has(tag) ? 1 : 2;
    if (block) breakAt(level);
    for (const c of node.children) walk(c);
    if (block) breakAt(level);
  };
  walk(root);
  flush();
  return out
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
