// The schema of a yoga report: the `yogas` part of /astro and the body of /astro/yogas.

import { StringOf, Type } from '../../core/schema.js';
import { GRAHAS } from './calc/names.js';

const GrahaCode = StringOf(GRAHAS, 'graha abbreviation: Su Mo Ma Me Ju Ve Sa Ra Ke');
const House = Type.Integer({ minimum: 1, maximum: 12, description: 'house from the lagna (whole signs)' });

const SourceRef = Type.Object({
  text: StringOf(['BPHS', 'Phaladeepika', 'Saravali', 'Brihat Jataka'] as const),
  chapter: Type.Integer(),
  verses: Type.Union([Type.String(), Type.Null()], { description: 'verse or range; null where only the chapter was located' }),
  checked: Type.Boolean({ description: 'true where the rule was read against a translation of that verse' }),
});

export const YogaSchema = Type.Object({
  key: Type.String({ description: 'stable key, e.g. gaja_kesari, malika_1' }),
  name: Type.String(),
  group: Type.String({ description: 'pancha_mahapurusha, nabhasa, chandra, surya, raja, dhana, viparita, parivartana, graha_malika or other' }),
  rule: Type.String({ description: 'the rule as the text states it, in short' }),
  grahas: Type.Array(GrahaCode, { description: 'the grahas that form it' }),
  houses: Type.Array(House, { description: 'the houses (from the lagna) they occupy' }),
  cancellations: Type.Array(Type.Object({ rule: Type.String(), applies: Type.Boolean() }), {
    description: 'conditions the texts give that cancel it, each with whether it applies',
  }),
  cancelled: Type.Boolean(),
  weakened_by: Type.Array(Type.String(), { description: 'conditions that weaken it and apply' }),
  sources: Type.Array(SourceRef),
});

export const YogaReport = Type.Object(
  {
    evaluated: Type.Integer({ description: 'how many yogas were tested' }),
    count: Type.Integer({ description: 'how many are present' }),
    yogas: Type.Array(YogaSchema, { description: 'the yogas present (a cancelled one is listed with cancelled: true)' }),
  },
  { description: 'yogas of the rashi chart (docs/decisions/astro-yogas-strengths.md)' },
);
