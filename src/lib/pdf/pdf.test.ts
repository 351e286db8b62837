// readPdf and pdfParagraphs on a PDF made here with pdf-lib (two pages, a Title entry, two
// paragraphs on the first page separated by a wide gap). pdfjs runs in a worker, so this
// process's JSON is left as it was.

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

// Loaded by the tests, after JSON is captured (loading pdfjs here would replace it at once).
const load = () => import('./index.js');

async function makePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Annual Report 2025');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  const lines = [
    [800, 'The first paragraph starts here'],
    [786, 'and goes on for a second line.'],
    [740, 'A second paragraph after a gap.'],
  ] as const;
  for (const [y, text] of lines) first.drawText(text, { x: 50, y, size: 11, font });
  doc.addPage([595, 842]).drawText('Page two says hello.', { x: 50, y: 800, size: 11, font });
  return doc.save();
}

describe('readPdf', () => {
  it('reads the lines, page count and title, and joins lines into paragraphs at wide gaps', async () => {
    const stringify = JSON.stringify;
    const { readPdf, pdfParagraphs } = await load();
    const doc = await readPdf(await makePdf());
    expect(doc.numPages).toBe(2);
    expect(doc.title).toBe('Annual Report 2025');
    expect(doc.pages[0].map((l) => l.text)).toEqual(['The first paragraph starts here', 'and goes on for a second line.', 'A second paragraph after a gap.']);
    expect(pdfParagraphs(doc.pages)).toEqual([
      'The first paragraph starts here and goes on for a second line.',
      'A second paragraph after a gap.',
      'Page two says hello.',
    ]);
    expect(JSON.stringify).toBe(stringify);
  });

  it('reads only the first maxPages pages, still counting them all', async () => {
    const { readPdf } = await load();
    const doc = await readPdf(await makePdf(), { maxPages: 1 });
    expect(doc.pages).toHaveLength(1);
    expect(doc.numPages).toBe(2);
  });

  it('gives up on a read that outlasts its deadline, ending the worker', async () => {
    const { readPdf } = await load();
    await expect(readPdf(await makePdf(), { timeoutMs: 1 })).rejects.toThrow(/could not be read in 1 ms/);
  });
});
