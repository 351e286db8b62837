// A PDF's lines as paragraphs of running text. A PDF has no paragraphs, only positioned
// lines: a gap between two lines clearly wider than the usual line pitch (1.6 times the
// median gap) starts a new paragraph, as does every new page. Lines of a paragraph are joined
// by a space; words are not de-hyphenated (a hyphen at a line end may be a real one).

import type { PdfLine } from './lines.js';

const WIDE_GAP = 1.6;

function median(xs: number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  // The lower median: with few lines, the paragraph gaps must not set the pitch.
  return s[Math.floor((s.length - 1) / 2)];
}

const gapsOf = (lines: PdfLine[]) =>
  lines
    .slice(1)
    .map((l, i) => lines[i].y - l.y)
    .filter((g) => g > 0);

/** Paragraphs of every page, in reading order (top to bottom, page after page). */
export function pdfParagraphs(pages: PdfLine[][]): string[] {
  const docPitch = median(pages.flatMap(gapsOf));
  const out: string[] = [];
  for (const lines of pages) {
    const gaps = gapsOf(lines);
    // A page of a few lines says little about its pitch: the document's then.
    const pitch = (gaps.length >= 3 ? median(gaps) : docPitch) ?? Infinity;
    let current: string[] = [];
    lines.forEach((line, i) => {
      if (i > 0 && lines[i - 1].y - line.y > pitch * WIDE_GAP && current.length) {
        out.push(current.join(' '));
        current = [];
      }
      if (line.text) current.push(line.text);
    });
    if (current.length) out.push(current.join(' '));
  }
  return out;
}
