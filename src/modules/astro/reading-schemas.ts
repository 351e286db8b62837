// Schemas of the readings: /astro/yogas (the yogas also a `needs` part of /astro).

import { Ok, Type, type Static } from '../../core/schema.js';
import { AstroQuery } from './schemas.js';
import { YogaReport } from './yoga-schemas.js';

const { needs: _needs, format: _format, ...birthFields } = AstroQuery.properties;

export const YogasQuery = Type.Object(birthFields);
export type YogasQuery = Static<typeof YogasQuery>;

export const YogasResponse = Type.Object({
  status: Ok,
  lagna: Type.Object({ rashi: Type.Integer({ minimum: 1, maximum: 12 }), rashi_name: Type.String() }),
  ...YogaReport.properties,
  cached: Type.Boolean(),
});
export type YogasResponse = Static<typeof YogasResponse>;
