// Is a response a document we read (HTML, XHTML, XML, plain text) or a binary we refuse
// to parse (PDF, images, archives, office files)? The Content-Type decides when it is
// clear; the first bytes decide when it is missing or generic (octet-stream).

export type ContentKind = { kind: 'html' | 'xml' | 'text' } | { kind: 'binary'; what: string };

const MAGIC: [RegExp | number[], string][] = [
  [[0x25, 0x50, 0x44, 0x46], 'a PDF'], // %PDF
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (or an office document)'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF media file (WebP, WAV, AVI)'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an executable'],
  [[0x4d, 0x5a], 'an executable'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an office document'],
  [[0x00, 0x00, 0x00], 'a media file'],
];

function describeType(mime: string): string {
  if (mime === 'application/pdf') return 'a PDF';
  if (mime.startsWith('image/')) return `an image (${mime})`;
  if (mime.startsWith('video/')) return `a video (${mime})`;
  if (mime.startsWith('audio/')) return `an audio file (${mime})`;
  if (mime.startsWith('font/')) return `a font (${mime})`;
  return `a binary file (${mime})`;
}

function sniff(buf: Uint8Array): string | undefined {
  for (const [sig, what] of MAGIC) {
    const bytes = sig as number[];
    if (buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b)) return what;
  }
  // NUL bytes in the first kilobyte: not a text document (UTF-16 has a BOM and is decoded).
  const n = Math.min(buf.length, 1024);
  const utf16 = (buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff);
  if (!utf16) for (let i = 0; i < n; i++) if (buf[i] === 0) return 'a binary file';
  return undefined;
}

export function contentKind(contentType: string, body: Uint8Array): ContentKind {
  const mime = contentType.split(';')[0].trim().toLowerCase();
  const magic = sniff(body);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') {
    // A PDF served as text/html happens; believe the bytes when they are unmistakable.
    return magic && magic !== 'a binary file' ? { kind: 'binary', what: magic } : { kind: 'html' };
  }
  if (mime === 'text/plain' || mime === 'text/markdown' || mime === 'text/csv') return magic ? { kind: 'binary', what: magic } : { kind: 'text' };
  if (/(^|\+|\/)xml$/.test(mime) || mime === 'text/xml') return magic ? { kind: 'binary', what: magic } : { kind: 'xml' };
  if (mime.startsWith('text/')) return magic ? { kind: 'binary', what: magic } : { kind: 'text' };
  if (mime === '' || mime === 'application/octet-stream' || mime === 'binary/octet-stream') {
    if (magic) return { kind: 'binary', what: magic };
    const head = Buffer.from(body.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
    if (head.startsWith('<?xml') && !/<html/.test(head)) return { kind: 'xml' };
    return /^(<!doctype html|<html|<head|<body|<!--|<meta|<title|<div|<p\b)/.test(head) ? { kind: 'html' } : { kind: 'text' };
  }
  if (mime === 'application/json' || mime.endsWith('+json') || mime === 'application/javascript') return { kind: 'text' };
  return { kind: 'binary', what: magic ?? describeType(mime) };
}
