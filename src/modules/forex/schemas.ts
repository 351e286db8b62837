// Request and response schemas of /forex and /lab/forex. The answers are sent as kept JSON text
// (service.ts), so the response schemas document them; a test checks real answers against them.

import type { TSchema } from 'typebox';
import { Type, defaulted, Ok, type Static } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';
import { CURRENCY_CODES } from './currencies.js';
import { CURRENCY_API_SOURCE } from './providers/currency-api.js';
import { FRANKFURTER_SOURCE } from './providers/frankfurter.js';

export const ForexQuery = Type.Object({
  base: defaulted(Type.String({ pattern: '^[A-Za-z]{3}$', default: 'USD', description: 'the currency converted from, ISO 4217 (e.g. USD)' })),
  to: defaulted(Type.String({ minLength: 3, maxLength: 200, default: 'INR', description: 'a comma list of currencies converted to (e.g. INR,EUR)' })),
  amount: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'an amount of the base currency to convert (0 to 1e12)' })),
  date: Type.Optional(DateParam('YYYY-MM-DD', 'from 1999-01-04: the rates of a past day (default: the latest)')),
});
export type ForexQuery = Static<typeof ForexQuery>;

export const LabForexQuery = Type.Object({
  base: ForexQuery.properties.base,
  to: ForexQuery.properties.to,
});
export type LabForexQuery = Static<typeof LabForexQuery>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** An object keyed by the asked currencies (ISO 4217, upper case), in the order asked. */
const ByCurrency = (description: string) => Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Nullable(Type.Number()), { description });

const answer = {
  status: Ok,
  base: Type.Enum(CURRENCY_CODES, { description: 'the currency converted from' }),
  date: Type.String({ format: 'date', description: 'the day the rates are for; a weekend or holiday gets the working day before' }),
  amount: Type.Optional(Type.Number({ description: 'the amount asked to convert (present only when `amount` was given)' })),
  converted: Type.Optional(
    ByCurrency(
      'the amount in each asked currency (amount × rate, rounded to 6 decimals); null where the source has no rate. Present only when `amount` was given',
    ),
  ),
  rates: ByCurrency('units of each asked currency for one unit of base; 1 for the base itself; null where the source has no rate'),
  source: Type.Union([Type.Literal(FRANKFURTER_SOURCE), Type.Literal(CURRENCY_API_SOURCE)], { description: 'the source that answered' }),
  cached: Type.Boolean({ description: "served from this server's cache" }),
  stale: Type.Boolean({ description: 'every source failed and this is an older cached copy' }),
};

// The operation's example answer is captured from the service itself (src/plugins/data/openapi-examples.json).
export const ForexResponse = Type.Object(answer);
export type ForexResponse = Static<typeof ForexResponse>;

export const LabForexResponse = Type.Object({ ...answer, experimental: Type.Literal(true, { description: 'an experimental endpoint: its shape may change' }) });
export type LabForexResponse = Static<typeof LabForexResponse>;
