// A town by the name a person writes: "varanasi", "Benares", "new delhi", "aurangabad, bihar".
// Names and aliases are matched whole, without case, accents or punctuation, with or without
// their spaces ("newdelhi"); a name several states share is the town with the most DB-IP
// address ranges (a city that is its own territory first) unless the state is given ("name, state", or the state's name after the town's).
// Anything else is the one unknown-place error, with the closest names as suggestions: a typo is
// never answered silently with another town.

import { unknownPlace } from '../../core/errors.js';
import { CloseNames, typos } from '../fuzzy/index.js';
import { normName, STATES, TOWNS, type Town } from './gazetteer.js';

const compact = (s: string) => s.replace(/ /g, '');

/** Normalised name or alias, and the same without spaces → its towns, highest rank first. */
const BY_NAME = new Map<string, Town[]>();
for (const t of TOWNS) {
  for (const n of new Set([t.name, ...t.aliases].flatMap((a) => [normName(a), compact(normName(a))]))) {
    const list = BY_NAME.get(n) ?? [];
    list.push(t);
    BY_NAME.set(n, list);
  }
}
// A city that is its own union territory (Chandigarh, Puducherry) is that one, whatever the ranges:
// DB-IP files most of Chandigarh's addresses under Haryana.
const ownTerritory = (t: Town) => Number(normName(t.name) === normName(t.state));
for (const list of BY_NAME.values()) list.sort((a, b) => b.rank - a.rank || a.state.localeCompare(b.state));
for (const list of BY_NAME.values()) list.sort((a, b) => ownTerritory(b) - ownTerritory(a));

const NAMES = [...BY_NAME.keys()];
const CLOSE = new CloseNames(NAMES);
const STATE_BY_NAME = new Map(STATES.map((s) => [normName(s), s]));

/** How a suggestion is written: the form that resolves to exactly that town when sent back. */
export const townLabel = (t: Town) => `${t.name}, ${t.state}`;

/** The state a written state names (its whole name, or the start of it: "andaman" for Andaman and Nicobar). */
function stateNamed(written: string): string | undefined {
  const n = normName(written);
  if (!n) return undefined;
  const exact = STATE_BY_NAME.get(n);
  if (exact) return exact;
  const starts = STATES.filter((s) => normName(s).startsWith(n) || n.startsWith(normName(s)));
  return starts.length === 1 ? starts[0] : undefined;
}

/** The towns a name and an optional state pick, best first. */
function townsFor(name: string, state: string | undefined): Town[] {
  const list = BY_NAME.get(name) ?? BY_NAME.get(compact(name)) ?? [];
  return state ? list.filter((t) => t.state === state) : list;
}

/** Names within `limit` edits of a name, with their towns, closest first. */
function within(name: string, limit: number): { t: Town; d: number }[] {
  const found: { t: Town; d: number }[] = [];
  CLOSE.search(name, limit, (i, d) => {
    for (const t of BY_NAME.get(NAMES[i])!) found.push({ t, d });
  });
  return found;
}

/** The closest known names to a miss, as labels, best first. */
function suggest(name: string, state: string | undefined, n = 3): string[] {
  // The typo allowance of place names first; with nothing there, twice as wide (still measured by
  // the trigram index, ~1 ms: a scan scoring every name costs 70 ms and more for a long miss).
  const allowed = Math.min(3, typos(name.length, 1, [4, 8]));
  let found = within(name, allowed);
  if (!found.length) found = within(name, Math.min(6, allowed * 2));
  // Same town asked in another state: first its towns of that name, then the close names.
  const ranked = [
    ...townsFor(name, undefined).map((t) => ({ t, d: -1 })),
    ...found.sort((a, b) => a.d - b.d || (state ? Number(b.t.state === state) - Number(a.t.state === state) : 0) || b.t.rank - a.t.rank),
  ];
  return [...new Set(ranked.map((x) => townLabel(x.t)))].slice(0, n);
}

const HINT = `give a town of India by name (${TOWNS.length.toLocaleString('en')} known, with old names such as Bombay or Benares), as "name, state" when several states have it, or latitude and longitude`;

/** The town a written place names; throws the unknown-place 400 naming `param`. */
export function findTown(written: string, param = 'city'): Town {
  const whole = normName(written);
  const comma = written.lastIndexOf(',');
  // "name, state", or "name state" when the last words name a state and the whole does not name a town.
  const splits: [string, string | undefined][] =
    comma >= 0 ? [[normName(written.slice(0, comma)), stateNamed(written.slice(comma + 1))]] : [[whole, undefined]];
  if (comma < 0 && !BY_NAME.has(whole)) {
    const words = whole.split(' ');
    for (let i = words.length - 1; i > 0; i--) {
      const state = STATE_BY_NAME.get(words.slice(i).join(' '));
      if (state) splits.push([words.slice(0, i).join(' '), state]);
    }
  }
  for (const [name, state] of splits) {
    if (comma >= 0 && !state) break;
    const hit = townsFor(name, state)[0];
    if (hit) return hit;
  }
  const [name, state] = splits[splits.length - 1];
  throw unknownPlace(param, written, suggest(name || whole, state), HINT);
}
