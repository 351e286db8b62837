import { describe, expect, it } from 'vitest';
import { contentKind } from './content-kind.js';

describe('document or binary', () => {
  it('reads HTML, XHTML, XML and text', () => {
    expect(contentKind('text/html; charset=utf-8', Buffer.from('<p>x</p>'))).toEqual({ kind: 'html' });
    expect(contentKind('application/xhtml+xml', Buffer.from('<html/>'))).toEqual({ kind: 'html' });
    expect(contentKind('application/rss+xml', Buffer.from('<rss/>'))).toEqual({ kind: 'xml' });
    expect(contentKind('text/plain', Buffer.from('hello'))).toEqual({ kind: 'text' });
  });
  it('refuses PDFs and images by type, and by their bytes when the type lies or is missing', () => {
    expect(contentKind('application/pdf', Buffer.from('%PDF-1.7'))).toEqual({ kind: 'binary', what: 'a PDF' });
    expect(contentKind('text/html', Buffer.from('%PDF-1.7'))).toEqual({ kind: 'binary', what: 'a PDF' });
    expect(contentKind('', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toMatchObject({ kind: 'binary', what: 'a PNG image' });
    expect(contentKind('image/webp', Buffer.from('RIFF'))).toMatchObject({ kind: 'binary' });
    expect(contentKind('application/octet-stream', Buffer.from([1, 0, 2, 0]))).toMatchObject({ kind: 'binary' });
  });
  it('sniffs HTML served without a type', () => {
    expect(contentKind('', Buffer.from('<!DOCTYPE html><html></html>'))).toEqual({ kind: 'html' });
  });
});
