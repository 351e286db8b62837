// pdfjs runs in a worker: reading a PDF leaves this process's globals as they were. Its Node
// build replaces JSON.stringify with a core-js version about ten times slower, which every
// answer of the server would otherwise pay from the first import on.

import { describe, expect, it } from 'vitest';
import { makeKeralaPdf } from './fixtures/make-pdf.js';

// Loaded by the tests, after JSON is captured: loading pdfjs in this isolate replaced it at once.
const load = () => import('../../lib/pdf/index.js');

describe('pdfLines', () => {
  it("reads the lines of a PDF without touching this process's JSON", async () => {
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    const { pdfLines } = await load();
    const pages = await pdfLines(await makeKeralaPdf());
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0].some((l) => l.text.includes('SOUTHERN CHOICE BRANDY'))).toBe(true);
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
  });

  it('refuses bytes that are not a PDF with a reason', async () => {
    const { pdfLines } = await load();
    await expect(pdfLines(new TextEncoder().encode('<html>not a pdf</html>'))).rejects.toThrow(/the PDF could not be read/);
  });
});
