import { describe, expect, it } from 'vitest';
import { InvalidUrlError, hostNameProblem, normalizeUrl, resolveLink, sameSite } from './url.js';

describe('URL normalisation', () => {
  it('adds https to a bare hostname', () => {
    expect(normalizeUrl('example.com').href).toBe('https://example.com/');
    expect(normalizeUrl('example.com:8080/a?b=1').href).toBe('https://example.com:8080/a?b=1');
    expect(normalizeUrl('  Example.COM/Path ').href).toBe('https://example.com/Path');
  });
  it('drops the fragment and the default port, keeps the query order', () => {
    expect(normalizeUrl('http://example.com:80/a?z=1&a=2#top').href).toBe('http://example.com/a?z=1&a=2');
  });
  it('turns odd IPv4 spellings into the dotted form the guard checks', () => {
    expect(normalizeUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(normalizeUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
  it('refuses other schemes as a refusal, and garbage as a syntax error', () => {
    expect(() => normalizeUrl('ftp://example.com/')).toThrow(expect.objectContaining({ reason: 'scheme' }));
    expect(() => normalizeUrl('file:///etc/passwd')).toThrow(InvalidUrlError);
    expect(() => normalizeUrl('javascript:alert(1)')).toThrow(/not javascript/);
    expect(() => normalizeUrl('http://')).toThrow(expect.objectContaining({ reason: 'syntax' }));
    expect(() => normalizeUrl('')).toThrow(/empty/);
  });
  it('holds host names to the DNS limits: labels of 63, names of 253 characters', () => {
    const name = (len: number) => `${'a'.repeat(61)}.`.repeat(5).slice(0, len - 3) + '.in';
    expect(name(253)).toHaveLength(253);
    expect(normalizeUrl(`http://${name(253)}/`).hostname).toHaveLength(253);
    expect(normalizeUrl(`http://${name(253)}./`).hostname).toHaveLength(253);
    expect(() => normalizeUrl(`http://${name(254)}/`)).toThrow(/254 characters long/);
    expect(normalizeUrl(`${'b'.repeat(63)}.com`).hostname).toBe(`${'b'.repeat(63)}.com`);
    expect(() => normalizeUrl(`${'b'.repeat(64)}.com`)).toThrow(expect.objectContaining({ reason: 'syntax', message: expect.stringMatching(/label of 64/) }));
    expect(() => normalizeUrl('http://a..b/')).toThrow(/empty label/);
    // Punycode is what DNS sees: 22 Devanagari letters are a 50-byte label, under the limit.
    expect(normalizeUrl(`${'क'.repeat(22)}.in`).hostname).toMatch(/^xn--/);
    expect(hostNameProblem('[::1]')).toBeUndefined();
  });

  it('resolves page links and skips non-web ones', () => {
    expect(resolveLink('/b#x', 'https://e.com/a/')?.href).toBe('https://e.com/b');
    expect(resolveLink('mailto:x@e.com', 'https://e.com/')).toBeUndefined();
    expect(resolveLink('#top', 'https://e.com/')).toBeUndefined();
    expect(sameSite(new URL('https://www.e.com/'), new URL('http://e.com/x'))).toBe(true);
    expect(sameSite(new URL('https://a.e.com/'), new URL('http://e.com/x'))).toBe(false);
  });
});
