import { describe, expect, it } from 'vitest';
import { decodeBody, detectCharset, normalizeCharset } from './charset.js';

const ascii = (s: string) => Buffer.from(s, 'latin1');
const cat = (...parts: Buffer[]) => Buffer.concat(parts);

// "日本語" in Shift_JIS, "中文" in GBK, “€” in windows-1252 (bytes from the encodings' tables).
const SJIS = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]);
const GBK = Buffer.from([0xd6, 0xd0, 0xce, 0xc4]);
const CP1252 = Buffer.from([0x93, 0x80, 0x94]);

describe('charset detection and decoding', () => {
  it('decodes Shift_JIS named in the Content-Type header', () => {
    const r = decodeBody(cat(ascii('<p>'), SJIS, ascii('</p>')), 'text/html; charset=Shift_JIS');
    expect(r.text).toBe('<p>日本語</p>');
    expect(r.charset).toBe('shift_jis');
  });

  it('decodes GBK named by <meta charset> (and gb2312 labels as GBK)', () => {
    const r = decodeBody(cat(ascii('<html><head><meta charset="gb2312"></head><body>'), GBK), 'text/html');
    expect(r.text.endsWith('中文')).toBe(true);
    expect(r.charset).toBe('gbk');
  });

  it('decodes windows-1252 smart quotes and the euro sign, not C1 controls', () => {
    const r = decodeBody(cat(ascii('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'), CP1252), '');
    expect(r.text.endsWith('“€”')).toBe(true);
    // iso-8859-1 is decoded as windows-1252, as browsers do.
    expect(decodeBody(CP1252, 'text/html; charset=ISO-8859-1').text).toBe('“€”');
  });

  it('lets a byte-order mark win over a wrong header', () => {
    const utf8 = cat(Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo'));
    expect(decodeBody(utf8, 'text/html; charset=windows-1252')).toEqual({ text: 'héllo', charset: 'utf-8' });
    const utf16 = cat(Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le'));
    expect(decodeBody(utf16, 'text/html').text).toBe('hi');
  });

  it('falls back to UTF-8 when valid, else windows-1252', () => {
    expect(detectCharset(Buffer.from('naïve'), 'text/html')).toBe('utf-8');
    expect(detectCharset(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/html')).toBe('windows-1252');
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), '').text).toBe('café');
  });

  it('reads UTF-8 bytes as UTF-8 even under a stale legacy declaration', () => {
    const page = Buffer.from('<meta charset="windows-1251"><p>Поделился пикабушник</p>');
    expect(decodeBody(page, 'text/html')).toMatchObject({ text: '<meta charset="windows-1251"><p>Поделился пикабушник</p>', charset: 'utf-8' });
    expect(decodeBody(Buffer.from('<p>人工智能</p>'), 'text/html; charset=gb2312').text).toBe('<p>人工智能</p>');
    // Pure ASCII keeps its declaration (it reads the same either way).
    expect(detectCharset(Buffer.from('<meta charset="windows-1251">ok'), 'text/html')).toBe('windows-1251');
  });

  it('ignores unknown labels', () => {
    expect(normalizeCharset('no-such-charset')).toBeUndefined();
    expect(decodeBody(Buffer.from('ok'), 'text/html; charset=bogus').text).toBe('ok');
  });
});
