// What the service reads from an RDAP domain object (RFC 9083): dates, registrar, status,
// name servers, DNSSEC, and the `related` link to the registrar's own RDAP. Pure.
// Servers differ: Verisign writes vCard parameters as [] where RFC 7095 uses {}; CZ.NIC names
// the registrar by handle only (no vCard); event names are the IANA "RDAP JSON values"
// ("last changed" with a space).

export interface RdapDomainData {
  registered: string | null;
  expiration: string | null;
  last_changed: string | null;
  /** The registrar's name (vCard fn). */
  registrar: string | null;
  /** The registrar entity's handle, when it has no name (CZ.NIC). */
  registrar_handle: string | null;
  status_codes: string[];
  nameservers: string[];
  /** null when the answer says nothing about DNSSEC. */
  secure_dns: boolean | null;
  /** The registrar's RDAP URL for this domain (rel="related"), if given. */
  related: string | null;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** An RDAP date as ISO 8601 UTC without milliseconds; null when absent or unreadable. */
export function isoDate(v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  const d = new Date(v.trim());
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace('.000Z', 'Z');
}

function eventDate(events: unknown[], action: string): string | null {
  for (const e of events) {
    if (isObj(e) && typeof e.eventAction === 'string' && e.eventAction.trim().toLowerCase() === action) return isoDate(e.eventDate);
  }
  return null;
}

/** The fn (formatted name) of a jCard: ["vcard", [[name, params, type, value], …]]. */
export function vcardName(vcardArray: unknown): string | null {
  const props = arr(arr(vcardArray)[1]);
  for (const p of props) {
    const prop = arr(p);
    if (typeof prop[0] === 'string' && prop[0].toLowerCase() === 'fn') {
      const value = Array.isArray(prop[3]) ? prop[3].join(' ') : prop[3];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

function registrarEntity(entities: unknown[]): Json | null {
  for (const e of entities) {
    if (isObj(e) && arr(e.roles).some((r) => typeof r === 'string' && r.toLowerCase() === 'registrar')) return e;
  }
  return null;
}

function relatedLink(links: unknown[]): string | null {
  for (const l of links) {
    if (!isObj(l) || typeof l.href !== 'string') continue;
    const rel = typeof l.rel === 'string' ? l.rel.toLowerCase() : '';
    const type = typeof l.type === 'string' ? l.type.toLowerCase() : '';
    // A related link of another type (text/html) is a web page, not an RDAP answer.
    if (rel === 'related' && (type === '' || type.includes('rdap+json') || type.includes('application/json'))) return l.href;
  }
  return null;
}

function hostName(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim().toLowerCase().replace(/\.$/, '') : null;
}

/** True when the body is an RDAP domain object (not an error or another class). */
export function isDomainObject(body: unknown): body is Json {
  return isObj(body) && (body.objectClassName === 'domain' || (body.objectClassName === undefined && typeof body.ldhName === 'string'));
}

export function readDomain(body: Json): RdapDomainData {
  const events = arr(body.events);
  const registrar = registrarEntity(arr(body.entities));
  const secure = isObj(body.secureDNS) ? body.secureDNS : null;
  let secureDns: boolean | null = null;
  if (secure && typeof secure.delegationSigned === 'boolean') secureDns = secure.delegationSigned;
  else if (secure && (arr(secure.dsData).length > 0 || arr(secure.keyData).length > 0)) secureDns = true;
  const nameservers = [
    ...new Set(
      arr(body.nameservers)
        .map((n) => (isObj(n) ? hostName(n.ldhName) : null))
        .filter((n): n is string => !!n),
    ),
  ];
  return {
    registered: eventDate(events, 'registration'),
    expiration: eventDate(events, 'expiration'),
    last_changed: eventDate(events, 'last changed'),
    registrar: registrar ? vcardName(registrar.vcardArray) : null,
    registrar_handle: registrar && typeof registrar.handle === 'string' && registrar.handle.trim() ? registrar.handle.trim() : null,
    status_codes: arr(body.status)
      .filter((s): s is string => typeof s === 'string' && !!s.trim())
      .map((s) => s.trim().toLowerCase()),
    nameservers,
    secure_dns: secureDns,
    related: relatedLink(arr(body.links)),
  };
}

/** True when the registry's answer lacks what the registrar's may give. */
export function lacksData(d: RdapDomainData): boolean {
  return !d.registrar || !d.registered || !d.expiration;
}

/** The registry's answer, its gaps filled from the registrar's (the registry wins where both speak). */
export function mergeDomain(registry: RdapDomainData, registrar: RdapDomainData | null): RdapDomainData {
  if (!registrar) return registry;
  return {
    registered: registry.registered ?? registrar.registered,
    expiration: registry.expiration ?? registrar.expiration,
    last_changed: registry.last_changed ?? registrar.last_changed,
    registrar: registry.registrar ?? registrar.registrar,
    registrar_handle: registry.registrar_handle ?? registrar.registrar_handle,
    status_codes: registry.status_codes.length ? registry.status_codes : registrar.status_codes,
    nameservers: registry.nameservers.length ? registry.nameservers : registrar.nameservers,
    secure_dns: registry.secure_dns ?? registrar.secure_dns,
    related: registry.related,
  };
}
