// Upagrahas (BPHS ch. 3). The five "solar" ones follow from the Sun's longitude alone:
//   Dhuma = Sun + 133°20', Vyatipata = 360° − Dhuma, Parivesha = Vyatipata + 180°,
//   Indrachapa = 360° − Parivesha, Upaketu = Indrachapa + 16°40' (= Sun − 30°).
// Gulika and Mandi rise with Saturn's eighth of the day (or night): the day from sunrise to sunset
// (the night from sunset to sunrise) is cut into 8 parts ruled in weekday order from the day's lord
// (at night from the 5th lord from it); Gulika is the lagna at the start of Saturn's part and Mandi
// the lagna at its middle (the reading Jagannatha Hora follows).

import { ascendant } from './ephemeris.js';
import type { DayFrame } from './day.js';
import { norm360 } from './names.js';

export function solarUpagrahas(sunLon: number): Record<'Dhuma' | 'Vyatipata' | 'Parivesha' | 'Indrachapa' | 'Upaketu', number> {
  const dhuma = norm360(sunLon + 133 + 20 / 60);
  const vyatipata = norm360(360 - dhuma);
  const parivesha = norm360(vyatipata + 180);
  const indrachapa = norm360(360 - parivesha);
  const upaketu = norm360(indrachapa + 16 + 40 / 60);
  return { Dhuma: dhuma, Vyatipata: vyatipata, Parivesha: parivesha, Indrachapa: indrachapa, Upaketu: upaketu };
}

/** Start and length (days) of Saturn's eighth of the day or night containing the moment. */
export function saturnPart(frame: DayFrame): { start: number; length: number } {
  const SATURN = 6;
  if (frame.isDay) {
    const length = (frame.sunset - frame.sunrise) / 8;
    const k = (SATURN - frame.weekday + 7) % 7;
    return { start: frame.sunrise + k * length, length };
  }
  const length = (frame.nextSunrise - frame.sunset) / 8;
  const k = (SATURN - (frame.weekday + 4) + 14) % 7;
  return { start: frame.sunset + k * length, length };
}

/** Gulika and Mandi (caller sets the ayanamsa). */
export function gulikaMandi(frame: DayFrame, lat: number, lon: number): { Gulika: number; Mandi: number } {
  const p = saturnPart(frame);
  return { Gulika: ascendant(p.start, lat, lon), Mandi: ascendant(p.start + p.length / 2, lat, lon) };
}
