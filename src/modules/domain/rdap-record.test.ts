import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDomainObject, lacksData, mergeDomain, readDomain, vcardName } from './rdap-record.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const vectors = fixture('rdap-vectors.json');
const GOOGLE = fixture('rdap.verisign.com-domain-google.com.json');
const CZ = fixture('rdap.nic.cz-domain-example.cz.json');

describe('reading an RDAP domain object', () => {
  it("reads Verisign's google.com answer as the reference vector expects", () => {
    const want = vectors.domain_response_google_com_verisign.expected_extraction;
    const d = readDomain(GOOGLE);
    expect(d.registered).toBe(want.registration);
    expect(d.expiration).toBe(want.expiration);
    expect(d.last_changed).toBe(want.last_changed);
    expect(d.registrar).toBe(want['registrar_name(fn)']);
    expect(d.registrar_handle).toBe('292');
    expect(d.status_codes).toEqual(want.status);
    expect(d.nameservers).toEqual(want.nameservers.map((n: string) => n.toLowerCase()));
    expect(d.secure_dns).toBe(want['secureDNS.delegationSigned']);
    expect(d.related).toBe(want.related_link);
    expect(lacksData(d)).toBe(false);
  });

  it("reads CZ.NIC's example.cz answer, whose registrar has a handle and no vCard", () => {
    const want = vectors.domain_response_example_cz.expected_extraction;
    const d = readDomain(CZ);
    expect(d.registered).toBe(new Date(want.registration).toISOString().replace('.000Z', 'Z'));
    expect(d.registered).toBe('2004-08-30T22:55:00Z');
    expect(d.expiration).toBe('2019-08-30T12:00:00Z');
    expect(d.last_changed).toBeNull();
    expect(d.registrar).toBeNull();
    expect(d.registrar_handle).toBe('REG-INTERNET-CZ');
    expect(d.status_codes).toEqual(want.status);
    expect(d.nameservers).toEqual(want.nameservers);
    expect(d.secure_dns).toBeNull();
    expect(d.related).toBeNull();
    expect(lacksData(d)).toBe(true);
  });

  it('accepts vCard parameters written as {} (RFC 7095) as well as [] (Verisign)', () => {
    expect(
      vcardName([
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Example Registrar, Inc.'],
        ],
      ]),
    ).toBe('Example Registrar, Inc.');
    expect(vcardName(['vcard', [['fn', [], 'text', '']]])).toBeNull();
    expect(vcardName(undefined)).toBeNull();
  });

  it('tells a domain object from an RDAP error body', () => {
    expect(isDomainObject(GOOGLE)).toBe(true);
    expect(isDomainObject({ errorCode: 404, title: 'Not Found' })).toBe(false);
    expect(isDomainObject({ objectClassName: 'entity' })).toBe(false);
  });

  it("fills the registry's gaps from the registrar's answer, the registry winning where both speak", () => {
    const registry = readDomain(CZ);
    const registrar = readDomain(GOOGLE);
    const m = mergeDomain(registry, registrar);
    expect(m.registrar).toBe('MarkMonitor Inc.');
    expect(m.registered).toBe(registry.registered);
    expect(m.last_changed).toBe(registrar.last_changed);
    expect(m.nameservers).toEqual(registry.nameservers);
    expect(m.secure_dns).toBe(false);
  });
});
