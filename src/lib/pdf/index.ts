// Reading PDFs to text with pdfjs-dist, in a worker thread (pdfjs's Node build replaces
// JSON.stringify for the whole isolate that loads it, so it is never loaded in the main one).
//
//   const lines = await pdfLines(bytes);          // each page's lines of positioned words
//   const doc = await readPdf(bytes, { maxPages: 50, timeoutMs: 15_000 }); // { pages, numPages, title }
//   const paras = pdfParagraphs(doc.pages);       // text paragraphs, split at wide line gaps

export { pdfLines, pdfStreamLines, readPdf, type PdfDocument, type ReadPdfOptions, type PdfLine, type PdfWord } from './lines.js';
export { pdfParagraphs } from './paragraphs.js';
