// Request and response schemas of /domain.

import { Ok, Type, type Static } from '../../core/schema.js';

const Name = (alias: string) =>
  Type.Optional(Type.String({ description: `a domain name such as example.com (${alias}; name, domain and q are the same parameter)` }));

export const DomainQuery = Type.Object({
  name: Name('name'),
  domain: Name('domain'),
  q: Name('q'),
});
export type DomainQuery = Static<typeof DomainQuery>;

const Timestamp = Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601 UTC; null when the registry does not say' });

export const RegisteredDomain = Type.Object({
  domain: Type.String(),
  available: Type.Literal(false),
  registered: Timestamp,
  expiration: Timestamp,
  last_changed: Timestamp,
  registrar: Type.Union([Type.String(), Type.Null()]),
  status_codes: Type.Array(Type.String()),
  nameservers: Type.Array(Type.String()),
  secure_dns: Type.Boolean(),
});
export type RegisteredDomain = Static<typeof RegisteredDomain>;

export const AvailableDomain = Type.Object({
  domain: Type.String(),
  available: Type.Literal(true),
  message: Type.String(),
});
export type AvailableDomain = Static<typeof AvailableDomain>;

export type DomainRecord = RegisteredDomain | AvailableDomain;

const envelope = { status: Ok, api: Type.Literal('domain'), cached: Type.Boolean(), stale: Type.Boolean() };

export const DomainResponse = Type.Union([
  Type.Object({ ...envelope, ...RegisteredDomain.properties }),
  Type.Object({ ...envelope, ...AvailableDomain.properties }),
]);
export type DomainResponse = Static<typeof DomainResponse>;
