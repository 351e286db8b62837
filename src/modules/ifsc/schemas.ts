// Request and response schemas of /ifsc/*. Parameter descriptions read after "must be …",
// so a bad value gets a 400 that states the rule.

import { Type, IntRange, Ok, type Static } from '../../core/schema.js';

const Code = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'an IFSC: 4 letters, a zero, then 6 letters or digits, e.g. SBIN0000001 (any case; spaces ignored)',
});

export const IfscQuery = Type.Object({ code: Code });
export const IfscParams = Type.Object({ code: Code });

const Str = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const Bool = (description: string) => Type.Union([Type.Boolean(), Type.Null()], { description });

export const BRANCH_FIELDS = ['branch', 'address', 'city', 'centre', 'district', 'state', 'contact', 'micr', 'swift', 'neft', 'rtgs', 'imps', 'upi'] as const;

export const IfscResponse = Type.Object(
  {
    status: Ok,
    ifsc: Type.String(),
    bank: Type.String({ description: 'the bank that runs the branch (a co-operative sub-member, not its sponsor, where RBI lists one)' }),
    bank_code: Type.String({ description: "the bank's four-letter code" }),
    bank_type: Str("RBI's kind of bank as the ifsc package writes it: PSB, Private, O-UCB, Foreign, …"),
    branch: Str(),
    address: Str(),
    city: Str(),
    centre: Str('the centre RBI lists the branch under'),
    district: Str(),
    state: Str(),
    contact: Str('phone number as RBI lists it'),
    micr: Str('9-digit MICR code of the branch'),
    swift: Str(),
    neft: Bool('takes NEFT transfers'),
    rtgs: Bool('takes RTGS transfers'),
    imps: Bool('takes IMPS transfers'),
    upi: Bool('takes UPI'),
    source: Type.Union([Type.Literal('dataset'), Type.Literal('razorpay-api'), Type.Literal('offline')], {
      description: 'dataset: the imported Razorpay data set; razorpay-api: the online fallback; offline: only the code list (branch fields null)',
    }),
    missing: Type.Array(Type.String(), { description: 'fields this answer could not fill (null above)' }),
    missing_reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'why the fields in missing are null (the data set not imported yet and the online API not reachable, …) and what loads them; null when none is',
    }),
    cached: Type.Boolean(),
  },
  {
    examples: [
      {
        status: 'ok',
        ifsc: 'SBIN0000001',
        bank: 'State Bank of India',
        bank_code: 'SBIN',
        bank_type: 'PSB',
        branch: null,
        address: null,
        city: null,
        centre: null,
        district: null,
        state: null,
        contact: null,
        micr: null,
        swift: null,
        neft: null,
        rtgs: null,
        imps: null,
        upi: null,
        source: 'offline',
        missing: [...BRANCH_FIELDS],
        missing_reason:
          'the branch data set has not been imported yet (`npm run crawl -- ifsc-import` imports it), and the online API could not be asked (ifsc.razorpay.com could not be resolved (ENOTFOUND))',
        cached: false,
      },
    ],
  },
);
export type IfscResponse = Static<typeof IfscResponse>;

export const BanksQuery = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'part of a bank name or a bank code' })),
});

const Bank = Type.Object({
  code: Type.String(),
  name: Type.String(),
  type: Str("RBI's kind of bank"),
  ifsc: Str("the bank's own (or its sponsor's) IFSC"),
  micr: Str(),
  iin: Str('issuer identification number'),
  upi: Bool('the bank is live on UPI'),
  branches: Type.Integer({ description: 'branch codes listed under its own prefix (0 for sub-members that use a sponsor’s)' }),
});

export const BanksResponse = Type.Object({
  status: Ok,
  count: Type.Integer(),
  data_version: Type.String({ description: 'version of the `ifsc` package the list comes from' }),
  banks: Type.Array(Bank),
});

export const SearchQuery = Type.Object({
  bank: Type.Optional(Type.String({ pattern: '^[A-Za-z]{4}$', description: 'a four-letter bank code, e.g. HDFC' })),
  q: Type.Optional(Type.String({ minLength: 2, maxLength: 100, description: 'words of a branch name or address' })),
  city: Type.Optional(Type.String({ minLength: 2, maxLength: 60, description: 'a city, as RBI lists it (any case)' })),
  state: Type.Optional(Type.String({ minLength: 2, maxLength: 60, description: 'a state, as RBI lists it (any case)' })),
  limit: IntRange(1, 50, 20, 'how many branches a page holds'),
  page: IntRange(1, 10000, 1, 'which page'),
});
export type SearchQuery = Static<typeof SearchQuery>;

const BranchItem = Type.Object({
  ifsc: Type.String(),
  bank: Type.String(),
  bank_code: Type.String(),
  branch: Str(),
  address: Str(),
  city: Str(),
  district: Str(),
  state: Str(),
  micr: Str(),
});

export const SearchResponse = Type.Object({
  status: Ok,
  total: Type.Integer({ description: 'branches matching, over all pages' }),
  page: Type.Integer(),
  limit: Type.Integer(),
  count: Type.Integer(),
  branches: Type.Array(BranchItem),
});
export type SearchResponse = Static<typeof SearchResponse>;
