// Request and response schemas of /pincode/* and /lab/pincode.

import { IntRange, Ok, Type, type Static } from '../../core/schema.js';

const Pin = Type.String({ minLength: 1, maxLength: 20, description: 'a PIN code: six digits, the first 1 to 9, e.g. 110001 (spaces ignored)' });
export const PinQuery = Type.Object({ pin: Pin });
export const PinParams = Type.Object({ pin: Pin });

const Str = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

const OfficeItem = Type.Object({
  name: Type.String(),
  branch_type: Str('head, sub or branch post office; null where the source does not say'),
  delivery: Str('Delivery or Non-Delivery; null where the source does not say'),
  division: Str(),
  region: Str(),
  circle: Str(),
  district: Str(),
  state: Str("today's name of the state or union territory"),
});

export const PincodeResponse = Type.Object(
  {
    status: Ok,
    pin: Type.String(),
    district: Str('the district most of its offices are in'),
    state: Str(),
    count: Type.Integer(),
    offices: Type.Array(OfficeItem),
    source: Type.String({ description: 'dataset: the stored data set (see /pincode docs); postalpincode: the online fallback' }),
    cached: Type.Boolean(),
  },
  {
    examples: [
      {
        status: 'ok',
        pin: '110001',
        district: 'Central Delhi',
        state: 'Delhi',
        count: 1,
        offices: [
          {
            name: 'Baroda House',
            branch_type: null,
            delivery: null,
            division: 'New Delhi Central',
            region: 'Delhi',
            circle: 'Delhi',
            district: 'Central Delhi',
            state: 'Delhi',
          },
        ],
        source: 'dataset',
        cached: false,
      },
    ],
  },
);
export type PincodeResponse = Static<typeof PincodeResponse>;

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 60, description: 'part of a post office or district name' }),
  limit: IntRange(1, 50, 20, 'how many offices to return'),
});

export const SearchResponse = Type.Object({
  status: Ok,
  query: Type.String(),
  count: Type.Integer(),
  results: Type.Array(Type.Object({ pin: Type.String(), name: Type.String(), district: Str(), state: Str() })),
});
export type SearchResponse = Static<typeof SearchResponse>;
