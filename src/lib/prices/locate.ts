// A price location by the name a person writes, in the one place vocabulary of the service
// (docs/decisions/places-vocabulary.md): the group's own names and aliases first; then any town
// of India by its name or old name ("bombay", "benares", "gurgaon"), taken to the group's place of
// that name. A town the vocabulary knows but the group publishes no price for is a 404 that
// names the nearest places that have one (its state first, where the group prices states); a name
// that is no town at all is the vocabulary's own 400, with the group's close names as suggestions
// when it has some (those are the ones worth sending back here).

import { ApiError, notFound, unknownPlace } from '../../core/errors.js';
import { findTown, kmBetween, type Town } from '../places/index.js';
import type { Place, Registry } from './registry.js';

export interface LocateOptions {
  /** The parameter that named the place ("city"). */
  param: string;
  /** What is priced, for the messages: "fuel", "gold". */
  what: string;
  /** The route that lists the group's places, for the messages: "GET /fuel/cities". */
  list: string;
  /** The places that qualify (cities only, places tracked for a metal). */
  filter?: (p: Place) => boolean;
}

const SUGGESTIONS = 3;

/** The group's place a written name means; throws the 400 or 404 described above. */
export function locate(registry: Registry, raw: string, o: LocateOptions): Place {
  const filter = o.filter ?? (() => true);
  const own = registry.find(raw, filter);
  if (own) return own;
  // One of the group's places, but not one that qualifies (a metal not tracked there).
  const other = registry.find(raw);
  if (other) throw notFound(`${o.what} prices are not tracked for ${other.name}; ${o.list} lists the places that have them`, { param: o.param });
  let town: Town;
  try {
    town = findTown(raw, o.param);
  } catch (err) {
    const ours = registry.search(raw, SUGGESTIONS, filter).map((h) => h.place.name);
    if (err instanceof ApiError && ours.length) throw unknownPlace(o.param, raw, ours, `${o.list} lists the places with ${o.what} prices`);
    throw err;
  }
  const names = [town.name, ...town.aliases];
  const inState = (p: Place) => filter(p) && (!p.state || sameState(p.state, town.state));
  const same = names.map((n) => registry.find(n, inState)).find(Boolean) ?? names.map((n) => registry.find(n, filter)).find(Boolean);
  if (same) return same;
  throw notFound(`no ${o.what} prices are published for ${town.name} (${town.state}); ${o.list} lists the places that have them`, {
    param: o.param,
    suggestions: nearest(registry, town, filter),
  });
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const sameState = (a: string, b: string) => norm(a) === norm(b);

/** Each registry's cities placed on the map once (by their name in their state in the vocabulary). */
const PLACED = new WeakMap<Registry, { place: Place; town: Town }[]>();

function placed(registry: Registry): { place: Place; town: Town }[] {
  let list = PLACED.get(registry);
  if (!list) {
    list = [];
    for (const place of registry.places) {
      if (place.type !== 'city') continue;
      for (const written of place.state ? [`${place.name}, ${place.state}`, place.name] : [place.name]) {
        try {
          list.push({ place, town: findTown(written) });
          break;
        } catch {
          // A price city the vocabulary does not know under that form: try the next, else leave it off the map.
        }
      }
    }
    PLACED.set(registry, list);
  }
  return list;
}

/** The town's state where the group prices it, then its nearest priced cities. */
function nearest(registry: Registry, town: Town, filter: (p: Place) => boolean): string[] {
  const state = registry.places.find((p) => p.type === 'state' && filter(p) && sameState(p.name, town.state));
  const cities = placed(registry)
    .filter((c) => filter(c.place))
    .map((c) => ({ name: c.place.name, km: kmBetween(town, c.town) }))
    .sort((a, b) => a.km - b.km)
    .map((c) => c.name);
  return [...new Set([...(state ? [state.name] : []), ...cities])].slice(0, SUGGESTIONS);
}
