// Location names as people type them: case-insensitive, "+" for spaces, old names and
// misspellings. Exact lookup is for ?city= / ?state= (no guessing: a wrong guess would
// show the wrong city's price); fuzzy ranking is for the search endpoints only.

import { nameScore } from '../fuzzy/index.js';

/** Lower-case, "+"/"-"/"_" as spaces, "&" as "and", punctuation dropped, spaces collapsed. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[+_-]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same name with spaces and "and" removed, so "Jammu & Kashmir" meets "jammukashmir". */
export const compactName = (normalized: string) => normalized.replace(/\band\b/g, '').replace(/ /g, '');

/**
 * How well a query matches one name (both normalized), 0 = not at all, 100 = exactly: the
 * fuzzy kit's whole-name score, with place names' compact form.
 */
export const matchScore = (query: string, name: string) => nameScore(query, name, compactName);
