// The /numerology use case: reads and checks the input, then assembles the report from the
// pure calculations. No upstream and no cache: the whole report is a few hundred additions.

import { invalidParam } from '../../core/errors.js';
import { readName, type WordSums } from './letters.js';
import { kolkataDate, parseDob, isoDate, type CalendarDate } from './dates.js';
import { balance, birthday, destiny, destinyChaldean, karmicDebts, lifePath, maturity, missingNumbers, personality, soulUrge } from './core-numbers.js';
import { challenges, personalCycle, pinnacles } from './cycles.js';
import { kuaDirections, kuaNumber, solarYear, type Gender } from './kua.js';
import { zodiacSign } from './zodiac.js';
import { bestMatches, lifePathMeaning } from './meanings.js';
import { isMaster, reduceKeepMasters } from './reduce.js';
import type { NumerologyQuery, NumerologyReport } from './schemas.js';

/** M or F (any case; male/female spelt out also accepted); empty means not given. */
export function parseGender(raw: string | undefined): Gender | null {
  const g = raw?.trim().toUpperCase();
  if (!g) return null;
  if (g === 'M' || g === 'MALE') return 'male';
  if (g === 'F' || g === 'FEMALE') return 'female';
  throw invalidParam('gender', 'gender must be one of M, F', { valid_values: ['M', 'F'] });
}

const displayDob = (d: CalendarDate): string => `${d.day}-${d.month}-${d.year}`;

/** The core numbers of a name and birth date, and the karmic debts hidden in them. */
function coreNumbers(name: ReturnType<typeof readName>, dob: CalendarDate) {
  const lp = lifePath(dob);
  const expression = destiny(name);
  const soul = soulUrge(name);
  const outer = personality(name);
  const day = birthday(dob);
  const core: NumerologyReport['core'] = {
    life_path: lp.value,
    life_path_meaning: lifePathMeaning(lp.value),
    destiny_number: expression.value,
    destiny_chaldean: destinyChaldean(name).value,
    soul_urge: soul.value,
    personality_number: outer.value,
    birthday_number: day.compound,
    maturity_number: maturity(lp.value, expression.value),
    balance_number: balance(name).value,
    is_master_number: isMaster(lp.value),
  };
  const debts = karmicDebts([
    ['life_path', lp],
    ['destiny_number', expression],
    ['soul_urge', soul],
    ['personality_number', outer],
    ['birthday_number', day],
  ]);
  return { core, debts, lifePath: lp.value };
}

export function numerologyReport(q: NumerologyQuery, now: Date): NumerologyReport {
  const today = kolkataDate(now);
  const name = readName(q.name);
  const dob = parseDob(q.dob, today);
  const gender = parseGender(q.gender);
  const { core, debts, lifePath: lp } = coreNumbers(name, dob);
  const pythTotal = sumOf(name.words, 'pythagorean');
  const chalTotal = sumOf(name.words, 'chaldean');
  const cycle = personalCycle(dob, today);

  return {
    status: 'ok',
    input: { name: name.display, dob: displayDob(dob), gender },
    core,
    // Field by field, not `{ ...personalCycle(dob, today), as_of }`: that spread gave the
    // object of every report a hidden class of its own (V8 %HaveSameMap was false between
    // any two calls), so the response serializer's reads went megamorphic — the largest
    // single cost of this route under load.
    current_cycle: {
      personal_year: cycle.personal_year,
      personal_month: cycle.personal_month,
      personal_day: cycle.personal_day,
      year: cycle.year,
      as_of: isoDate(today),
    },
    feng_shui: fengShui(solarYear(dob), gender),
    zodiac: { sign: zodiacSign(dob.month, dob.day) },
    pinnacles: pinnacles(dob, lp),
    challenges: challenges(dob, lp),
    compatibility: { best_matches: bestMatches(lp) },
    missing_numbers: missingNumbers(name),
    karmic_debts: debts,
    name_values: {
      pythagorean: { total: pythTotal, reduced: reduceKeepMasters(pythTotal) },
      chaldean: { total: chalTotal, reduced: reduceKeepMasters(chalTotal) },
    },
  };
}

/**
 * The Kua number and its directions, or the hint to give a gender. Two plain literals
 * rather than spreading the optional note in: two fixed object shapes, no generic copy.
 */
function fengShui(year: number, gender: Gender | null): NumerologyReport['feng_shui'] {
  if (!gender) {
    return {
      kua_number: null,
      direction: null,
      group: null,
      favourable_directions: [],
      solar_year: year,
      note: 'give gender=M or gender=F for the Kua number',
    };
  }
  const kua = kuaNumber(year, gender);
  const dirs = kuaDirections(kua);
  return { kua_number: kua, direction: dirs.direction, group: dirs.group, favourable_directions: [...dirs.favourable], solar_year: year };
}

/** The plain total of every letter of the full name (name_values). */
function sumOf(words: readonly WordSums[], key: 'pythagorean' | 'chaldean'): number {
  let t = 0;
  for (const w of words) t += w[key];
  return t;
}
