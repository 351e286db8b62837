// Turning a page's bytes into text the way browsers do (WHATWG "determine the encoding"):
// a byte-order mark wins, then the Content-Type charset, then <meta charset> or
// http-equiv in the first bytes, then an XML declaration; with none of them the bytes
// are UTF-8 when they are valid UTF-8, else windows-1252.
// One departure from browsers: a page declared in a legacy encoding whose bytes are valid
// UTF-8 with non-ASCII in them is read as UTF-8. Sites that moved to UTF-8 keep stale
// <meta charset="windows-1251"> templates and server defaults (Apache's iso-8859-1), and
// browsers then show mojibake; real legacy text (Cyrillic, Chinese, accented Latin) is
// practically never valid UTF-8 by chance, so the bytes are the better witness.
// Node 20's TextDecoder decodes "windows-1252" as ISO-8859-1 (0x80–0x9F become C1
// controls instead of “ ” – € …), so that one encoding is decoded from its table here.

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

// Labels the WHATWG Encoding standard folds into windows-1252.
const WINDOWS_1252 = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'ascii',
  'us-ascii',
  'ansi_x3.4-1968',
  'cp819',
  'ibm819',
  'iso-ir-100',
  'csisolatin1',
  'iso88591',
  'iso_8859-1:1987',
]);

// windows-1252 bytes 0x80–0x9F (WHATWG index); the rest equals ISO-8859-1.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(buf: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let i = 0; i < buf.length; i += CHUNK) {
    const slice = buf.subarray(i, i + CHUNK);
    const codes = new Array<number>(slice.length);
    for (let j = 0; j < slice.length; j++) {
      const b = slice[j];
      codes[j] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** The canonical name of an encoding label, or undefined when it is unknown. */
export function normalizeCharset(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const l = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (!l) return undefined;
  if (WINDOWS_1252.has(l)) return 'windows-1252';
  // Pages labelled gb2312 are nearly always GBK in practice; gb18030 is its superset.
  if (l === 'gb2312' || l === 'gbk' || l === 'x-gbk' || l === 'cp936' || l === 'chinese' || l === 'csgb2312') return 'gbk';
  if (l === 'utf8' || l === 'unicode-1-1-utf-8') return 'utf-8';
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return undefined;
  }
}

const fromContentType = (ct: string | undefined) => /charset\s*=\s*["']?([\w.:-]+)/i.exec(ct ?? '')?.[1];

/** <meta charset>, <meta http-equiv content="…charset=…">, or <?xml encoding> in the first bytes. */
export function sniffMetaCharset(buf: Uint8Array): string | undefined {
  const head = Buffer.from(buf.subarray(0, 4096)).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  if (meta) return meta[1];
  const xml = /^\s*<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return xml?.[1];
}

function bomOf(buf: Uint8Array): { charset: string; length: number } | undefined {
  for (const [bytes, name] of BOMS) if (bytes.every((b, i) => buf[i] === b)) return { charset: name, length: bytes.length };
  return undefined;
}

export function isValidUtf8(buf: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** The encoding to decode with, by the browser's order of evidence. */
export function detectCharset(buf: Uint8Array, contentType?: string): string {
  const bom = bomOf(buf);
  if (bom) return bom.charset;
  const declared = normalizeCharset(fromContentType(contentType)) ?? normalizeCharset(sniffMetaCharset(buf));
  // A page that says utf-16 in a meta tag but has no BOM is ASCII-compatible (WHATWG rule).
  if (declared && !declared.startsWith('utf-16')) return declared !== 'utf-8' && hasNonAscii(buf) && isValidUtf8(buf) ? 'utf-8' : declared;
  return isValidUtf8(buf) ? 'utf-8' : 'windows-1252';
}

function hasNonAscii(buf: Uint8Array): boolean {
  for (let i = 0; i < buf.length; i++) if (buf[i] >= 0x80) return true;
  return false;
}

/** Decodes bytes with the detected charset; returns the text and the charset used. */
export function decodeBody(buf: Uint8Array, contentType?: string): { text: string; charset: string } {
  const charset = detectCharset(buf, contentType);
  const bom = bomOf(buf);
  const body = bom && bom.charset === charset ? buf.subarray(bom.length) : buf;
  if (charset === 'windows-1252') return { text: decodeWindows1252(body), charset };
  try {
    return { text: new TextDecoder(charset).decode(body), charset };
  } catch {
    return { text: new TextDecoder('utf-8').decode(body), charset: 'utf-8' };
  }
}
