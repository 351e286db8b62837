// Request and response schemas of /liquor/*. Parameter descriptions read after "must be …", so a
// bad value gets a 400 that states the rule.

import { BinaryBody, ContentTypes, Type, Ok, defaulted, type Static } from '../../core/schema.js';

const State = defaulted(Type.String({ pattern: '^[A-Za-z-]{2,40}$', default: 'kerala', description: 'a state whose price list is imported (kerala)' }));

export const StateQuery = Type.Object({ state: State });

export const ListQuery = Type.Object({
  brand: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'a brand slug as /liquor/brands lists it, e.g. royal-stag' })),
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'a category as /liquor/categories lists it, e.g. Whisky' })),
  state: State,
});
export type ListQuery = Static<typeof ListQuery>;

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 100, description: 'text of 2 to 100 characters to find in product names' }),
  state: State,
});

export const ProductParams = Type.Object({ id: Type.String({ maxLength: 40, description: 'a product id (a positive integer)' }) });
export const ImageParams = Type.Object({ file: Type.String({ maxLength: 200, description: 'an image name {brand}_{index}.webp' }) });
export const ImageAnswers = ContentTypes('The label card', { 'image/webp': BinaryBody('image/webp') });

const Source = Type.Object(
  {
    authority: Type.String(),
    title: Type.String(),
    effective: Type.String({ description: 'the date the list takes effect (YYYY-MM-DD)' }),
    printed: Type.Union([Type.String(), Type.Null()]),
    url: Type.String({ description: 'where the imported list was fetched' }),
    fetched_at: Type.String(),
  },
  { description: 'the state price list the answer comes from' },
);

const Flags = { state: Type.String(), source: Source, cached: Type.Boolean(), stale: Type.Boolean() };

const ListItem = Type.Object({
  id: Type.Integer(),
  brand: Type.String({ description: 'brand family slug' }),
  name: Type.String({ description: 'the name as printed in the list' }),
  volume: Type.String({ description: 'bottle size, e.g. "750 ml"' }),
  price: Type.String({ description: 'shop price in rupees, tax included, as a whole number' }),
  image: Type.String({ description: 'a generated label card (not a photograph)' }),
});

export const BrandsResponse = Type.Object({
  status: Ok,
  count: Type.Integer(),
  brands: Type.Array(Type.Object({ brand: Type.String(), products: Type.Integer(), categories: Type.Integer() })),
  states: Type.Array(Type.Object({ state: Type.String(), authority: Type.String(), effective: Type.String(), products: Type.Integer() }), {
    description: 'states whose price list is loaded',
  }),
  ...Flags,
});

export const CategoriesResponse = Type.Object({
  status: Ok,
  count: Type.Integer(),
  categories: Type.Array(Type.Object({ category: Type.String(), products: Type.Integer() })),
  ...Flags,
});

export const ListResponse = Type.Object({
  status: Ok,
  brand: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  count: Type.Integer(),
  products: Type.Array(ListItem),
  ...Flags,
});

export const SearchResponse = Type.Object({ status: Ok, query: Type.String(), count: Type.Integer(), products: Type.Array(ListItem), ...Flags });

const PricePoint = Type.Object({
  effective: Type.String(),
  printed: Type.Union([Type.String(), Type.Null()]),
  price: Type.String(),
  before_tax: Type.Number(),
  tax: Type.Number(),
  cess: Type.Number(),
});

export const ProductResponse = Type.Object({
  status: Ok,
  product: Type.Object({
    id: Type.Integer(),
    brand: Type.String(),
    name: Type.String(),
    volume: Type.String(),
    price: Type.String(),
    image: Type.String(),
    category: Type.String(),
    sku: Type.String({ description: "the state's product code" }),
    rating: Type.Null({ description: 'always null: no open source publishes ratings for these lists' }),
    review_count: Type.Integer(),
    availability: Type.String({ description: 'whether the product is in the newest list and since when (never stock)' }),
    description: Type.String(),
    reviews: Type.Array(Type.Object({ author: Type.String(), rating: Type.Integer(), body: Type.String() })),
    supplier: Type.String(),
    in_newest_list: Type.Boolean(),
    listed_since: Type.String(),
    price_history: Type.Array(PricePoint),
  }),
  ...Flags,
});

export type ListItem = Static<typeof ListItem>;
export type Source = Static<typeof Source>;
export type PricePointOut = Static<typeof PricePoint>;
