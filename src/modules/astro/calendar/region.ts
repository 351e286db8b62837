// region=: one region's calendar. The rows of the table kept across India (no `region`) are always
// listed, since a Tamil or Bengali calendar also carries Diwali and the Ekadashis; the rows of other
// regions and communities are left out. No region: every row (docs/decisions/panchang-regional.md).

import { invalidParam } from '../../../core/errors.js';
import { OBSERVANCE_BY_ID } from './observances.js';
import { REGIONS, type Region } from './types.js';

export function parseRegion(raw: string | undefined): Region | undefined {
  if (raw === undefined) return undefined;
  const r = raw.trim().toLowerCase();
  if (!(REGIONS as readonly string[]).includes(r))
    throw invalidParam('region', `region has an unknown value "${raw}"; use one of ${REGIONS.join(', ')}`, { valid_values: [...REGIONS] });
  return r as Region;
}

/** Whether an observance (by id) belongs in the region's calendar. */
export function inRegion(id: string, region: Region | undefined): boolean {
  if (region === undefined) return true;
  const r = OBSERVANCE_BY_ID.get(id)?.region;
  return r === undefined || r === region;
}
