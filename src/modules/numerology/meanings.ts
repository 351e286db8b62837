// Readings attached to numbers: the life path's traditional keywords, and the life paths
// that pair best with it.
//
// The keywords are the common ones of Western (Pythagorean) numerology as Decoz and
// worldnumerology.com describe the life paths, condensed to one line each.
// Compatibility uses the three "natural match" families of Decoz's life-path
// compatibility: 1-5-7 (the independent, searching numbers), 2-4-8 (the practical,
// building ones), 3-6-9 (the creative, caring ones). Masters pair as their digit
// (11 as 2, 22 as 4, 33 as 6).

import { reduceToDigit } from './reduce.js';

const LIFE_PATH_MEANINGS: Record<number, string> = {
  1: 'The Leader: independent, driven and original; learns to stand alone and to begin things.',
  2: 'The Peacemaker: cooperative, sensitive and diplomatic; learns partnership and patience.',
  3: 'The Communicator: expressive, creative and sociable; learns to use the gift of words and joy.',
  4: 'The Builder: practical, disciplined and dependable; learns order, work and steady effort.',
  5: 'The Adventurer: free, curious and adaptable; learns to use freedom and change constructively.',
  6: 'The Nurturer: responsible, caring and devoted to home and community; learns balanced service.',
  7: 'The Seeker: analytical, introspective and spiritual; learns to trust inner wisdom.',
  8: 'The Achiever: ambitious, capable and authoritative; learns to handle power and material success.',
  9: 'The Humanitarian: compassionate, generous and idealistic; learns to give and to let go.',
  11: 'Master number 11, the Intuitive: inspired, sensitive and visionary; carries the 2 at a higher pitch.',
  22: 'Master number 22, the Master Builder: turns large visions into lasting reality; carries the 4 at a higher pitch.',
  33: 'Master number 33, the Master Teacher: compassion and service on a large scale; carries the 6 at a higher pitch.',
};

export const lifePathMeaning = (lifePath: number): string => LIFE_PATH_MEANINGS[lifePath];

const FAMILIES: readonly (readonly number[])[] = [
  [1, 5, 7],
  [2, 4, 8],
  [3, 6, 9],
];

// The family of each one-digit life path (index 1-9), looked up once here rather than
// searched on every report.
const FAMILY_OF: readonly (readonly number[] | undefined)[] = Array.from({ length: 10 }, (_, d) => FAMILIES.find((f) => f.includes(d)));

/** Life paths (one digit) that match best with the given one, its own included. */
export function bestMatches(lifePath: number): number[] {
  return [...FAMILY_OF[reduceToDigit(lifePath)]!];
}
