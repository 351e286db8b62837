// Combustion: a graha too near the Sun. Shared by the chart drawing (its mark) and the readings
// (yogas weakened by a combust graha).

import type { Graha } from './names.js';

/**
 * Combustion orbs, degrees from the Sun (Surya Siddhanta, as BPHS commentators and Jagannatha
 * Hora use them); Mercury and Venus have the narrower orb when retrograde. The Sun, Rahu and
 * Ketu are never combust.
 */
const COMBUST_ORBS: Partial<Record<Graha, { direct: number; retrograde: number }>> = {
  Mo: { direct: 12, retrograde: 12 },
  Ma: { direct: 17, retrograde: 17 },
  Me: { direct: 14, retrograde: 12 },
  Ju: { direct: 11, retrograde: 11 },
  Ve: { direct: 10, retrograde: 8 },
  Sa: { direct: 15, retrograde: 15 },
};

/** Angular distance of two longitudes, 0 to 180. */
const separation = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

export function isCombust(g: Graha, lon: number, sunLon: number, retrograde: boolean): boolean {
  const orb = COMBUST_ORBS[g];
  if (!orb) return false;
  return separation(lon, sunLon) <= (retrograde ? orb.retrograde : orb.direct);
}
