// A PDF's text as lines of positioned words, read with pdfjs-dist's text content (no
// hand-written PDF parsing). Items are grouped into lines by y (a tolerance of about half a
// glyph, since some lists draw a block of columns at a slightly different pitch) and sorted by x;
// an item holding several words is split, each word placed by its share of the item's width.
// pdfjs itself runs in a worker thread (pdf-text.worker.mjs says why): never import pdfjs-dist
// anywhere else.

import { Worker } from 'node:worker_threads';

/** One text item as pdfjs gives it: its string, its transform (x and y at [4] and [5]) and size. */
interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export interface PdfWord {
  text: string;
  /** Left edge and baseline, in PDF points (y grows upwards). */
  x: number;
  y: number;
  width: number;
}

export interface PdfLine {
  y: number;
  words: PdfWord[];
  /** The words joined by single spaces, left to right. */
  text: string;
}

const WORKER = new URL('./pdf-text.worker.mjs', import.meta.url);

/** A PDF read: the lines of its first pages, how many pages it has, its Title entry ('' if none). */
export interface PdfDocument {
  pages: PdfLine[][];
  /**
   * The same pages' words in content-stream order (the order the file draws them), cut into a
   * line wherever the next word does not continue to the right of the last one. A table whose
   * columns are separate text blocks at different pitches still reads row by row here when the
   * file draws each row's cells together, which grouping by y cannot promise.
   */
  streams: PdfLine[][];
  numPages: number;
  title: string;
}

interface WorkerAnswer {
  pages?: RawItem[][];
  numPages?: number;
  title?: string;
  error?: string;
}

export interface ReadPdfOptions {
  /** Pages read (the rest only counted); default 500. */
  maxPages?: number;
  /** The read is abandoned (the worker ended) after this long; default none. */
  timeoutMs?: number;
}

// An untrusted PDF must not hold the server's memory: the worker's heap is capped.
const WORKER_HEAP_MB = 512;

/** The text items of each page, read in a worker thread that ends with the read. */
function readItems(data: Uint8Array, opts: ReadPdfOptions): Promise<Required<Omit<WorkerAnswer, 'error'>>> {
  return new Promise((resolve, reject) => {
    // pdfjs takes ownership of the buffer it is given: hand it a copy.
    const worker = new Worker(WORKER, {
      workerData: { data: new Uint8Array(data), maxPages: opts.maxPages ?? 500 },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            reject(new Error(`the PDF could not be read in ${opts.timeoutMs} ms`));
            void worker.terminate();
          }, opts.timeoutMs);
    worker.once('message', (m: WorkerAnswer) =>
      m.pages
        ? resolve({ pages: m.pages, numPages: m.numPages ?? m.pages.length, title: m.title ?? '' })
        : reject(new Error(`the PDF could not be read: ${m.error}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the PDF reader stopped (exit ${code})`));
    });
  });
}

/** Each page's lines, top to bottom, with the page count and title. */
export async function readPdf(data: Uint8Array, opts: ReadPdfOptions = {}): Promise<PdfDocument> {
  const read = await readItems(data, opts);
  const words = read.pages.map((items) => items.flatMap((i) => splitWords(i)));
  return { pages: words.map(toLines), streams: words.map(streamLines), numPages: read.numPages, title: read.title };
}

/** Each page's lines in content-stream order (see PdfDocument.streams). */
export async function pdfStreamLines(data: Uint8Array, maxPages = 500): Promise<{ lines: PdfLine[][]; streams: PdfLine[][] }> {
  const doc = await readPdf(data, { maxPages });
  return { lines: doc.pages, streams: doc.streams };
}

/** Each page's lines, top to bottom. */
export async function pdfLines(data: Uint8Array, maxPages = 500): Promise<PdfLine[][]> {
  return (await readPdf(data, { maxPages })).pages;
}

function splitWords(item: RawItem): (PdfWord & { h: number })[] {
  const x0 = item.transform[4];
  const y = item.transform[5];
  const h = Math.abs(item.height || item.transform[3] || 8);
  const out: (PdfWord & { h: number })[] = [];
  const perChar = item.str.length ? item.width / item.str.length : 0;
  for (const m of item.str.matchAll(/\S+/g)) {
    out.push({ text: m[0], x: x0 + perChar * (m.index ?? 0), y, width: perChar * m[0].length, h });
  }
  return out;
}

// A word that starts left of the last one's right edge (less this slack) begins a new line; so
// does one more than this many glyph heights above or below it (a block drawn elsewhere on the page).
const STREAM_SLACK = 0.5;
const STREAM_JUMP = 4;

function streamLines(words: (PdfWord & { h: number })[]): PdfLine[] {
  const out: PdfLine[] = [];
  let current: PdfWord[] = [];
  let last: (PdfWord & { h: number }) | undefined;
  const flush = () => {
    if (current.length) out.push({ y: current[0].y, words: current, text: current.map((w) => w.text).join(' ') });
    current = [];
  };
  for (const w of words) {
    if (last && (w.x < last.x + last.width - STREAM_SLACK || Math.abs(w.y - last.y) > STREAM_JUMP * Math.max(w.h, last.h))) flush();
    current.push({ text: w.text, x: w.x, y: w.y, width: w.width });
    last = w;
  }
  flush();
  return out;
}

function toLines(words: (PdfWord & { h: number })[]): PdfLine[] {
  const sorted = [...words].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; tol: number; words: PdfWord[] }[] = [];
  for (const w of sorted) {
    const line = lines.find((l) => Math.abs(l.y - w.y) <= l.tol);
    if (line) line.words.push({ text: w.text, x: w.x, y: w.y, width: w.width });
    else lines.push({ y: w.y, tol: Math.max(1, w.h * 0.6), words: [{ text: w.text, x: w.x, y: w.y, width: w.width }] });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map((l) => {
      const ws = l.words.sort((a, b) => a.x - b.x);
      return { y: l.y, words: ws, text: ws.map((w) => w.text).join(' ') };
    });
}
