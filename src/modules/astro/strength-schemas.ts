// The schema of the strengths: the `strengths` part of /astro and the body of /astro/strengths.

import { StringOf, Type } from '../../core/schema.js';
import { SEVEN } from './calc/facts.js';

const V = (d: string) => Type.Number({ description: d });
const N = Type.Number();

const GrahaStrength = Type.Object({
  graha: StringOf(SEVEN),
  name: Type.String(),
  sthana: Type.Object({ uchcha: N, saptavargaja: N, ojhayugma: N, kendradi: N, drekkana: N, total: N }),
  dig: Type.Number(),
  kala: Type.Object({
    nathonnatha: N,
    paksha: N,
    tribhaga: N,
    abda: N,
    masa: N,
    vara: N,
    hora: N,
    ayana: V("the Sun's doubled"),
    yuddha: V('won (+) or lost (-) in a graha war'),
    total: N,
  }),
  chesta: V('0 for the Sun and Moon: their ayana and paksha bala stand for it (Raman)'),
  naisargika: Type.Number(),
  drik: Type.Number(),
  virupas: V('the six together'),
  rupas: Type.Number(),
  required_rupas: V('BPHS minimum: Sun 6.5, Moon 6, Mars 5, Mercury 7, Jupiter 6.5, Venus 5.5, Saturn 5'),
  ratio: V('rupas over the minimum; 1 or more is strong'),
  strong: Type.Boolean(),
  rank: Type.Integer({ minimum: 1, maximum: 7, description: 'by ratio' }),
  ishta_phala: Type.Number(),
  kashta_phala: Type.Number(),
});

const BhavaStrength = Type.Object({
  bhava: Type.Integer({ minimum: 1, maximum: 12 }),
  madhya: V('Sripati bhava madhya, sidereal degrees'),
  rashi: Type.Integer({ minimum: 1, maximum: 12 }),
  rashi_name: Type.String(),
  lord: StringOf(SEVEN),
  adhipati: V("the lord's shadbala"),
  dig: Type.Number(),
  drishti: Type.Number(),
  virupas: Type.Number(),
  rupas: Type.Number(),
  rank: Type.Integer({ minimum: 1, maximum: 12 }),
});

export const StrengthReport = Type.Object(
  {
    unit: Type.Literal('virupas (60 to a rupa)'),
    grahas: Type.Array(GrahaStrength),
    bhavas: Type.Array(BhavaStrength),
  },
  { description: "Shadbala and bhava bala by BPHS 27 as B. V. Raman's Graha and Bhava Balas works them" },
);
