// Drishti (aspect) values in virupas by the angle from the aspecting graha to the aspected point
// (BPHS 26 as B. V. Raman's *Graha and Bhava Balas* ch. VIII tabulates it): the drik bala of the
// grahas and the drishti bala of the bhavas both read it.

import type { Seven } from './facts.js';
import { norm360 } from './names.js';

/**
 * Aspect value (0..60 virupas, up to 105 with a special aspect) cast by `from` on a point `angle`
 * degrees ahead of it. The ordinary aspect grows from the 3rd to the 7th and fades to the 10th;
 * Mars adds 15 in its 4th and 8th, Jupiter 30 in its 5th and 9th, Saturn 45 in its 3rd and 10th.
 */
export function drishtiValue(from: Seven, angleDeg: number): number {
  const a = norm360(angleDeg);
  let v = 0;
  if (a >= 30 && a < 60) v = (a - 30) / 2;
  else if (a >= 60 && a < 90) v = a - 60 + 15;
  else if (a >= 90 && a < 120) v = (120 - a) / 2 + 30;
  else if (a >= 120 && a < 150) v = 150 - a;
  else if (a >= 150 && a < 180) v = (a - 150) * 2;
  else if (a >= 180 && a < 300) v = (300 - a) / 2;
  if (from === 'Ma' && ((a >= 90 && a < 120) || (a >= 210 && a < 240))) v += 15;
  if (from === 'Ju' && ((a >= 120 && a < 150) || (a >= 240 && a < 270))) v += 30;
  if (from === 'Sa' && ((a >= 60 && a < 90) || (a >= 270 && a < 300))) v += 45;
  return v;
}
