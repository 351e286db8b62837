// Yogas of the rashi chart, each by its rule as a classical text states it (the sources are in
// yoga-sources.ts), with the grahas and houses (from the lagna, whole signs) that form it and the
// conditions the texts give that cancel or weaken it. Conventions where schools differ are in
// docs/decisions/astro-yogas-strengths.md. Pure arithmetic on the chart's facts: no ephemeris.

import {
  aspectsSign,
  combust,
  DUSTHANAS,
  houseFrom,
  inEnemySign,
  isBenefic,
  isDebilitated,
  isExalted,
  isKendra,
  isOwnSign,
  isTrikona,
  joinsOrAspects,
  lordOf,
  signAt,
  SIGN_LORD,
  TARAS,
  EXALTATION,
  type ChartFacts,
  type Seven,
} from './facts.js';
import { NABHASA_KEYS, nabhasaYogas } from './nabhasa.js';
import type { Graha } from './names.js';
import { YOGA_SOURCES, type Source } from './yoga-sources.js';

export interface Condition {
  rule: string;
  applies: boolean;
}

export interface Yoga {
  key: string;
  name: string;
  group: string;
  rule: string;
  grahas: Graha[];
  houses: number[];
  /** Conditions the texts give that cancel the yoga; each reported whether or not it applies. */
  cancellations: Condition[];
  cancelled: boolean;
  /** Conditions that weaken it (it stands, with less effect), those that apply. */
  weakened_by: string[];
  sources: Source[];
}

interface Def {
  name: string;
  group: string;
  rule: string;
}

/** Every yoga evaluated: key → name, group and rule in words. */
export const YOGA_DEFS: Record<string, Def> = {};
const def = (key: string, name: string, group: string, rule: string) => {
  YOGA_DEFS[key] = { name, group, rule };
};

const PMP: readonly [string, string, Seven][] = [
  ['ruchaka', 'Ruchaka', 'Ma'],
  ['bhadra', 'Bhadra', 'Me'],
  ['hamsa', 'Hamsa', 'Ju'],
  ['malavya', 'Malavya', 'Ve'],
  ['sasa', 'Sasa', 'Sa'],
];
for (const [k, n, g] of PMP) def(k, n, 'pancha_mahapurusha', `${g} in a kendra from the lagna in its own or exaltation sign`);

const NABHASA_RULES: Record<string, [string, string]> = {
  rajju: ['Rajju', 'all seven grahas in movable signs'],
  musala: ['Musala', 'all seven grahas in fixed signs'],
  nala: ['Nala', 'all seven grahas in dual signs'],
  mala: ['Mala (Srik)', 'benefics in three kendras (no kendra mixed)'],
  sarpa: ['Sarpa (Bhujanga)', 'malefics in three kendras (no kendra mixed)'],
  gada: ['Gada', 'all seven in two successive kendras'],
  shakata_nabhasa: ['Shakata (Nabhasa)', 'all seven in the 1st and 7th'],
  vihaga: ['Vihaga', 'all seven in the 4th and 10th'],
  shringataka: ['Shringataka', 'all seven in the 1st, 5th and 9th'],
  hala: ['Hala', 'all seven in the 2nd, 6th, 10th, or 3rd, 7th, 11th, or 4th, 8th, 12th'],
  vajra: ['Vajra', 'benefics in the 1st and 7th, malefics in the 4th and 10th'],
  yava: ['Yava', 'benefics in the 4th and 10th, malefics in the 1st and 7th'],
  kamala: ['Kamala', 'all seven in the four kendras'],
  vapi: ['Vapi', 'all seven in the panapharas, or all in the apoklimas'],
  yupa: ['Yupa', 'all seven in the four houses from the 1st'],
  shara: ['Shara (Ishu)', 'all seven in the four houses from the 4th'],
  shakti: ['Shakti', 'all seven in the four houses from the 7th'],
  danda: ['Danda', 'all seven in the four houses from the 10th'],
  nauka: ['Nauka', 'all seven in the seven houses from the 1st'],
  kuta: ['Kuta', 'all seven in the seven houses from the 4th'],
  chhatra: ['Chhatra', 'all seven in the seven houses from the 7th'],
  chapa: ['Chapa (Dhanus)', 'all seven in the seven houses from the 10th'],
  ardha_chandra: ['Ardha Chandra', 'all seven in seven successive houses from a house other than a kendra'],
  chakra: ['Chakra', 'all seven in the six alternate houses from the 1st'],
  samudra: ['Samudra', 'all seven in the six alternate houses from the 2nd'],
  vallaki: ['Vallaki (Veena)', 'the seven in seven signs, no other Nabhasa yoga'],
  dama: ['Dama', 'the seven in six signs, no other Nabhasa yoga'],
  pasha: ['Pasha', 'the seven in five signs, no other Nabhasa yoga'],
  kedara: ['Kedara', 'the seven in four signs, no other Nabhasa yoga'],
  shula: ['Shula', 'the seven in three signs, no other Nabhasa yoga'],
  yuga: ['Yuga', 'the seven in two signs, no other Nabhasa yoga'],
  gola: ['Gola', 'the seven in one sign, no other Nabhasa yoga'],
};
for (const k of NABHASA_KEYS) def(k, NABHASA_RULES[k]![0], 'nabhasa', NABHASA_RULES[k]![1]);

def('sunapha', 'Sunapha', 'chandra', 'a tara (Mars to Saturn) in the 2nd from the Moon, none in the 12th');
def('anapha', 'Anapha', 'chandra', 'a tara in the 12th from the Moon, none in the 2nd');
def('durudhara', 'Durudhara', 'chandra', 'taras in both the 2nd and the 12th from the Moon');
def('kemadruma', 'Kemadruma', 'chandra', 'no tara in the 2nd or the 12th from the Moon');
def('adhi', 'Adhi', 'chandra', 'the natural benefics (Mercury, Jupiter, Venus) all in the 6th, 7th or 8th from the Moon');
def('chandra_mangala', 'Chandra-Mangala', 'chandra', 'Mars with the Moon in one sign');
def('shakata', 'Shakata', 'chandra', 'the Moon in the 6th, 8th or 12th from Jupiter');
def('gaja_kesari', 'Gaja Kesari', 'chandra', 'Jupiter in a kendra from the Moon');
def('vesi', 'Vesi', 'surya', 'a tara in the 2nd from the Sun, none in the 12th');
def('vasi', 'Vasi', 'surya', 'a tara in the 12th from the Sun, none in the 2nd');
def('ubhayachari', 'Ubhayachari', 'surya', 'taras in both the 2nd and the 12th from the Sun');
def('budha_aditya', 'Budha-Aditya (Nipuna)', 'surya', 'Mercury with the Sun in one sign');
def('subha', 'Subha', 'other', 'a benefic in the lagna, or benefics in both the 2nd and the 12th');
def('asubha', 'Asubha', 'other', 'a malefic in the lagna, or malefics in both the 2nd and the 12th');
def('amala', 'Amala', 'other', 'only benefics in the 10th from the lagna or from the Moon');
def('parvata', 'Parvata', 'other', 'benefics in kendras, and the 7th and 8th empty or holding only benefics');
def(
  'kahala',
  'Kahala',
  'other',
  'the 4th and 9th lords in mutual kendras with the lagna lord strong, or the 4th lord in own or exaltation sign joined or aspected by the 10th lord',
);
def('chamara', 'Chamara', 'other', 'the lagna lord exalted in a kendra aspected by Jupiter, or two benefics together in the 1st, 7th, 9th or 10th');
def('shankha', 'Shankha', 'other', 'the 5th and 6th lords in mutual kendras with the lagna lord strong');
def('khadga', 'Khadga', 'other', 'the 2nd and 9th lords exchange signs and the lagna lord is in a kendra or trikona');
def('lakshmi', 'Lakshmi', 'other', 'the 9th lord in its own or exaltation sign in a kendra or trikona, and the lagna lord strong');
def('kalanidhi', 'Kalanidhi', 'other', 'Jupiter in the 2nd or 5th joined or aspected by Mercury and Venus');
def('hari', 'Hari', 'other', 'benefics in the 2nd, 8th and 12th from the 2nd lord');
def('hara', 'Hara', 'other', 'benefics in the 4th, 8th and 9th from the 7th lord');
def('brahma', 'Brahma', 'other', 'benefics in the 4th, 10th and 11th from the lagna lord');
def('saraswati', 'Saraswati', 'other', 'Jupiter, Venus and Mercury in kendras, trikonas or the 2nd, Jupiter in own, exaltation or a friend’s sign');
def('vasumati', 'Vasumati', 'other', 'all the benefics in upachayas (3, 6, 10, 11) from the lagna or the Moon');
def('chatussagara', 'Chatussagara', 'other', 'all four kendras occupied');
def('shubha_kartari', 'Shubha Kartari', 'other', 'benefics in both the 2nd and the 12th, the lagna hemmed in by benefics');
def('papa_kartari', 'Papa Kartari', 'other', 'malefics in both the 2nd and the 12th, the lagna hemmed in by malefics');
def('raja_kendra_trikona', 'Raja yoga (kendra and trikona lords)', 'raja', 'a kendra lord and a trikona lord joined, in mutual aspect or exchanging signs');
def('dharma_karmadhipati', 'Dharma-Karmadhipati', 'raja', 'the 9th and 10th lords joined, in mutual aspect or exchanging signs');
def('dhana', 'Dhana yoga', 'dhana', 'lords of the 1st, 2nd, 5th, 9th or 11th joined, in mutual aspect or exchanging signs, one of them the 2nd or 11th lord');
def('viparita_harsha', 'Harsha (Viparita Raja)', 'viparita', 'the 6th lord in the 6th, 8th or 12th');
def('viparita_sarala', 'Sarala (Viparita Raja)', 'viparita', 'the 8th lord in the 6th, 8th or 12th');
def('viparita_vimala', 'Vimala (Viparita Raja)', 'viparita', 'the 12th lord in the 6th, 8th or 12th');
def('neecha_bhanga_raja', 'Neecha Bhanga Raja', 'raja', 'a debilitated graha whose fall is cancelled');
def('maha_parivartana', 'Maha Parivartana', 'parivartana', 'lords of two of the houses 1, 2, 4, 5, 7, 9, 10, 11 exchange signs');
def('dainya_parivartana', 'Dainya Parivartana', 'parivartana', 'the lord of the 6th, 8th or 12th exchanges signs with another house lord');
def('khala_parivartana', 'Khala Parivartana', 'parivartana', 'the 3rd lord exchanges signs with the lord of 1, 2, 4, 5, 7, 9, 10 or 11');

const MALIKA_NAMES = ['Lagna', 'Dhana', 'Vikrama', 'Sukha', 'Putra', 'Shatru', 'Kalatra', 'Randhra', 'Bhagya', 'Karma', 'Labha', 'Vyaya'];
MALIKA_NAMES.forEach((n, i) =>
  def(
    `malika_${i + 1}`,
    `${n} Malika`,
    'graha_malika',
    `the seven grahas in seven successive houses from the ${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}, one or more in each`,
  ),
);

export const YOGA_COUNT = Object.keys(YOGA_DEFS).length;

const sourceKey = (key: string) => (key.startsWith('malika_') ? 'graha_malika' : key);

/** Two grahas joined (one sign), in mutual full aspect, or exchanging signs. */
function related(f: ChartFacts, a: Seven, b: Seven): string | null {
  if (a === b) return null;
  if (f.sign[a] === f.sign[b]) return 'conjunction';
  if (SIGN_LORD[f.sign[a]] === b && SIGN_LORD[f.sign[b]] === a) return 'exchange';
  if (aspectsSign(f, a, f.sign[b]) && aspectsSign(f, b, f.sign[a])) return 'mutual aspect';
  return null;
}

/**
 * A graha "strong" for the yogas that ask it of the lagna lord: in a kendra or trikona, or in its
 * own, exaltation sign, and not debilitated or combust. The texts leave "strong" to shadbala; this
 * sign-level reading is the convention chosen (see the decision record).
 */
const strong = (f: ChartFacts, g: Seven) =>
  !isDebilitated(g, f.sign[g]) && !combust(f, g) && (isKendra(f.house[g]) || isTrikona(f.house[g]) || isOwnSign(g, f.sign[g]) || isExalted(g, f.sign[g]));

const grahasIn = (f: ChartFacts, sign: number, among: readonly Graha[]) => among.filter((g) => f.sign[g] === sign);
const SEVEN_G: readonly Seven[] = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'];
const ALL_G: readonly Graha[] = [...SEVEN_G, 'Ra', 'Ke'];
const isMalefic = (f: ChartFacts, g: Graha) => g === 'Ra' || g === 'Ke' || !isBenefic(f, g);

/** Every yoga present in the chart. */
export function findYogas(f: ChartFacts): Yoga[] {
  const out: Yoga[] = [];
  const add = (key: string, grahas: Graha[], houses: number[], extra: { cancellations?: Condition[]; weakened_by?: string[]; rule?: string } = {}) => {
    const d = YOGA_DEFS[key]!;
    const cancellations = extra.cancellations ?? [];
    out.push({
      key,
      name: d.name,
      group: d.group,
      rule: extra.rule ?? d.rule,
      grahas: [...new Set(grahas)],
      houses: [...new Set(houses)].sort((a, b) => a - b),
      cancellations,
      cancelled: cancellations.some((c) => c.applies),
      weakened_by: extra.weakened_by ?? [],
      sources: [...(YOGA_SOURCES[sourceKey(key)] ?? [])],
    });
  };
  const H = (g: Graha) => f.house[g];
  const moon = f.sign.Mo;
  const sun = f.sign.Su;

  // Pancha Mahapurusha. Weakened when the Sun or Moon joins the graha (Saravali's "mixed" reading,
  // BPHS 75.3-4 asks the graha be unafflicted), or it is combust.
  for (const [k, , g] of PMP) {
    if (isKendra(H(g)) && (isOwnSign(g, f.sign[g]) || isExalted(g, f.sign[g]))) {
      const w: string[] = [];
      if (f.sign[g] === sun) w.push('joined by the Sun');
      if (f.sign[g] === moon) w.push('joined by the Moon');
      if (combust(f, g)) w.push('combust');
      add(k, [g], [H(g)], { weakened_by: w });
    }
  }

  const nab = nabhasaYogas(f);
  for (const p of nab.present) {
    const ashraya = ['rajju', 'musala', 'nala'].includes(p.key);
    const otherNabhasa = nab.present.some((q) => !['rajju', 'musala', 'nala'].includes(q.key));
    add(p.key, p.grahas, p.houses, { weakened_by: ashraya && otherNabhasa ? ['another Nabhasa yoga is present, whose effects prevail (Saravali 21.7)'] : [] });
  }

  // The Moon's and the Sun's 2nd and 12th.
  const tarasIn = (sign: number) => grahasIn(f, sign, TARAS);
  const m2 = tarasIn(signAt(moon, 2));
  const m12 = tarasIn(signAt(moon, 12));
  if (m2.length && !m12.length) add('sunapha', m2, m2.map(H));
  if (m12.length && !m2.length) add('anapha', m12, m12.map(H));
  if (m2.length && m12.length) add('durudhara', [...m2, ...m12], [...m2, ...m12].map(H));
  if (!m2.length && !m12.length) {
    const withMoon = tarasIn(moon);
    const kendraLagna = TARAS.filter((g) => isKendra(H(g)));
    const kendraMoon = TARAS.filter((g) => isKendra(houseFrom(moon, f.sign[g])));
    add('kemadruma', ['Mo'], [H('Mo')], {
      cancellations: [
        { rule: 'a tara with the Moon (BPHS 37.11)', applies: withMoon.length > 0 },
        { rule: 'a tara in a kendra from the lagna (BPHS 37.11)', applies: kendraLagna.length > 0 },
        { rule: 'a tara in a kendra from the Moon (Phaladeepika 6)', applies: kendraMoon.length > 0 },
        { rule: 'the Moon in a kendra from the lagna aspected by Jupiter (Phaladeepika 6)', applies: isKendra(H('Mo')) && aspectsSign(f, 'Ju', moon) },
      ],
    });
  }
  const s2 = tarasIn(signAt(sun, 2));
  const s12 = tarasIn(signAt(sun, 12));
  if (s2.length && !s12.length) add('vesi', s2, s2.map(H));
  if (s12.length && !s2.length) add('vasi', s12, s12.map(H));
  if (s2.length && s12.length) add('ubhayachari', [...s2, ...s12], [...s2, ...s12].map(H));

  const benefics3 = (['Me', 'Ju', 'Ve'] as const).filter((g) => g !== 'Me' || isBenefic(f, 'Me'));
  if (benefics3.every((g) => [6, 7, 8].includes(houseFrom(moon, f.sign[g])))) add('adhi', [...benefics3], benefics3.map(H));

  // The texts form it by the conjunction alone (Phaladeepika 6, Saravali 13); mutual aspect across
  // the 7th is a modern extension, not counted (decision record).
  if (f.sign.Ma === moon) add('chandra_mangala', ['Mo', 'Ma'], [H('Mo')]);

  const moonFromJu = houseFrom(f.sign.Ju, moon);
  if ([6, 8, 12].includes(moonFromJu)) {
    add('shakata', ['Mo', 'Ju'], [H('Mo'), H('Ju')], {
      cancellations: [{ rule: 'the Moon in a kendra from the lagna (Phaladeepika 6)', applies: isKendra(H('Mo')) }],
    });
  }

  if (isKendra(houseFrom(moon, f.sign.Ju))) {
    const w: string[] = [];
    if (isDebilitated('Ju', f.sign.Ju)) w.push('Jupiter debilitated (BPHS 36.3)');
    if (combust(f, 'Ju')) w.push('Jupiter combust (BPHS 36.3)');
    if (inEnemySign(f, 'Ju')) w.push("Jupiter in an enemy's sign (BPHS 36.3)");
    const helpers = (['Me', 'Ve', 'Mo'] as const).filter((g) => isBenefic(f, g) && joinsOrAspects(f, g, 'Ju'));
    if (helpers.length === 0) w.push('no benefic joins or aspects Jupiter (BPHS 36.3)');
    add('gaja_kesari', ['Ju', 'Mo'], [H('Ju'), H('Mo')], { weakened_by: w });
  }

  if (f.sign.Me === sun) add('budha_aditya', ['Su', 'Me'], [H('Su')], { weakened_by: combust(f, 'Me') ? ['Mercury combust'] : [] });

  // BPHS ch. 36.
  const allG = ALL_G;
  // The grahas of each house, worked out once (many rules ask).
  const byHouse: Graha[][] = Array.from({ length: 13 }, () => []);
  for (const g of allG) byHouse[H(g)]!.push(g);
  const inHouse = (h: number) => byHouse[h]!;
  const lagnaB = inHouse(1).filter((g) => isBenefic(f, g));
  const lagnaM = inHouse(1).filter((g) => isMalefic(f, g));
  const h2 = inHouse(2);
  const h12 = inHouse(12);
  const allBen = (gs: Graha[]) => gs.length > 0 && gs.every((g) => isBenefic(f, g));
  const allMal = (gs: Graha[]) => gs.length > 0 && gs.every((g) => isMalefic(f, g));
  if (lagnaB.length || (allBen(h2) && allBen(h12))) add('subha', lagnaB.length ? lagnaB : [...h2, ...h12], lagnaB.length ? [1] : [2, 12]);
  if (lagnaM.length || (allMal(h2) && allMal(h12))) add('asubha', lagnaM.length ? lagnaM : [...h2, ...h12], lagnaM.length ? [1] : [2, 12]);
  if (allBen(h2) && allBen(h12)) add('shubha_kartari', [...h2, ...h12], [2, 12]);
  if (allMal(h2) && allMal(h12)) add('papa_kartari', [...h2, ...h12], [2, 12]);

  const tenthL = inHouse(10);
  const tenthM = allG.filter((g) => houseFrom(moon, f.sign[g]) === 10);
  if (allBen(tenthL) || allBen(tenthM)) add('amala', allBen(tenthL) ? tenthL : tenthM, (allBen(tenthL) ? tenthL : tenthM).map(H));

  const kendraG = allG.filter((g) => isKendra(H(g)));
  const seventhEighth = [...inHouse(7), ...inHouse(8)];
  if (kendraG.some((g) => isBenefic(f, g)) && kendraG.every((g) => isBenefic(f, g)) && seventhEighth.every((g) => isBenefic(f, g))) {
    add('parvata', kendraG, kendraG.map(H));
  }

  const L = (h: number) => lordOf(f, h);
  const l1 = L(1);
  const l4 = L(4);
  const l10 = L(10);
  const mutualKendra = (a: Graha, b: Graha) => isKendra(houseFrom(f.sign[a], f.sign[b]));
  // BPHS 36.9-10 names the 4th and 9th lords (sukha and bhagya), and in the second reading the 10th
  // lord joining or aspecting the 4th lord; B. V. Raman (Three Hundred Important Combinations, 15)
  // and Jataka Parijata read it the same way.
  const l9k = L(9);
  const kahalaA = l4 !== l9k && mutualKendra(l4, l9k) && strong(f, l1);
  const kahalaB = l4 !== l10 && (isOwnSign(l4, f.sign[l4]) || isExalted(l4, f.sign[l4])) && joinsOrAspects(f, l10, l4);
  if (kahalaA || kahalaB) add('kahala', kahalaA ? [l4, l9k, l1] : [l4, l10], kahalaA ? [H(l4), H(l9k)] : [H(l4), H(l10)]);
  const twoBen = [1, 7, 9, 10].find((h) => inHouse(h).filter((g) => isBenefic(f, g)).length >= 2);
  if ((isExalted(l1, f.sign[l1]) && isKendra(H(l1)) && aspectsSign(f, 'Ju', f.sign[l1])) || twoBen) {
    add('chamara', twoBen ? inHouse(twoBen).filter((g) => isBenefic(f, g)) : [l1, 'Ju'], twoBen ? [twoBen] : [H(l1)]);
  }
  if (mutualKendra(L(5), L(6)) && L(5) !== L(6) && strong(f, l1)) add('shankha', [L(5), L(6), l1], [H(L(5)), H(L(6))]);
  if (SIGN_LORD[f.sign[L(2)]] === L(9) && SIGN_LORD[f.sign[L(9)]] === L(2) && L(2) !== L(9) && (isKendra(H(l1)) || isTrikona(H(l1)))) {
    add('khadga', [L(2), L(9), l1], [H(L(2)), H(L(9))]);
  }
  const l9 = L(9);
  if ((isOwnSign(l9, f.sign[l9]) || isExalted(l9, f.sign[l9])) && (isKendra(H(l9)) || isTrikona(H(l9))) && strong(f, l1)) add('lakshmi', [l9, l1], [H(l9)]);
  if ((H('Ju') === 2 || H('Ju') === 5) && joinsOrAspects(f, 'Me', 'Ju') && joinsOrAspects(f, 'Ve', 'Ju')) add('kalanidhi', ['Ju', 'Me', 'Ve'], [H('Ju')]);

  const beneficsAt = (from: number, hs: number[]) => hs.every((h) => allG.some((g) => isBenefic(f, g) && houseFrom(from, f.sign[g]) === h));
  const who = (from: number, hs: number[]) => allG.filter((g) => isBenefic(f, g) && hs.includes(houseFrom(from, f.sign[g])));
  if (beneficsAt(f.sign[L(2)], [2, 8, 12])) add('hari', who(f.sign[L(2)], [2, 8, 12]), who(f.sign[L(2)], [2, 8, 12]).map(H));
  if (beneficsAt(f.sign[L(7)], [4, 8, 9])) add('hara', who(f.sign[L(7)], [4, 8, 9]), who(f.sign[L(7)], [4, 8, 9]).map(H));
  if (beneficsAt(f.sign[l1], [4, 10, 11])) add('brahma', who(f.sign[l1], [4, 10, 11]), who(f.sign[l1], [4, 10, 11]).map(H));

  const good = (h: number) => isKendra(h) || isTrikona(h) || h === 2;
  const juDignity =
    isOwnSign('Ju', f.sign.Ju) || isExalted('Ju', f.sign.Ju) || SIGN_LORD[f.sign.Ju] === 'Su' || SIGN_LORD[f.sign.Ju] === 'Mo' || SIGN_LORD[f.sign.Ju] === 'Ma';
  if (good(H('Ju')) && good(H('Ve')) && good(H('Me')) && juDignity) add('saraswati', ['Ju', 'Ve', 'Me'], [H('Ju'), H('Ve'), H('Me')]);

  const ben = allG.filter((g) => isBenefic(f, g));
  // Counted from the Moon, the benefics are the others: the Moon is never in an upachaya from itself,
  // so counting a waxing Moon would make that reading impossible.
  const benOther = ben.filter((g) => g !== 'Mo');
  const upachaya = (from: number, gs: Graha[]) => gs.length > 0 && gs.every((g) => [3, 6, 10, 11].includes(houseFrom(from, f.sign[g])));
  const vasu = upachaya(f.lagna, ben) ? ben : upachaya(moon, benOther) ? benOther : null;
  if (vasu) add('vasumati', vasu, vasu.map(H));
  if ([1, 4, 7, 10].every((h) => inHouse(h).length > 0)) add('chatussagara', kendraG, [1, 4, 7, 10]);

  // Raja, dharma-karmadhipati and dhana yogas from lordships.
  const pairs = (as: number[], bs: number[]) => {
    const seen = new Set<string>();
    const found: { a: Seven; b: Seven; how: string; houses: number[] }[] = [];
    for (const ha of as)
      for (const hb of bs) {
        const a = L(ha);
        const b = L(hb);
        const k = a < b ? a + b : b + a;
        if (a === b || seen.has(k)) continue;
        const how = related(f, a, b);
        if (how) {
          seen.add(k);
          found.push({ a, b, how, houses: [ha, hb] });
        }
      }
    return found;
  };
  const rk = pairs([1, 4, 7, 10], [1, 5, 9]);
  // A single graha owning a kendra and a trikona (yogakaraka) forms it alone (BPHS 34).
  const karaka = SEVEN_G.filter((g) => [4, 7, 10].some((k) => L(k) === g) && [5, 9].some((t) => L(t) === g));
  if (rk.length || karaka.length) add('raja_kendra_trikona', [...rk.flatMap((p) => [p.a, p.b]), ...karaka], [...rk.flatMap((p) => p.houses)]);
  const dk = related(f, L(9), L(10));
  if (dk || L(9) === L(10)) add('dharma_karmadhipati', [L(9), L(10)], [H(L(9)), H(L(10))]);
  const dh = pairs([2, 11], [1, 2, 5, 9, 11]);
  if (dh.length)
    add(
      'dhana',
      dh.flatMap((p) => [p.a, p.b]),
      dh.flatMap((p) => p.houses),
    );

  // Viparita Raja: the dusthana lord in a dusthana, spoilt when it joins a benefic lord of a good house (Phaladeepika 6.63-68 commentary).
  for (const [key, h] of [
    ['viparita_harsha', 6],
    ['viparita_sarala', 8],
    ['viparita_vimala', 12],
  ] as const) {
    const g = L(h);
    if ((DUSTHANAS as readonly number[]).includes(H(g))) {
      const joined = SEVEN_G.filter((o) => o !== g && f.sign[o] === f.sign[g] && ![6, 8, 12].some((d) => L(d) === o));
      add(key, [g], [H(g)], { weakened_by: joined.length ? [`joined by ${joined.join(', ')}, lord of no dusthana`] : [] });
    }
  }

  // Neecha Bhanga: a debilitated graha whose fall is cancelled (Phaladeepika 7.26-30).
  for (const g of SEVEN_G) {
    const s = f.sign[g];
    if (!isDebilitated(g, s)) continue;
    const dispositor = SIGN_LORD[s]!;
    const exaltLord = SIGN_LORD[EXALTATION[g].sign]!;
    const conditions: Condition[] = [
      {
        rule: 'the lord of its debilitation sign in a kendra from the lagna or the Moon',
        applies: isKendra(H(dispositor)) || isKendra(houseFrom(moon, f.sign[dispositor])),
      },
      {
        rule: 'the lord of its exaltation sign in a kendra from the lagna or the Moon',
        applies: isKendra(H(exaltLord)) || isKendra(houseFrom(moon, f.sign[exaltLord])),
      },
      {
        rule: 'the graha exalted in its debilitation sign joins or aspects it',
        applies: SEVEN_G.some((o) => EXALTATION[o].sign === s && joinsOrAspects(f, o, g)),
      },
      { rule: 'the lord of its debilitation sign aspects it', applies: aspectsSign(f, dispositor, s) && dispositor !== g },
      { rule: 'exalted in navamsa', applies: isExalted(g, f.navamsa[g]) },
    ];
    const met = conditions.filter((c) => c.applies);
    if (met.length) add('neecha_bhanga_raja', [g], [H(g)], { rule: `${g} debilitated, its fall cancelled by: ${met.map((c) => c.rule).join('; ')}` });
  }

  // Parivartana (Phaladeepika 6.32).
  const maha: Graha[] = [];
  const dainya: Graha[] = [];
  const khala: Graha[] = [];
  const mh: number[] = [];
  const dn: number[] = [];
  const kh: number[] = [];
  for (let a = 1; a <= 12; a++)
    for (let b = a + 1; b <= 12; b++) {
      const la = L(a);
      const lb = L(b);
      if (la === lb || H(la) !== b || H(lb) !== a) continue;
      if ([6, 8, 12].includes(a) || [6, 8, 12].includes(b)) dainya.push(la, lb), dn.push(a, b);
      else if (a === 3 || b === 3) khala.push(la, lb), kh.push(a, b);
      else maha.push(la, lb), mh.push(a, b);
    }
  if (maha.length) add('maha_parivartana', maha, mh);
  if (dainya.length) add('dainya_parivartana', dainya, dn);
  if (khala.length) add('khala_parivartana', khala, kh);

  // Graha Malika: the seven in seven successive houses (Nauka etc. are the kendra-started ones).
  const houses7 = new Set(SEVEN_G.map((g) => H(g)));
  if (houses7.size === 7) {
    for (let start = 1; start <= 12; start++) {
      const run = Array.from({ length: 7 }, (_, i) => ((start - 1 + i) % 12) + 1);
      if (run.every((h) => houses7.has(h))) add(`malika_${start}`, [...SEVEN_G], run);
    }
  }
  return out;
}
