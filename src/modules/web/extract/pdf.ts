// A PDF read with pdf=1, as the content users asked for. A PDF has no markup, so main=1 has
// nothing to isolate: the content is its text, in paragraphs (src/lib/pdf splits them at wide
// line gaps). markdown and text give the paragraphs (markdown with its syntax characters
// escaped, so that a line starting "# " or "1. " is not read as a heading or a list), html
// one escaped <p> per paragraph, json the metadata only: the title (the PDF's Title entry)
// and the page count. Links are not read from PDFs (links=1 gives an empty list).

import { pdfParagraphs, type PdfDocument } from '../../../lib/pdf/index.js';
import type { ExtractOptions, Extracted } from './index.js';
import { countWords } from './measure.js';
import { detectLang } from './lang.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Escapes what Markdown would read as markup: inline characters, and a block marker at the start. */
export function escapeMarkdown(p: string): string {
  return p
    .replace(/([\\`*_[\]<>|])/g, '\\$1')
    .replace(/^(#{1,6}|[-+])(?=\s)/, '\\$1')
    .replace(/^(\d+)([.)])(?=\s)/, '$1\\$2');
}

function description(paras: string[]): string {
  const p = paras.find((x) => x.length >= 40) ?? paras[0] ?? '';
  if (p.length <= 500) return p;
  const cut = p.lastIndexOf(' ', 497);
  return `${p.slice(0, cut > 0 ? cut : 497)}…`;
}

export function extractPdf(doc: PdfDocument, url: string, opts: Pick<ExtractOptions, 'format' | 'links'>): Extracted & { page_count: number } {
  const paras = pdfParagraphs(doc.pages);
  const text = paras.join('\n\n');
  let content = '';
  if (opts.format === 'text') content = text;
  else if (opts.format === 'markdown') content = paras.map(escapeMarkdown).join('\n\n');
  else if (opts.format === 'html') content = paras.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return {
    title: doc.title,
    description: description(paras),
    lang: detectLang(text),
    site_name: '',
    image: '',
    canonical: url,
    content,
    words: countWords(text),
    method: 'pdf',
    page_count: doc.numPages,
    ...(opts.links ? { links: [] } : {}),
  };
}
