import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { hostOf, parseDomainName } from './name.js';

describe('domain name input', () => {
  it('strips the scheme, www., credentials, port, path, query and fragment', () => {
    expect(hostOf('https://www.example.com/path?q=1#top')).toBe('www.example.com');
    expect(hostOf('http://user:pw@example.com:8080/x')).toBe('example.com');
    expect(parseDomainName('https://www.Example.COM/some/page').domain).toBe('example.com');
    expect(parseDomainName('example.com.').domain).toBe('example.com');
  });

  it('encodes internationalised names as punycode', () => {
    expect(parseDomainName('münchen.de')).toEqual({ domain: 'xn--mnchen-3ya.de', tld: 'de' });
    expect(parseDomainName('пример.рф')).toEqual({ domain: 'xn--e1afmkfd.xn--p1ai', tld: 'xn--p1ai' });
  });

  it('asks about the registrable domain of a host name', () => {
    expect(parseDomainName('mail.google.com').domain).toBe('google.com');
    expect(parseDomainName('www.irctc.co.in')).toEqual({ domain: 'irctc.co.in', tld: 'in' });
    // A private suffix (blogspot.com) is not a registry: the name is registered at .com.
    expect(parseDomainName('someone.blogspot.com').domain).toBe('blogspot.com');
  });

  it('refuses what is not a domain name, naming the parameter', () => {
    for (const bad of ['exa mple.com', '-bad.com', 'com', 'under_score.com', 'a..com', `${'a'.repeat(64)}.com`, 'https://', '192.168.1.1', 'co.uk']) {
      let err: unknown;
      try {
        parseDomainName(bad, 'domain');
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(ApiError);
      expect((err as ApiError).statusCode, bad).toBe(400);
      expect((err as ApiError).extra.param, bad).toBe('domain');
    }
  });

  it('says why an IP address or a public suffix is refused', () => {
    expect(() => parseDomainName('8.8.8.8')).toThrow(/IP address/);
    expect(() => parseDomainName('co.uk')).toThrow(/public suffix/);
  });
});
