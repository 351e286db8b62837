// Request schema of /forex and /lab/forex.

import { Type, defaulted, type Static } from '../../core/schema.js';

export const ForexQuery = Type.Object({
  base: defaulted(Type.String({ pattern: '^[A-Za-z]{3}$', default: 'USD', description: 'the currency converted from, ISO 4217 (e.g. USD)' })),
  to: defaulted(Type.String({ minLength: 3, maxLength: 200, default: 'INR', description: 'a comma list of currencies converted to (e.g. INR,EUR)' })),
  amount: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'an amount of the base currency to convert (0 to 1e12)' })),
  date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'the rates of a past day, YYYY-MM-DD from 1999-01-04 (default: the latest)' })),
});
export type ForexQuery = Static<typeof ForexQuery>;

export const LabForexQuery = Type.Object({
  base: ForexQuery.properties.base,
  to: ForexQuery.properties.to,
});
export type LabForexQuery = Static<typeof LabForexQuery>;
