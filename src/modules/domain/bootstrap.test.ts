import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTable, domainUrl, readBootstrap, serversFor } from './bootstrap.js';
import { shippedBootstrap } from './service.js';

const vector = JSON.parse(readFileSync(new URL('./fixtures/rdap-vectors.json', import.meta.url), 'utf8')).bootstrap_format;

describe('RDAP bootstrap', () => {
  it('reads the IANA file format and finds a TLD by its label', () => {
    const t = buildTable(readBootstrap(vector.shape));
    expect(t.publication).toBe('2017-03-15T21:26:24Z');
    expect(serversFor(t, 'example.cz')).toEqual(['https://rdap.nic.cz']);
    expect(serversFor(t, 'deep.name.example.com.br')).toEqual(['https://rdap.registro.br/']);
    expect(serversFor(t, 'example.de')).toBeNull();
  });

  it('prefers the longest matching suffix and https over http', () => {
    const t = buildTable({
      services: [
        [['uk'], ['https://uk.test/']],
        [['co.uk'], ['http://plain.test/', 'https://secure.test/']],
      ],
    });
    expect(serversFor(t, 'bbc.co.uk')).toEqual(['https://secure.test/', 'http://plain.test/']);
    expect(serversFor(t, 'nominet.uk')).toEqual(['https://uk.test/']);
  });

  it('puts exactly one slash between the base URL and domain/<name>', () => {
    expect(domainUrl('https://rdap.nic.cz', 'example.cz')).toBe('https://rdap.nic.cz/domain/example.cz');
    expect(domainUrl('https://rdap.verisign.com/com/v1/', 'google.com')).toBe('https://rdap.verisign.com/com/v1/domain/google.com');
  });

  it('refuses documents that are not bootstrap files', () => {
    expect(() => readBootstrap({ services: 'x' })).toThrow(/no services array/);
    expect(() => readBootstrap({ services: [[['com']]] })).toThrow(/\[\[labels\], \[urls\]\]/);
    expect(() => readBootstrap(null)).toThrow();
  });

  it('ships a dated IANA snapshot that knows the servers the vector lists', () => {
    const t = shippedBootstrap();
    expect(t.publication).toBe('2025-11-06T23:00:01Z');
    expect(t.servers.size).toBeGreaterThan(1000);
    expect(serversFor(t, 'google.com')).toEqual(['https://rdap.verisign.com/com/v1/']);
    expect(serversFor(t, 'example.net')).toEqual(['https://rdap.verisign.com/net/v1/']);
    expect(serversFor(t, 'wikipedia.org')).toEqual(['https://rdap.publicinterestregistry.org/rdap/']);
  });
});
