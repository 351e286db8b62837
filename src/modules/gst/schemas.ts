// Request and response schemas of /gst and /gst/pan.

import { Ok, Type, type Static } from '../../core/schema.js';

const Str = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);

// Plain strings: the service's own validator says exactly which rule a number breaks.
export const GstQuery = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 40, description: 'a 15-character GSTIN such as 27AAPFU0939F1ZV' }),
  fy: Type.Optional(Type.String({ pattern: '^\\d{4}$', description: 'the start year of a financial year listed in filing_years, such as 2024' })),
});
export type GstQuery = Static<typeof GstQuery>;

export const PanQuery = Type.Object({
  pan: Type.String({ minLength: 1, maxLength: 30, description: 'a 10-character PAN such as AAPFU0939F' }),
});
export type PanQuery = Static<typeof PanQuery>;

export const ReturnEntry = Type.Object({
  return_type: Type.Union([Type.Literal('GSTR1'), Type.Literal('GSTR3B')]),
  period: Type.String({ description: 'month name' }),
  mode: Str,
  filed_on: Type.Union([Type.String({ description: 'DD/MM/YYYY' }), Type.Null()]),
  status: Str,
});

const Missing = Type.Array(Type.Object({ part: Type.String(), reason: Type.String() }), {
  description: 'parts no upstream could give this time (their fields are null or empty)',
});

export const Decoded = Type.Object(
  {
    state_code: Type.String(),
    state: Type.String(),
    pan: Str,
    tan: Type.Union([Type.String({ description: 'the TAN a deductor without a PAN registered against' }), Type.Null()]),
    entity_type: Type.Union([Type.String({ description: 'the PAN holder type (its 4th character): Company, Firm / LLP, Individual, …' }), Type.Null()]),
    entity_number: Type.Union([Type.String({ description: 'position 13: which registration of this PAN in this state' }), Type.Null()]),
    check_digit: Type.String(),
    check_digit_valid: Type.Literal(true),
    registration_kind: Type.String(),
  },
  { description: 'What the number itself says, decoded here without asking any registry (answered even when none can be reached)' },
);

export const RegistryError = Type.Object(
  {
    code: Type.String({ description: 'the error code this would have been alone: UPSTREAM_FAILED, UPSTREAM_TIMEOUT or NOT_CONFIGURED' }),
    message: Type.String(),
  },
  { additionalProperties: true, description: 'With unreachable or not_configured: why, as the error body would say it (tried, hint, settings)' },
);
export type RegistryError = Static<typeof RegistryError>;

export const GstRegistry = Type.Object(
  {
    status: Type.Union([Type.Literal('answered'), Type.Literal('partial'), Type.Literal('unreachable'), Type.Literal('not_configured')], {
      description:
        'answered: every part came; partial: some did (see missing); unreachable: every registry asked failed; not_configured: none is configured. With the last two only `decoded` and `state` carry facts.',
    }),
    error: Type.Union([RegistryError, Type.Null()]),
  },
  { description: 'Whether the GST registry was reached for this answer' },
);
export type GstRegistry = Static<typeof GstRegistry>;

export const GstProfileResponse = Type.Object({
  status: Ok,
  gstin: Type.String(),
  trade_name: Str,
  legal_name: Str,
  registration_status: Str,
  registration_date: Type.Union([Type.String({ description: 'DD/MM/YYYY' }), Type.Null()]),
  constitution: Str,
  taxpayer_type: Str,
  nature_of_business: Type.Array(Type.String()),
  state: Str,
  address: Str,
  lat: Num,
  lon: Num,
  hsn_goods: Type.Array(Type.Object({ hsn: Type.String(), description: Type.String() })),
  filing_years: Type.Array(Type.Object({ year: Type.String(), value: Type.String() })),
  filing_status: Type.Union([Type.Object({ financial_year: Type.String(), returns: Type.Array(ReturnEntry) }), Type.Null()]),
  registration_kind: Type.String({ description: 'regular, tax_deductor, tax_collector, uin or non_resident (from the GSTIN itself)' }),
  decoded: Decoded,
  sources: Type.Record(Type.String(), Type.String(), { description: 'which upstream gave each part' }),
  missing: Missing,
  registry: GstRegistry,
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type GstProfileResponse = Static<typeof GstProfileResponse>;

export const GstReturnsResponse = Type.Object({
  status: Ok,
  api: Type.Literal('gst'),
  gstin: Type.String(),
  financial_year: Type.String({ description: 'YYYY-YYYY' }),
  returns: Type.Array(ReturnEntry),
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type GstReturnsResponse = Static<typeof GstReturnsResponse>;

export const GstPanResponse = Type.Object({
  status: Ok,
  api: Type.Literal('gst/pan'),
  pan: Type.String(),
  count: Type.Integer(),
  gstins: Type.Array(Type.String()),
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type GstPanResponse = Static<typeof GstPanResponse>;

// /gst answers one of two shapes, chosen by `fy`.
export const GstResponse = Type.Union([GstProfileResponse, GstReturnsResponse]);
