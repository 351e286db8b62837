// The fuzzy-matching kit: one edit distance (Levenshtein, optionally with swaps, optionally
// bounded; Myers for one query against many), a trigram index to find strings within a few
// edits among tens of thousands, the two match scores and "did you mean". Crypto's close coin
// names, the price groups' place search and liquor's product search all use it.

export { distanceTo, editDistance, type DistanceOptions } from '../../core/distance.js';
export { CloseNames } from './close-names.js';
export { nameScore, typos, words, wordsScore } from './score.js';
export { closest } from './suggest.js';
